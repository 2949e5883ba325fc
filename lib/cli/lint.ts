import { type CardLint, type ClientProfile, describeLintExit, digestCardText, describeLintStatus, describeLiveProblem, lintCard, lintFails, type LiveObservation, outcomeLabel, PRESETS } from "../negotiation";
import { describeProblem, describeProblemCounts, describeSignatureEntry, describeSignatureReport } from "../negotiation/explain";
import { LOOPBACK_ENV } from "../fetch/safe-fetch";
import { liveObservationOf } from "../probe/live-observation";
import { lintAcknowledgementNote, lintItemFails, lintItems, lintToGithubAnnotations, lintToJunit, lintToMarkdown, lintToSarif, type LintReportInput } from "../report/lint";
import { lintAcknowledger } from "../config/lint-acknowledgements";
import { safeLines } from "../report/escape";
import { lintToGitlabCodeQuality } from "../report/gitlab";
import { baseUrlFromEnv, docsBaseOf, readFormat, readHeaderFlags, REPORT_FORMATS } from "./command-flags";
import { type FlagOptions, parseCommandFlags } from "./flag-errors";
import { allowLoopbackIo, OUTPUT_FLAGS, openReportOutput } from "./output";
import { type LoadedCard, loadCard } from "./inputs";
import { type CliIo, EXIT, type ExitCode, UsageError, writeOut } from "./io";
import { SIGNATURE_FLAGS, signatureSetupFromFlags, verifyIfSigned } from "./signatures";
import { lintUsage } from "./usage";
import { CONFIG_FLAGS, loadConfig, type LoadedConfig } from "../config/load";
import { configProfile, profileLabels } from "./check";
import type { ParleyConfig } from "../config/schema";
import { expandCardSpecs, judgeCards } from "./many-cards";
import { parseWholeNumberFlag } from "./numbers";

const LINT_OPTIONS = {
  card: { type: "string", multiple: true },
  format: { type: "string" },
  live: { type: "boolean" },
  "no-live": { type: "boolean" },
  header: { type: "string", multiple: true },
  "time-limit": { type: "string" },
  "fail-on": { type: "string" },
  "docs-base": { type: "string" },
  ...SIGNATURE_FLAGS,
  "allow-loopback": { type: "boolean" },
  ...CONFIG_FLAGS,
  ...OUTPUT_FLAGS,
  help: { type: "boolean", short: "h" },
} as const satisfies FlagOptions;

type LintValues = ReturnType<typeof parseCommandFlags<typeof LINT_OPTIONS>>["values"];

const FAIL_ON = ["error", "warning"] as const;

/**
 * `lint`: one card on its own, no client profile. Its validity (errors: a conforming client refuses
 * it; warnings: what real SDKs trip on), its signatures, what its interfaces answer when asked
 * without creating anything (by default for a card fetched by URL; --live for a file), and every
 * preset's decisions. Exit 1 on a validity error or a live contradiction (or a warning, with
 * --fail-on warning); a preset's rejection never fails the run: it says what the card does not
 * offer that client, which `check --profile` gates on.
 */
export async function runLint(argv: string[], commandIo: CliIo): Promise<ExitCode> {
  const { values } = parseCommandFlags("lint", argv, LINT_OPTIONS, { positional: (argument) => `The card goes after --card: parley lint --card ${argument}` });
  if (values.help) {
    await writeOut(commandIo.stdout, lintUsage());
    return EXIT.ok;
  }
  const output = await openReportOutput("lint", values, allowLoopbackIo(commandIo, values["allow-loopback"]));
  try {
    return await lintWith(values, output.io);
  } finally {
    await output.close();
  }
}

/** Several `--card`s (or a glob) are linted one by one into one report (many-cards.ts); one card is reported as ever. */
async function lintWith(values: LintValues, io: CliIo): Promise<ExitCode> {
  const loaded = await loadConfig("lint", values, io);
  const config = loaded?.config;
  if (!values.card?.length) throw new UsageError("lint: --card is required (a file, an http(s) URL, example:ID, or - for stdin).", true);
  const specs = await expandCardSpecs("lint", values.card, io.cwd);
  // The config's profiles join the presets' table (lint takes no --profile: check gates on one).
  const own = config?.profiles?.length ? await ownProfiles(loaded!, io) : [];
  if (specs.length === 1) return lintOne({ ...values, card: specs[0]! }, config, io, own);
  const format = readFormat("lint", values.format ?? config?.lint?.format ?? config?.format, REPORT_FORMATS);
  return judgeCards("lint", specs, format, io, (spec, cardIo) => lintOne({ ...values, card: spec }, config, cardIo, own));
}

