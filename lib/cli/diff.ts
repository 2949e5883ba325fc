import { parseArgs } from "node:util";
import { diffCards } from "../negotiation/diff";
import { explainFinding } from "../negotiation/explain/findings";
import { loadCard, loadProfile, resolveTaskClasses } from "./inputs";
import { type CliIo, EXIT, type ExitCode, UsageError, writeOut } from "./io";

export const DIFF_USAGE = `Usage: parley diff OLD NEW --profile PRESET|FILE [options]

Compares two versions of a card (files, URLs, - for one on stdin): the fields that changed, and
which decisions change for each profile because of which findings. Exit 1 when a decision got
worse (reject > escalate > defer > accept-degraded > accept).

Options:
  --profile PRESET|FILE a client profile (repeatable)
  --task-class ID       a task class to decide (repeatable; default: all)
  --format json|text    output format (default text)
  -h, --help            this help
`;

function show(value: unknown): string {
  const text = JSON.stringify(value);
  return text === undefined ? "(none)" : text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

export async function runDiff(argv: string[], io: CliIo): Promise<ExitCode> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: true,
      options: {
        profile: { type: "string", multiple: true },
        "task-class": { type: "string", multiple: true },
        format: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (e) {
    throw new UsageError(`diff: ${(e as Error).message}`, true);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    await writeOut(io.stdout, DIFF_USAGE);
    return EXIT.ok;
  }
  if (positionals.length !== 2) throw new UsageError(`diff: give the old and the new card (got ${positionals.length}).`, true);
  if (!values.profile?.length) throw new UsageError("diff: --profile is required (a preset or a profile file).", true);
  const format = values.format ?? "text";
  if (format !== "json" && format !== "text") throw new UsageError(`diff: --format must be json or text, not "${format}".`, true);
  if (positionals[0] === "-" && positionals[1] === "-") throw new UsageError("diff: only one of the two cards can come from stdin.", true);
  const taskClasses = resolveTaskClasses(values["task-class"]);
  const profiles = [];
  for (const spec of values.profile) profiles.push(await loadProfile(spec, io));
  const before = await loadCard(positionals[0]!, io);
  const after = await loadCard(positionals[1]!, io);

  const diff = diffCards(before.text, after.text, profiles, { taskClasses });
  const worse = diff.decisionChanges.some((c) => c.worse);
  io.decided?.(worse ? EXIT.rejected : EXIT.ok);
  if (format === "json") {
    const doc = {
      fieldChanges: diff.fieldChanges,
      ...(diff.truncated ? { fieldChangesTruncated: true } : {}),
      decisionChanges: diff.decisionChanges,
      unparseable: diff.unparseable,
    };
    await writeOut(io.stdout, JSON.stringify(doc, null, 2) + "\n");
  } else {
    const out: string[] = [`${before.source} → ${after.source}`, ""];
    if (diff.unparseable.before || diff.unparseable.after) out.push(`Not JSON: ${diff.unparseable.before ? before.source : after.source} (no field diff; it is rejected as invalid).`, "");
    out.push(diff.fieldChanges.length === 0 ? "Fields: no change." : `Fields (${diff.fieldChanges.length}${diff.truncated ? "+" : ""} changes):`);
    for (const c of diff.fieldChanges) out.push(`  ${c.kind.padEnd(7)} ${c.pointer || "/"}  ${c.kind === "added" ? show(c.after) : c.kind === "removed" ? show(c.before) : `${show(c.before)} → ${show(c.after)}`}`);
    out.push("", diff.decisionChanges.length === 0 ? "Decisions: none changed." : "Decisions:");
    for (const c of diff.decisionChanges) {
      out.push(`  ${c.profile} / ${c.taskClass}: ${c.before} → ${c.after}${c.worse ? "  (worse)" : ""}`);
      const pair = diff.reviews.find((r) => r.profile === c.profile);
      for (const f of c.findings) {
        const now = pair?.after.decisions.find((d) => d.taskClass === c.taskClass)?.findings.find((x) => x.invariant === f.invariant);
        out.push(`    ${f.invariant}: ${f.before.status} → ${f.after.status}${now ? `. ${explainFinding(now)}` : ""}`);
      }
    }
    out.push("", worse ? "A decision got worse (exit 1)." : "No decision got worse (exit 0).");
    await writeOut(io.stdout, out.join("\n") + "\n");
  }
  return worse ? EXIT.rejected : EXIT.ok;
}
