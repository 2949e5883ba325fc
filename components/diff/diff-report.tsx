"use client";

import Link from "next/link";
import { DecisionBadge } from "@/components/ui/decision-badge";
import { STATUS_STYLE } from "@/components/ui/decision-style";
import { type CardDiff, type DecisionChange, type DecisionChangeDetail, describeProblem, detailOf, type FieldChange, type Finding, getInvariant, orderDecisionChanges, restsOn } from "@/lib/negotiation";
import { explainDecision, explainFinding } from "@/lib/negotiation/explain";
import { parseCardText } from "@/lib/negotiation/card";

/**
 * What changed between two versions of a card. First, and most prominent, the decisions that moved
 * for each profile (the ones that got worse first) with the findings that changed to cause it and
 * their explanations; then every changed field as a JSON pointer with its value before and after.
 */
export function DiffReport({ diff, before, after }: { diff: CardDiff; before: string; after: string }) {
  const ordered = orderDecisionChanges(diff.decisionChanges);
  const worse = ordered.filter((c) => c.worse).length;
  const profiles = diff.reviews.map((r) => r.profile);
  return (
    <div className="flex flex-col gap-4" data-testid="diff-report">
      {(diff.unparseable.before || diff.unparseable.after) && <Unparseable diff={diff} before={before} after={after} />}
      <section aria-labelledby="diff-decisions-heading" className="flex flex-col gap-3">
        <h2 id="diff-decisions-heading" className="text-base font-semibold text-slate-900">
          Decisions that change
        </h2>
        <p className="text-sm text-slate-700" data-testid="diff-summary" role="status">
          {ordered.length === 0
            ? `No decision changes for ${profiles.length === 1 ? `the profile ${profiles[0]}` : `these ${profiles.length} profiles (${profiles.join(", ")})`}.`
            : `${ordered.length} ${ordered.length === 1 ? "decision changes" : "decisions change"}${worse > 0 ? `, ${worse} for the worse` : ", none for the worse"}.`}
        </p>
        {/* With no change at all the summary says it for every profile: no per-profile "no changes" repeats it. */}
        {ordered.length > 0 && profiles.map((profile) => {
          const changes = ordered.filter((c) => c.profile === profile);
          return (
            <section key={profile} aria-label={`Decisions for ${profile}`} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-testid="diff-profile">
              <h3 className="text-sm font-semibold text-slate-800">{profile}</h3>
              {changes.length === 0 ? (
                <p className="mt-1 text-sm text-slate-600">No decision changes.</p>
              ) : (
                <ol className="mt-2 flex flex-col gap-3">
                  {changes.map((change) => (
                    <DecisionChangeView key={change.taskClass} diff={diff} change={change} />
                  ))}
                </ol>
              )}
            </section>
          );
        })}
      </section>
      <ReasonChanges diff={diff} />
      <FieldChanges diff={diff} />
    </div>
  );
}

function DecisionChangeView({ diff, change }: { diff: CardDiff; change: DecisionChange }) {
  const detail = detailOf(diff, change);
  const review = diff.reviews.find((r) => r.profile === change.profile);
  return (
    <li
      className={`rounded-md border p-3 ${change.worse ? "border-rose-300 bg-rose-50/40" : "border-emerald-300 bg-emerald-50/40"}`}
      data-testid="diff-decision-change"
      data-task-class={change.taskClass}
      data-before={change.before}
      data-after={change.after}
      data-worse={change.worse ? "true" : "false"}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
        <span className="font-mono">{change.taskClass}</span>
        <DecisionBadge decision={change.before} />
        <span aria-label="becomes">→</span>
        <DecisionBadge decision={change.after} />
        <span className={`rounded px-1.5 text-xs font-semibold ${change.worse ? "bg-rose-700 text-white" : "bg-emerald-700 text-white"}`}>
          {change.worse ? "worse" : "better"}
        </span>
      </p>
      {detail.after && review && <p className="mt-1 text-sm text-slate-800" data-testid="diff-decision-why">{explainDecision(detail.after, review.after)}</p>}
      {detail.findings.length > 0 ? (
        <ChangedFindings detail={detail} />
      ) : (
        detail.before &&
        review && (
          <p className="mt-2 text-xs text-slate-700">
            <span className="font-semibold">Before:</span> {explainDecision(detail.before, review.before)}
          </p>
        )
      )}
    </li>
  );
}