/** The config file's own profiles (files and inline ones; its presets are in the table already), each named as the file names it. */
async function ownProfiles(loaded: LoadedConfig, io: CliIo): Promise<Array<{ id: string; profile: ClientProfile }>> {
  const profiles = loaded.config.profiles ?? [];
  const labels = profileLabels(profiles);
  const out: Array<{ id: string; profile: ClientProfile }> = [];
  for (let i = 0; i < profiles.length; i++) if (profiles[i]!.kind !== "preset") out.push({ id: labels[i]!, profile: await configProfile(loaded, i, io) });
  return out;
}

async function lintOne(values: Omit<LintValues, "card"> & { card: string }, config: ParleyConfig | undefined, io: CliIo, profiles: Array<{ id: string; profile: ClientProfile }> = []): Promise<ExitCode> {
  const format = readFormat("lint", values.format ?? config?.lint?.format ?? config?.format, REPORT_FORMATS);
  const failOn = values["fail-on"] ?? config?.lint?.failOn ?? "error";
  if (!(FAIL_ON as readonly string[]).includes(failOn)) throw new UsageError(`lint: --fail-on must be error or warning, not "${failOn}".`, true);
  if (values.live && values["no-live"]) throw new UsageError("lint: --live and --no-live contradict each other: give one.", true);
  const isUrl = /^https?:\/\//i.test(values.card);
  const live = values.live === true || (isUrl && values["no-live"] !== true);
  if (!live && values.header?.length) throw new UsageError("lint: --header goes with the live check (a card URL, or --live).", true);
  if (!live && values["time-limit"] !== undefined) throw new UsageError("lint: --time-limit goes with the live check (a card URL, or --live).", true);
  // One limit for the whole live check, however many interfaces the card lists (the probe's default, 60 s).
  const timeLimitS = values["time-limit"] === undefined ? undefined : parseWholeNumberFlag("lint", "--time-limit", values["time-limit"], 1, 3600);
  const headers = await readHeaderFlags("lint", values.header);
  const docsBase = docsBaseOf("lint", values["docs-base"], values["docs-base"] === undefined ? baseUrlFromEnv(io.env, "lint") : undefined);
  const signatureSetup = await signatureSetupFromFlags(values, io);

  const card = await loadCard(values.card, io);
  const signatures = await verifyIfSigned(card.text, signatureSetup);
  const observation = live ? await observeLive(card, headers, io, timeLimitS) : undefined;
  const lint = lintCard(card.text, { signatures, live: observation, cardUrl: card.fetched?.finalUrl, ...(profiles.length ? { profiles } : {}) });
  const failOnWarnings = failOn === "warning";
  // The config's lint acknowledgements: an acknowledged finding is shown as such and does not fail the run; an expired one does.
  const acknowledged = config?.lintAcknowledgements.length ? lintAcknowledger(config.lintAcknowledgements, new Date(), digestCardText(card.text)) : undefined;
  const report: LintReportInput = { lint, cardText: card.text, cardUri: card.source, docsBase, failOnWarnings, ...(acknowledged ? { acknowledged } : {}) };
  const items = lintItems(report);
  const exitCode = (acknowledged ? items.some((i) => lintItemFails(i, report)) : lintFails(lint, failOnWarnings ? "warning" : "error")) ? EXIT.rejected : EXIT.ok;
  io.decided?.(exitCode);

  if (format === "sarif") await writeOut(io.stdout, JSON.stringify(lintToSarif(report), null, 2) + "\n");
  else if (format === "junit") await writeOut(io.stdout, lintToJunit(report));
  else if (format === "github") await writeOut(io.stdout, lintToGithubAnnotations(report));
  else if (format === "gitlab") await writeOut(io.stdout, JSON.stringify(lintToGitlabCodeQuality(report), null, 2) + "\n");
  else if (format === "markdown") await writeOut(io.stdout, lintToMarkdown(report));
  else if (format === "json") await writeOut(io.stdout, JSON.stringify(lintJson(lint, card, live, exitCode, acknowledged), null, 2) + "\n");
  else await writeOut(io.stdout, formatLintText(lint, card, live, failOnWarnings, exitCode, acknowledged ? items.filter((i) => i.acknowledgement) : []));
  return exitCode;
}

