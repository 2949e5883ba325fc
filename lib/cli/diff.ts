import { parseCardText } from "../negotiation/card";
import { type CardDiff, type DecisionChange, diffCards, type FieldChange, restsOn } from "../negotiation";
import { describeProblem, explainFinding } from "../negotiation/explain";
import { type FlagOptions, parseCommandFlags } from "./flag-errors";
import { chooseTaskClasses, loadCard, loadProfile } from "./inputs";
import { type CliIo, EXIT, type ExitCode, UsageError, writeOut } from "./io";
import { safeLines } from "../report/escape";

export const DIFF_USAGE = `Usage: parley diff OLD NEW --profile PRESET|FILE [options]

Compares two versions of a card (files, URLs, - for one on stdin): the fields that changed, and
which decisions change for each profile because of which findings. Exit 1 when a decision got
worse (reject > escalate > defer > accept-degraded > accept).

Options:
  --profile PRESET|FILE a client profile (repeatable)
  --task-class ID       a task class to decide (repeatable; default: all)
  --task-class-file FILE  user-defined task classes (a JSON object or array, as for check);
                        decided after the --task-class ones, or alone without --task-class
  --format json|text    output format (default text)
  -h, --help            this help
`;

/** Values deeper than this are left out of `--format json` (JSON.stringify would run out of stack well past it). */
export const MAX_VALUE_DEPTH = 256;

/**
 * A value as a JSON preview of at most `max` characters, however deep it is nested: writing stops
 * once the preview is long enough, so it never descends more levels than it has characters.
 */
export function preview(value: unknown, max = 120): string {
  let out = "";
  const write = (v: unknown): void => {
    if (out.length > max) return;
    if (Array.isArray(v)) {
      out += "[";
      for (let i = 0; i < v.length && out.length <= max; i++) {
        if (i > 0) out += ",";
        write(v[i]);
      }
      out += "]";
    } else if (typeof v === "object" && v !== null) {
      out += "{";
      let first = true;
      for (const key in v) {
        if (out.length > max) break;
        if (!Object.prototype.hasOwnProperty.call(v, key)) continue;
        out += `${first ? "" : ","}${JSON.stringify(key.length > max ? key.slice(0, max) : key)}:`;
        first = false;
        write((v as Record<string, unknown>)[key]);
      }
      out += "}";
    } else {
      const text = typeof v === "string" && v.length > max ? JSON.stringify(v.slice(0, max)) : JSON.stringify(v);
      out += text ?? "null";
    }
  };
  if (value === undefined) return "(none)";
  write(value);
  return out.length > max ? `${out.slice(0, max - 3)}...` : out;
}

/** Is the value nested more than `limit` levels deep? Walked without recursion, stopping at the first such path. */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (depth >= limit) return true;
    for (const item of Array.isArray(v) ? v : Object.values(v)) stack.push([item, depth + 1]);
  }
  return false;
}

/** A field change for `--format json`: a side nested past MAX_VALUE_DEPTH is left out and named in `tooDeep`. */
function changeForJson(change: FieldChange): FieldChange & { tooDeep?: Array<"before" | "after"> } {
  const tooDeep = (["before", "after"] as const).filter((side) => nestedDeeperThan(change[side], MAX_VALUE_DEPTH));
  if (tooDeep.length === 0) return change;
  const out: FieldChange & { tooDeep?: Array<"before" | "after"> } = { ...change, tooDeep };
  for (const side of tooDeep) delete out[side];
  return out;
}

/** Why a version has no field comparison: where it stops being JSON. */
function notJsonReason(text: string): string {
  const parsed = parseCardText(text);
  return parsed.ok ? "" : ` ${describeProblem(parsed.problem)}`;
}

