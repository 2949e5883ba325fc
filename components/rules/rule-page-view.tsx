import Link from "next/link";
import type { ReactNode } from "react";
import type { RulePage } from "@/lib/negotiation/rule-docs";
import { BUILT_IN_TASK_CLASSES, specHref } from "@/lib/negotiation";
import { ConditionsList } from "./conditions-list";
import { ExamplePanel } from "./example-panel";
import { OriginBadge } from "./origin-badge";

function RuleSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  // min-w-0: a grid item may be narrower than its longest line, so a long pointer wraps inside it
  // instead of widening the page.
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-slate-700 uppercase">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A rule page, from the invariant's metadata, its docs and the reviews computed from them. */
export function RulePageView({ page }: { page: RulePage }) {
  const { meta, doc } = page;
  const concerned = new Set(page.concerns.map((t) => t.id));
  return (
    <article className="flex flex-col gap-5" data-testid="rule-page" data-rule={page.id}>
      <header>
        <p className="text-xs text-slate-500">
          <Link href="/rules" className="underline">
            Rules
          </Link>{" "}
          / <code>{page.id}</code>
        </p>
        <div className="mt-1 flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <h1 className="text-xl font-semibold">{meta.title}</h1>
          <OriginBadge source={doc.why.source} />
        </div>
        <p className="mt-1 text-base">{meta.description}.</p>
        <p className="mt-1 text-xs text-slate-600">
          Source:{" "}
          <Link href={specHref(meta.specRef)} className="underline" data-testid="spec-ref">
            {meta.specRef}
          </Link>
        </p>
      </header>

      <RuleSection id="why" title="Why">
        <p className="mt-1 text-xs text-slate-600">{doc.why.heading}</p>
        {doc.why.paragraphs.map((p) => (
          <p key={p} className="mt-1 text-sm">
            {p}
          </p>
        ))}
        <p className="mt-1 text-sm">
          <Link href={specHref(meta.specRef)} className="text-sky-800 underline">
            Read this section of the rule
          </Link>
        </p>
      </RuleSection>

      <div className="grid gap-5 md:grid-cols-2">
        <RuleSection id="fields" title="Spec fields it reads">
          <h3 className="mt-1 text-xs text-slate-600">Card</h3>
          <ul className="text-sm" data-testid="card-fields">
            {meta.cardFields.map((f) => (
              <li key={f}>
                <code className="wrap-anywhere">{f}</code>
              </li>
            ))}
          </ul>
          <h3 className="mt-2 text-xs text-slate-600">Client profile</h3>
          <ul className="text-sm" data-testid="profile-fields">
            {meta.profileFields.map((f) => (
              <li key={f}>
                <code className="wrap-anywhere">{f}</code>
              </li>
            ))}
          </ul>
        </RuleSection>
        <RuleSection id="task-classes" title="Task classes it concerns">
          <ul className="mt-1 text-sm" data-testid="concerned-task-classes">
            {BUILT_IN_TASK_CLASSES.map((tc) => (
              <li key={tc.id} data-concerned={concerned.has(tc.id)} className={concerned.has(tc.id) ? "" : "text-slate-500"}>
                <span aria-hidden="true">{concerned.has(tc.id) ? "● " : "○ "}</span>
                <code>{tc.id}</code>
                <span className="sr-only">{concerned.has(tc.id) ? " (concerned)" : " (not concerned)"}</span>
                <span className="text-xs"> — {tc.description}</span>
              </li>
            ))}
          </ul>
        </RuleSection>
      </div>

      <RuleSection id="examples" title="Examples">
        <p className="mb-2 text-xs text-slate-600">Decisions computed by this engine&rsquo;s review of each card, for every task class.</p>
        <div className="grid gap-3 lg:grid-cols-2">
          <ExamplePanel which="failing" result={page.failing} ruleId={page.id} focusTaskClass={doc.focusTaskClass} />
          <ExamplePanel which="passing" result={page.passing} ruleId={page.id} focusTaskClass={doc.focusTaskClass} />
        </div>
      </RuleSection>

      <RuleSection id="conditions" title="Under each condition of validity">
        <p className="mb-2 text-xs text-slate-600">
          The failing example&rsquo;s decision for <code>{doc.focusTaskClass}</code>
          {page.conditions.some((c) => c.inputs.taskClass !== doc.focusTaskClass) ? " (or the task class named)" : ""}, reviewed
          again with one thing changed.
        </p>
        <ConditionsList page={page} />
      </RuleSection>
    </article>
  );
}