/** The findings that changed under one decision, each with its status and explanation before and after. */
function ChangedFindings({ detail }: { detail: DecisionChangeDetail }) {
  return (
    <div className="mt-2">
      <p className="text-xs font-semibold text-slate-700">Findings that changed:</p>
      <ul className="mt-1 flex flex-col gap-2">
        {detail.findings.map((f) => (
          <li key={f.invariant} className="text-sm" data-testid="diff-finding" data-invariant={f.invariant}>
            <p className="flex flex-wrap items-center gap-1.5">
              <Link href={`/rules/${f.invariant}`} prefetch={false} className="font-mono text-sky-800 underline-offset-2 hover:underline">
                {f.invariant}
              </Link>
              <span className="text-slate-600">({getInvariant(f.invariant)?.meta.title ?? "an invariant this engine does not know"}):</span>
              <Status finding={f.before} /> <span aria-label="becomes">→</span> <Status finding={f.after} />
            </p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5 text-xs text-slate-700">
              <dt className="font-semibold">Before</dt>
              <dd>{f.before ? explainFinding(f.before) : "Not checked."}</dd>
              <dt className="font-semibold">After</dt>
              <dd>{f.after ? explainFinding(f.after) : "Not checked."}</dd>
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Decisions that stay the same for other reasons: a card fixed for one client can still be refused
 * for another cause, and "no decision changes" alone would hide that the fix landed.
 */
function ReasonChanges({ diff }: { diff: CardDiff }) {
  const changes = orderDecisionChanges(diff.reasonChanges);
  if (changes.length === 0) return null;
  return (
    <section aria-labelledby="diff-reasons-heading" className="flex flex-col gap-3">
      <h2 id="diff-reasons-heading" className="text-base font-semibold text-slate-900">
        Same decisions, other reasons
      </h2>
      <p className="text-sm text-slate-700">
        {changes.length} {changes.length === 1 ? "decision stays as it was but rests" : "decisions stay as they were but rest"} on other findings.
      </p>
      <ol className="flex flex-col gap-3">
        {changes.map((change) => {
          const detail = detailOf(diff, change);
          const now = restsOn(diff, change);
          const was = restsOn(diff, change, "before");
          return (
            <li
              key={`${change.profile}/${change.taskClass}`}
              className="rounded-md border border-slate-300 bg-white p-3"
              data-testid="diff-reason-change"
              data-profile={change.profile}
              data-task-class={change.taskClass}
              data-decision={change.after}
            >
              <p className="flex flex-wrap items-center gap-2 text-sm font-semibold">
                <span>{change.profile}</span>
                <span className="font-mono">{change.taskClass}</span>
                <span className="font-normal text-slate-700">still</span>
                <DecisionBadge decision={change.after} />
              </p>
              <p className="mt-1 text-sm text-slate-800" data-testid="diff-rests-on">
                Now rests on <Grounds ids={now} />; before, on <Grounds ids={was} />.
              </p>
              {detail.findings.length > 0 && <ChangedFindings detail={detail} />}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

function Grounds({ ids }: { ids: readonly string[] }) {
  return (
    <>
      {ids.map((id, i) => (
        <span key={id}>
          {i > 0 && (i === ids.length - 1 ? " and " : ", ")}
          <span className="font-mono">{id}</span>
        </span>
      ))}
    </>
  );
}

function Status({ finding }: { finding: Finding | undefined }) {
  if (!finding) return <span className="text-slate-500">not checked</span>;
  const style = STATUS_STYLE[finding.status];
  return (
    <span className={`rounded px-1 text-xs ${style.className}`}>
      <span aria-hidden="true">{style.symbol} </span>
      {style.label}
    </span>
  );
}

function Unparseable({ diff, before, after }: { diff: CardDiff; before: string; after: string }) {
  const problem = (text: string) => {
    const parsed = parseCardText(text);
    return parsed.ok ? undefined : describeProblem(parsed.problem);
  };
  return (
    <div role="alert" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950" data-testid="diff-unparseable">
      <p className="font-semibold">No field comparison: a version is not JSON.</p>
      {diff.unparseable.before && <p>Before: {problem(before)}</p>}
      {diff.unparseable.after && <p>After: {problem(after)}</p>}
      <p>Its decisions are still compared: a card that is not JSON is rejected for every task class.</p>
    </div>
  );
}

function FieldChanges({ diff }: { diff: CardDiff }) {
  if (diff.unparseable.before || diff.unparseable.after) return null;
  return (
    <section aria-labelledby="diff-fields-heading" className="flex flex-col gap-2">
      <h2 id="diff-fields-heading" className="text-base font-semibold text-slate-900">
        Fields that change
      </h2>
      {diff.fieldChanges.length === 0 ? (
        <p className="text-sm text-slate-700">No field changes: the two versions hold the same JSON (they may differ in layout only).</p>
      ) : (
        <>
          <p className="text-sm text-slate-700">
            {diff.fieldChanges.length}
            {diff.truncated ? "+" : ""} {diff.fieldChanges.length === 1 ? "change" : "changes"}
            {diff.truncated ? ` (only the first ${diff.fieldChanges.length} are listed)` : ""}.
          </p>
          <div className="overflow-x-auto rounded-md border border-slate-200 bg-white">
            <table className="w-full text-left text-xs" data-testid="diff-fields">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-2 py-1">
                    Field (JSON pointer)
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Change
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Before
                  </th>
                  <th scope="col" className="px-2 py-1">
                    After
                  </th>
                </tr>
              </thead>
              <tbody>
                {diff.fieldChanges.map((change, i) => (
                  <FieldRow key={i} change={change} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

function FieldRow({ change }: { change: FieldChange }) {
  return (
    <tr className="border-t border-slate-100 align-top" data-testid="diff-field" data-pointer={change.pointer}>
      <th scope="row" className="px-2 py-1 font-mono font-normal break-all">
        {change.pointer || "(the whole card)"}
      </th>
      <td className="px-2 py-1">{change.kind}</td>
      <td className="px-2 py-1">
        <JsonValue value={change.before} present={change.kind !== "added"} />
      </td>
      <td className="px-2 py-1">
        <JsonValue value={change.after} present={change.kind !== "removed"} />
      </td>
    </tr>
  );
}

const SHORT = 160;

function JsonValue({ value, present }: { value: unknown; present: boolean }) {
  if (!present) return <span className="text-slate-500">—</span>;
  const text = JSON.stringify(value, null, 2) ?? "undefined";
  if (text.length <= SHORT) return <code className="font-mono break-all whitespace-pre-wrap">{text}</code>;
  return (
    <details>
      <summary className="cursor-pointer font-mono break-all">{text.slice(0, SHORT)}…</summary>
      <pre className="mt-1 max-h-64 overflow-auto font-mono break-all whitespace-pre-wrap">{text}</pre>
    </details>
  );
}
