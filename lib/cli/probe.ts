import { writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { createInterface } from "node:readline/promises";
import { parseArgs } from "node:util";
import { LOOPBACK_ENV } from "../fetch/safe-fetch";
import { formatProbeJunit, formatProbeText, probeExitCode } from "../report/probe";
import { escapeJsonControls } from "../report/escape";
import { PROBE_DEFAULTS, probeAgent, ProbeInputError, type ProbeOptions } from "../probe/probe";
import { PROBE_USAGE } from "./probe-usage";
import { readFormat, readHeaderFlags } from "./command-flags";
import { flagError, type FlagOptions } from "./flag-errors";
import { loadCard, loadProfile, loadTaskClassFile, resolveTaskClasses } from "./inputs";
import { type CliIo, EXIT, type ExitCode, UsageError, writeOut } from "./io";
import { parseWholeNumberFlag } from "./numbers";

const PROBE_OPTIONS = {
  card: { type: "string" },
  profile: { type: "string" },
  "task-class": { type: "string", multiple: true },
  "task-class-file": { type: "string" },
  header: { type: "string", multiple: true },
  send: { type: "boolean" },
  yes: { type: "boolean" },
  webhook: { type: "string" },
  timeout: { type: "string" },
  format: { type: "string" },
  trace: { type: "string" },
  "time-limit": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies FlagOptions;

const FORMATS = ["text", "json", "junit"] as const;

export async function runProbe(argv: string[], io: CliIo): Promise<ExitCode> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, strict: true, allowPositionals: false, options: PROBE_OPTIONS });
  } catch (e) {
    throw flagError("probe", e, PROBE_OPTIONS);
  }
  const { values } = parsed;
  if (values.help) {
    await writeOut(io.stdout, PROBE_USAGE);
    return EXIT.ok;
  }
  if (!values.card) throw new UsageError("probe: --card is required (an http(s) URL or a file).", true);
  if (!values.profile) throw new UsageError("probe: --profile is required (a profile JSON file or a preset name).", true);
  const format = readFormat("probe", values.format, FORMATS);
  const headers = await readHeaderFlags("probe", values.header);
  if (!values.send && (values.yes || values.webhook || values.timeout)) {
    throw new UsageError(`probe: ${values.yes ? "--yes" : values.webhook ? "--webhook" : "--timeout"} goes with --send.`, true);
  }
  let webhook: string | undefined;
  if (values.webhook !== undefined) {
    try {
      const url = new URL(values.webhook);
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error();
      webhook = url.href;
    } catch {
      throw new UsageError(`probe: --webhook must be an http(s) URL, not "${values.webhook}".`, true);
    }
  }
  const traceFile = values.trace === undefined ? undefined : resolve(io.cwd, values.trace);
  if (traceFile !== undefined && values.trace!.trim() === "") throw new UsageError("probe: --trace needs a file name.", true);
  const timeoutMs = values.timeout === undefined ? PROBE_DEFAULTS.sendTimeoutMs : parseWholeNumberFlag("probe", "--timeout", values.timeout, 1, 300) * 1000;
  const custom = values["task-class-file"] ? await loadTaskClassFile(values["task-class-file"], io) : [];
  const named = values["task-class"];
  const taskClasses = named || custom.length === 0 ? [...resolveTaskClasses(named), ...custom] : custom;
  const profile = await loadProfile(values.profile, io);
  const isUrl = /^https?:\/\//i.test(values.card);
  const card: ProbeOptions["card"] = isUrl ? { url: values.card } : await loadCard(values.card, io).then((c) => ({ text: c.text, source: c.source }));

  if (values.send) {
    const where = isUrl ? values.card : "the agent behind this card";
    await writeOut(io.stderr, `probe --send creates real tasks on ${where} (one per task class it runs), and the agent may bill for them.\n`);
    if (!values.yes) {
      if (!(io.stdin as { isTTY?: boolean }).isTTY) {
        throw new UsageError("probe: --send without a terminal needs --yes to confirm that real tasks may be created.");
      }
      const rl = createInterface({ input: io.stdin, output: io.stderr });
      const answer = await rl.question("Create them? [y/N] ").finally(() => rl.close());
      if (!/^y(es)?$/i.test(answer.trim())) {
        await writeOut(io.stderr, "probe: nothing sent.\n");
        return EXIT.unusable;
      }
    }
  }

  // One limit for the whole check, whatever the card lists: what was not called in it is said to be skipped.
  const limitS =
    values["time-limit"] === undefined
      ? PROBE_DEFAULTS.cliTimeLimitS + (values.send ? Math.ceil((taskClasses.length * timeoutMs) / 1000) : 0)
      : parseWholeNumberFlag("probe", "--time-limit", values["time-limit"], 1, 3600);
  const limit = AbortSignal.timeout(limitS * 1000);
  let report;
  try {
    report = await probeAgent({
      signal: limit,
      card,
      profile,
      taskClasses,
      explicitClasses: Boolean(named?.length) || custom.length > 0,
      allowLoopback: io.env[LOOPBACK_ENV] === "1",
      headers,
      send: values.send ? { webhook, timeoutMs } : undefined,
    });
  } catch (e) {
    if (e instanceof ProbeInputError) throw new UsageError(`probe: ${e.message}`);
    throw e;
  }
  if (limit.aborted) report.notes.push(`The check stopped at its time limit (${limitS} s; --time-limit sets it).`);
  if (traceFile !== undefined) {
    // The exchange log, one JSON object a line, credentials already redacted.
    await writeFile(traceFile, (report.exchanges ?? []).map((x) => JSON.stringify(x)).join("\n") + "\n", { mode: 0o600 });
  }
  const code: ExitCode = probeExitCode(report) === 1 ? EXIT.rejected : EXIT.ok;
  io.decided?.(code);
  if (format === "json") {
    const { card: c, interfaces, classes, contradictions, sent, notes, wire = [] } = report;
    await writeOut(io.stdout, escapeJsonControls(JSON.stringify({ card: c, interfaces, classes, contradictions, wire, sent, notes, exitCode: code }, null, 2)) + "\n");
  } else if (format === "junit") {
    await writeOut(io.stdout, formatProbeJunit(report));
  } else {
    await writeOut(io.stdout, formatProbeText(report));
  }
  return code;
}