/**
 * The card's interfaces asked, through the probe's SSRF-safe calls that create nothing: GetTask of
 * an id no task has on each, and the streaming and push claims on the one the SDK picks. The probe
 * needs a profile for its predictions; none is asked of it here (no task class).
 */
async function observeLive(card: LoadedCard, headers: Array<readonly [string, string]>, io: CliIo, timeLimitS?: number): Promise<LiveObservation> {
  // Loaded on demand: the SDK client the probe runs on is needed only when the live check runs.
  const { probeAgent, ProbeInputError, PROBE_DEFAULTS } = await import("../probe/probe");
  // Interfaces not called when it runs out are reported as such ("the check's time ran out").
  const signal = AbortSignal.timeout((timeLimitS ?? PROBE_DEFAULTS.cliTimeLimitS) * 1000);
  try {
    const report = await probeAgent({
      signal,
      card: card.fetched ? { url: card.fetched.finalUrl } : { text: card.text, source: card.source },
      profile: PRESETS[0]!,
      taskClasses: [],
      allowLoopback: io.env[LOOPBACK_ENV] === "1",
      headers,
    });
    return liveObservationOf(report);
  } catch (e) {
    if (e instanceof ProbeInputError) return { notRun: { reason: e.code, detail: e.message }, interfaces: [], refused: [] };
    throw e;
  }
}

/** `lint --format json`: one document; scripts match on `code`, `severity`, `status`, `outcome`, never on `message`. */
function lintJson(lint: CardLint, card: LoadedCard, live: boolean, exitCode: ExitCode, acknowledged?: LintReportInput["acknowledged"]) {
  // A finding an acknowledgement bears on says so: the one in force (it does not fail the run) and any expired (they count again).
  const acknowledgement = (p: { code: string; pointer: string; severity: string }) => {
    const a = p.severity === "note" ? undefined : acknowledged?.(p.code, p.pointer);
    return a ? { acknowledged: a.applied !== undefined, ...(a.applied ? { acknowledgement: a.applied } : {}), ...(a.expired.length ? { expiredAcknowledgements: a.expired } : {}) } : {};
  };
  const problem = (p: CardLint["errors"][number]) => ({
    severity: p.severity,
    code: p.code,
    pointer: p.pointer,
    message: describeProblem(p),
    ...(p.position ? { line: p.position.line, column: p.position.column } : {}),
    ...acknowledgement(p),
  });
  const report = lint.signature.report;
  return {
    engine: lint.engine,
    card: { name: lint.name, source: card.source, ...(card.fetched ? { fetched: card.fetched } : {}) },
    status: lint.status,
    shape: lint.shape,
    valid: lint.valid,
    ...(lint.advisory ? { advisory: lint.advisory } : {}),
    errors: lint.errors.map(problem),
    warnings: lint.warnings.map(problem),
    signature: report
      ? {
          status: report.status,
          total: report.total,
          message: describeSignatureReport(report),
          signatures: report.signatures.map((s) => ({ index: s.index, pointer: s.pointer, status: s.status, reason: s.reason, message: describeSignatureEntry(s) })),
        }
      : { status: "unsigned" },
    live:
      live && lint.live
        ? { interfaces: lint.live.interfaces, problems: lint.live.problems.map((p) => ({ severity: p.severity, code: p.code, pointer: p.pointer, message: describeLiveProblem(p), data: p.data, ...acknowledgement(p) })) }
        : null,
    presets: lint.presets.map((p) => ({
      id: p.id,
      ...(p.own ? { own: true } : {}),
      name: p.name,
      worst: p.worst,
      decisions: Object.fromEntries(p.decisions.map((d) => [d.taskClass, { decision: d.decision, ...(d.target ? { target: d.target } : {}), outcome: d.outcome, rules: d.rules }])),
    })),
    exitCode,
  };
}

