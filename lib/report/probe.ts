import { groupWire } from "../probe/group-wire";
import type { ProbeReport } from "../probe/types";
import { clientEffectSentence, wireClientsSummary, wireFindingSentence } from "../probe/wire-explain";
import { SDK_CLIENTS } from "../probe/wire-rules";
import { oneLine } from "./escape";
import { junitDocument, xml } from "./junit";

/**
 * The probe's report as text (tables) and JUnit. What a server said is its text, not ours: control
 * characters and line breaks in it are shown escaped, so it cannot start a line of its own in a CI log.
 */
export function probeExitCode(report: ProbeReport): 0 | 1 {
  return report.contradictions.length > 0 || (report.wire?.length ?? 0) > 0 || Object.values(report.classes).some((c) => c.disagrees) ? 1 : 0;
}

export function formatProbeText(report: ProbeReport): string {
  const lines: string[] = [];
  lines.push(`Card: ${oneLine(report.card.name ?? "(no name)")}${report.card.url ? ` at ${oneLine(report.card.url)}` : ""}`);
  if (report.card.servedToSdkDiffers) lines.push("The card served to the SDK (with A2A-Version) differs from the one served plainly; the SDK's is the one probed.");
  lines.push("", "Interfaces (one call each that creates nothing: GetTask of an id no task has):");
  lines.push(
    ...table(
      ["#", "binding", "version", "picked", "alive", "url", "what the server said"],
      report.interfaces.map((i) => [
        String(i.index),
        i.binding,
        i.version,
        i.picked ? "yes (the SDK's pick)" : "",
        i.reachable === null ? "not probed" : i.reachable ? "yes" : "no",
        i.url,
        i.error ? `${i.error.kind}: ${i.error.detail}` : i.reachable ? "task not found, as it should" : "",
      ]),
    ),
  );
  lines.push("", report.sent ? "Task classes (real tasks were created):" : "Task classes (predicted; --send runs them, creating real tasks):");
  lines.push(
    ...table(
      ["class", "predicted", "observed", "what the server said"],
      Object.entries(report.classes).map(([id, c]) => [id, c.predicted, c.disagrees ? `${c.observed} (disagrees)` : c.observed, c.error ?? ""]),
    ),
  );
  if (report.contradictions.length > 0) {
    lines.push("", "Contradictions (the card says one thing, the agent does another):");
    for (const c of report.contradictions) lines.push(`  ${oneLine(c.pointer)}: ${oneLine(c.claim)}; ${oneLine(c.observed)}`);
  }
  const wire = groupWire(report.wire ?? []);
  if (wire.length > 0) {
    lines.push("", "On the wire (answers that break the protocol, and what each SDK client does with them):");
    for (const { first, seqs } of wire) {
      lines.push(`  ${first.id} at ${oneLine(first.url)} (exchange${seqs.length === 1 ? "" : "s"} ${seqs.join(", ")}): ${oneLine(wireFindingSentence(first))}`);
      lines.push(`    ${oneLine(wireClientsSummary(first))}`);
      for (const client of SDK_CLIENTS) lines.push(`    - ${oneLine(clientEffectSentence(first, client))}`);
      lines.push(`    received: ${oneLine(first.received)}`);
    }
  }
  if (report.notes.length > 0) lines.push("", "Notes:", ...report.notes.map((n) => `  ${oneLine(n)}`));
  const code = probeExitCode(report);
  lines.push("", code === 0 ? "No contradiction, no wire finding, no disagreement (exit 0)" : "Contradicted, breaking the protocol or disagreeing (exit 1)");
  return lines.join("\n") + "\n";
}

export function formatProbeJunit(report: ProbeReport): string {
  const cases: string[] = [];
  const suite = `parley probe: ${report.card.name ?? report.card.url ?? "card"}`;
  for (const i of report.interfaces) {
    const name = `interface ${i.index} ${i.binding} ${i.url}`;
    const failure = i.reachable === false ? `<failure type="${xml(i.error?.kind ?? "unreachable")}" message="${xml(i.error?.detail ?? "")}"/>` : i.reachable === null ? "<skipped/>" : "";
    cases.push(`    <testcase classname="${xml(suite)}" name="${xml(name)}">${failure}</testcase>`);
  }
  for (const [id, c] of Object.entries(report.classes)) {
    const body = c.disagrees
      ? `<failure type="disagrees" message="${xml(`predicted ${c.predicted}, observed ${c.observed}: ${c.error ?? ""}`)}"/>`
      : c.observed === "skipped"
        ? `<skipped message="${xml(c.error ?? "")}"/>`
        : `<system-out>${xml(`predicted ${c.predicted}, observed ${c.observed}`)}</system-out>`;
    cases.push(`    <testcase classname="${xml(suite)}" name="${xml(id)}">${body}</testcase>`);
  }
  for (const c of report.contradictions) {
    cases.push(`    <testcase classname="${xml(suite)}" name="${xml(`claim ${c.pointer}`)}"><failure type="contradicted" message="${xml(`${c.claim}; ${c.observed}`)}"/></testcase>`);
  }
  const wire = groupWire(report.wire ?? []);
  for (const { first, seqs } of wire) {
    const message = `${wireFindingSentence(first)}; ${wireClientsSummary(first)} (exchanges ${seqs.join(", ")})`;
    cases.push(`    <testcase classname="${xml(suite)}" name="${xml(`wire ${first.id} ${first.url}`)}"><failure type="${xml(first.id)}" message="${xml(message)}"/></testcase>`);
  }
  const failures = report.interfaces.filter((i) => i.reachable === false).length + Object.values(report.classes).filter((c) => c.disagrees).length + report.contradictions.length + wire.length;
  return junitDocument("parley probe", suite, cases, failures);
}

function table(head: string[], rows: string[][]): string[] {
  const cells = [head, ...rows].map((r) => r.map(oneLine));
  const widths = head.map((_, col) => Math.min(60, Math.max(...cells.map((r) => r[col]!.length))));
  return cells.map((r) => "  " + r.map((cell, col) => (col === r.length - 1 ? cell : cell.padEnd(widths[col]!))).join("  ").trimEnd());
}