const DIFF_OPTIONS = {
  profile: { type: "string", multiple: true },
  "task-class": { type: "string", multiple: true },
  "task-class-file": { type: "string" },
  format: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies FlagOptions;

/** A change's findings, one line each: the status before and after, and what the new finding says. */
function findingLines(diff: CardDiff, change: DecisionChange): string[] {
  const pair = diff.reviews.find((r) => r.profile === change.profile);
  return change.findings.map((f) => {
    const now = pair?.after.decisions.find((d) => d.taskClass === change.taskClass)?.findings.find((x) => x.invariant === f.invariant);
    return `    ${f.invariant}: ${f.before.status} → ${f.after.status}${now ? `. ${explainFinding(now)}` : ""}`;
  });
}

export async function runDiff(argv: string[], io: CliIo): Promise<ExitCode> {
  const { values, positionals } = parseCommandFlags("diff", argv, DIFF_OPTIONS, { allowPositionals: true });
  if (values.help) {
    await writeOut(io.stdout, DIFF_USAGE);
    return EXIT.ok;
  }
  if (positionals.length !== 2) throw new UsageError(`diff: give the old and the new card (got ${positionals.length}).`, true);
  if (!values.profile?.length) throw new UsageError("diff: --profile is required (a preset or a profile file).", true);
  const format = values.format ?? "text";
  if (format !== "json" && format !== "text") throw new UsageError(`diff: --format must be json or text, not "${format}".`, true);
  if (positionals[0] === "-" && positionals[1] === "-") throw new UsageError("diff: only one of the two cards can come from stdin.", true);
  const taskClasses = await chooseTaskClasses(values["task-class"], values["task-class-file"], io);
  const profiles = [];
  for (const spec of values.profile) profiles.push(await loadProfile(spec, io));
  const before = await loadCard(positionals[0]!, io, "diff: OLD");
  const after = await loadCard(positionals[1]!, io, "diff: NEW");

  const diff = diffCards(before.text, after.text, profiles, { taskClasses });
  const worse = diff.decisionChanges.some((c) => c.worse);
  io.decided?.(worse ? EXIT.rejected : EXIT.ok);
  if (format === "json") {
    const doc = {
      fieldChanges: diff.fieldChanges.map(changeForJson),
      ...(diff.truncated ? { fieldChangesTruncated: true } : {}),
      decisionChanges: diff.decisionChanges,
      reasonChanges: diff.reasonChanges,
      unparseable: diff.unparseable,
    };
    await writeOut(io.stdout, JSON.stringify(doc, null, 2) + "\n");
  } else {
    const out: string[] = [`${before.source} → ${after.source}`, ""];
    if (diff.unparseable.before || diff.unparseable.after) {
      for (const [side, card] of [["before", before], ["after", after]] as const) {
        if (diff.unparseable[side]) out.push(`Not JSON: ${card.source}:${notJsonReason(card.text)} It is rejected as invalid.`);
      }
      out.push("Fields: not compared (a version is not JSON).");
    } else out.push(diff.fieldChanges.length === 0 ? "Fields: no change." : `Fields (${diff.fieldChanges.length}${diff.truncated ? "+" : ""} ${diff.fieldChanges.length === 1 && !diff.truncated ? "change" : "changes"}):`);
    for (const c of diff.fieldChanges) out.push(`  ${c.kind.padEnd(7)} ${c.pointer || "/"}  ${c.kind === "added" ? preview(c.after) : c.kind === "removed" ? preview(c.before) : `${preview(c.before)} → ${preview(c.after)}`}`);
    out.push("", diff.decisionChanges.length === 0 ? "Decisions: none changed." : "Decisions:");
    for (const c of diff.decisionChanges) {
      out.push(`  ${c.profile} / ${c.taskClass}: ${c.before} → ${c.after}${c.worse ? "  (worse)" : ""}`);
      out.push(...findingLines(diff, c));
    }
    if (diff.reasonChanges.length > 0) {
      out.push("", "Same decisions, other reasons:");
      for (const c of diff.reasonChanges) {
        const [was, now] = [restsOn(diff, c, "before"), restsOn(diff, c)];
        out.push(`  ${c.profile} / ${c.taskClass}: still ${c.after}, on ${now.join(", ")} (was on ${was.join(", ")})`);
        out.push(...findingLines(diff, c));
      }
    }
    out.push("", worse ? "A decision got worse (exit 1)." : "No decision got worse (exit 0).");
    // Keys and values come from the cards: each entry stays one line, its control characters shown.
    await writeOut(io.stdout, safeLines(out) + "\n");
  }
  return worse ? EXIT.rejected : EXIT.ok;
}