/** The text format: the answer first, then problems with pointers, the signature, the live check, the presets. */
export function formatLintText(lint: CardLint, card: LoadedCard, live: boolean, failOnWarnings: boolean, exitCode: ExitCode, acknowledged: ReturnType<typeof lintItems> = []): string {
  const noteOf = (p: { code: string; pointer: string }) => {
    const item = acknowledged.find((i) => i.code === p.code && i.pointer === p.pointer);
    return item ? [`          ${lintAcknowledgementNote(item)}`] : [];
  };
  const out: string[] = [];
  out.push(`${lint.name ?? "(unnamed card)"} — ${card.source}`);
  if (card.fetched) {
    const f = card.fetched;
    out.push(`  fetched ${f.finalUrl} (${f.discoveredVia}, HTTP ${f.status}, ${f.size} bytes, sha256 ${f.sha256})`);
  }
  out.push(`  shape ${lint.shape}, ${lint.valid ? "valid" : "INVALID"}; engine ${lint.engine.name} ${lint.engine.version}`);
  out.push("", describeLintStatus(lint.status), "");

  const problems = [...lint.errors, ...lint.warnings];
  out.push(problems.length === 0 ? "Validity: no problems." : `Validity: ${describeProblemCounts(problems)}`);
  for (const p of problems) {
    const at = p.position ? ` (line ${p.position.line}, column ${p.position.column})` : "";
    out.push(`  ${p.severity.padEnd(7)} ${p.pointer || "/"}${at}  ${describeProblem(p)}  [${p.code}]`, ...noteOf(p));
  }
  out.push(`Signature: ${lint.signature.report ? describeSignatureReport(lint.signature.report) : "not signed."}`);

  out.push("");
  if (!live || !lint.live) {
    out.push(`Live check: not run (${/^https?:\/\//i.test(card.source) ? "--no-live" : "a card from a file or an example: --live runs it"}).`);
  } else {
    const answering = lint.live.interfaces.filter((i) => i.reachable === true).length;
    out.push(`Live check: ${answering} of ${plural(lint.live.interfaces.length, "interface")} answer${answering === 1 ? "s" : ""} (nothing was created).`);
    for (const i of lint.live.interfaces) {
      const state = i.reachable === true ? "answers" : i.reachable === false ? "does not answer" : "not called";
      out.push(`  ${i.index}  ${i.binding} ${i.version}  ${i.url}  ${state}${i.picked ? " (the SDK picks it)" : ""}`);
    }
    for (const p of lint.live.problems) out.push(`  ${p.severity.padEnd(7)} ${p.pointer || "/"}  ${describeLiveProblem(p)}  [${p.code}]`, ...noteOf(p));
  }

  out.push("");
  const rows = [
    [lint.presets.some((p) => p.own) ? "PROFILE" : "PRESET", "WORST", ...(lint.presets[0]?.decisions.map((d) => d.taskClass) ?? [])],
    ...lint.presets.map((p) => [p.id, outcomeLabel(p.worst), ...p.decisions.map((d) => outcomeLabel(d.outcome))]),
  ];
  // Each column as wide as its widest cell; the last one unpadded.
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]?.length ?? 0)));
  for (const r of rows) out.push(r.map((v, c) => (c === r.length - 1 ? v : v.padEnd(widths[c]!))).join("  "));
  out.push(`(the reasons per class: parley check --card ${card.source === "stdin" ? "-" : card.source} --profile PRESET)`);
  const accepted = acknowledged.filter((i) => i.acknowledgement?.applied && (i.severity === "error" || (failOnWarnings && i.severity === "warning")));
  if (accepted.length > 0) {
    // What an acknowledgement keeps from failing the run: the exit line counts only the rest.
    const unacknowledged = (p: { code: string; pointer: string }) => !accepted.some((i) => i.code === p.code && i.pointer === p.pointer);
    const rest: CardLint = { ...lint, errors: lint.errors.filter(unacknowledged), warnings: lint.warnings.filter(unacknowledged), ...(lint.live ? { live: { ...lint.live, problems: lint.live.problems.filter(unacknowledged) } } : {}) };
    out.push("", `Acknowledged (known and accepted, not failing the run): ${accepted.map((i) => `${i.code} at ${i.pointer || "/"}`).join(", ")}`, describeLintExit(rest, failOnWarnings, exitCode));
  } else out.push("", describeLintExit(lint, failOnWarnings, exitCode));
  // Each entry is one line: a line break or control character in it came from the card, and is shown, not obeyed.
  return safeLines(out) + "\n";
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}
