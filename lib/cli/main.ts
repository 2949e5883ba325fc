import { realpathSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { isMainThread } from "node:worker_threads";
import { type BatchSummary, runBatch } from "./batch";
import { runCheck } from "./check";
import { runLint } from "./lint";
import { DIFF_USAGE, runDiff } from "./diff";
import { PROBE_USAGE } from "./probe-usage";
import { runTriage, TRIAGE_USAGE } from "./triage";
import { SIGNATURE_FLAGS, signatureSetupFromFlags } from "./signatures";
import { type CliIo, describeWriteFailure, EXIT, EXIT_PIPE_CLOSED, type ExitCode, processIo, UsageError, writeOut } from "./io";
import { flagError, type FlagOptions } from "./flag-errors";
import { loadTaskClassFile } from "./inputs";
import { parseWholeNumberFlag } from "./numbers";
import { count, linesSoFar, progressOn } from "./progress";
import { MESSAGES_OPTIONS, type MessagesOption } from "./review-json";
import type { SeedCheckSummary } from "./seed-check";
import { installCompiledCardSchemas } from "../negotiation/card/schemas/compiled";
import { ENGINE_NAME, ENGINE_VERSION } from "../negotiation";
import { BATCH_USAGE, checkUsage, lintUsage, MAIN_USAGE, SEED_CHECK_USAGE } from "./usage";

// Node validates cards with the compiled schemas: the same issues as zod/mini's parse, faster.
installCompiledCardSchemas();

/**
 * `npm run -s review -- <command> …`. Returns the exit code instead of exiting so tests (and the
 * benchmark) run the very same code in-process.
 */
export async function run(argv: string[], io: CliIo = processIo()): Promise<ExitCode> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case "check":
        return await runCheck(rest, io);
      case "lint":
        return await runLint(rest, io);
      case "batch":
        return await runBatchCommand(rest, io);
      case "seed-check":
        return await runSeedCheckCommand(rest, io);
      case "triage":
        return await runTriage(rest, io);
      case "diff":
        return await runDiff(rest, io);
      case "probe":
        // Loaded on demand: the SDK client it runs on is needed by this command only.
        return await (await import("./probe")).runProbe(rest, io);
      case "--version":
      case "-V":
        await writeOut(io.stdout, `${ENGINE_NAME} ${ENGINE_VERSION}\n`);
        return EXIT.ok;
      case "-h":
      case "--help":
      case "help":
        await writeOut(io.stdout, MAIN_USAGE);
        return EXIT.ok;
      case undefined:
        throw new UsageError("a command is required.", true);
      default:
        throw new UsageError(`unknown command "${command}".`, true);
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    const usage = e.showUsage ? (USAGE_OF.get(command ?? "")?.() ?? MAIN_USAGE) : "";
    await writeOut(io.stderr, `parley: ${e.message}\n${usage ? "\n" + usage : ""}`);
    return EXIT.unusable;
  }
}

/** More worker threads than this only add memory: each holds a copy of the engine. */
const MAX_JOBS = 64;

/** The usage printed after a flag mistake in a command; an unknown command gets the main usage. */
const USAGE_OF = new Map<string, () => string>([
  ["check", checkUsage],
  ["lint", lintUsage],
  ["batch", () => BATCH_USAGE],
  ["seed-check", () => SEED_CHECK_USAGE],
  ["triage", () => TRIAGE_USAGE],
  ["diff", () => DIFF_USAGE],
  ["probe", () => PROBE_USAGE],
]);

const BATCH_OPTIONS = {
  "max-line-bytes": { type: "string" },
  messages: { type: "string" },
  jobs: { type: "string" },
  ...SIGNATURE_FLAGS,
  "task-class-file": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies FlagOptions;

async function runBatchCommand(argv: string[], io: CliIo): Promise<ExitCode> {
  const { values } = parseFlags("batch", BATCH_OPTIONS, () => parseArgs({ args: argv, strict: true, options: BATCH_OPTIONS }));
  if (values.help) {
    await writeOut(io.stdout, BATCH_USAGE);
    return EXIT.ok;
  }
  const maxLineBytes = values["max-line-bytes"] === undefined ? undefined : parseWholeNumberFlag("batch", "--max-line-bytes", values["max-line-bytes"], 1);
  const messages = values.messages ?? "text";
  if (!isMessagesOption(messages)) {
    throw new UsageError(`batch: --messages must be ${MESSAGES_OPTIONS.join(" or ")}, not "${messages}".`, true);
  }
  const jobs = values.jobs === undefined ? 1 : parseWholeNumberFlag("batch", "--jobs", values.jobs, 1, MAX_JOBS);
  const taskClasses = values["task-class-file"] ? await loadTaskClassFile(values["task-class-file"], io) : undefined;
  const signatures = await signatureSetupFromFlags(values, io);
  const progress = progressOn(io.stderr);
  const tally = (s: Readonly<BatchSummary>) => `${count(s.rejected)} with a rejection, ${count(s.errors)} not reviewable`;
  const summary = await runBatch(io.stdin, io.stdout, {
    maxLineBytes,
    messages,
    jobs,
    signatures,
    taskClasses,
    onProgress: (s) => progress.update((ms) => `parley batch: ${linesSoFar(s.lines, ms)}; ${tally(s)}`),
  });
  progress.done(`parley batch: ${count(summary.lines)} line${summary.lines === 1 ? "" : "s"} answered; ${tally(summary)}`);
  if (summary.errors > 0) {
    await writeOut(io.stderr, `parley batch: ${summary.errors} of ${summary.lines} lines could not be reviewed (see their "error" fields).\n`);
  }
  return summary.exitCode;
}

const HELP_ONLY = { help: { type: "boolean", short: "h" } } as const satisfies FlagOptions;

async function runSeedCheckCommand(argv: string[], io: CliIo): Promise<ExitCode> {
  const { values } = parseFlags("seed-check", HELP_ONLY, () => parseArgs({ args: argv, strict: true, options: HELP_ONLY }));
  if (values.help) {
    await writeOut(io.stdout, SEED_CHECK_USAGE);
    return EXIT.ok;
  }
  // Loaded on demand: the seed-compat shim is only needed by this command.
  const { runSeedCheck } = await import("./seed-check");
  const progress = progressOn(io.stderr);
  const tally = (s: Readonly<SeedCheckSummary>) => `${count(s.raised)} raised, ${count(s.errors)} not checkable`;
  const summary = await runSeedCheck(io.stdin, io.stdout, {
    onProgress: (s) => progress.update((ms) => `parley seed-check: ${linesSoFar(s.lines, ms)}; ${tally(s)}`),
  });
  progress.done(`parley seed-check: ${count(summary.lines)} line${summary.lines === 1 ? "" : "s"} checked; ${tally(summary)}`);
  if (summary.errors > 0) {
    await writeOut(io.stderr, `parley seed-check: ${summary.errors} of ${summary.lines} lines could not be checked.\n`);
    return EXIT.unusable;
  }
  return summary.raised > 0 ? EXIT.rejected : EXIT.ok;
}

function isMessagesOption(value: string): value is MessagesOption {
  return (MESSAGES_OPTIONS as readonly string[]).includes(value);
}

/** parseArgs throws on an unknown flag or a stray argument: that is a usage error (exit 2). */
function parseFlags<T>(command: string, options: FlagOptions, parse: () => T): T {
  try {
    return parse();
  } catch (e) {
    throw flagError(command, e, options);
  }
}

/** Run only when executed (tsx lib/cli/main.ts), not when imported by tests or the benchmark. */
function isEntryPoint(): boolean {
  const entry = process.argv[1];
  // A batch worker thread loads the same bundle (and sees the same argv): it is not the CLI.
  if (!isMainThread || entry === undefined) return false;
  // Run as `parley` the entry is the bin link in node_modules/.bin: compare the files it points at.
  try {
    return realpathSync(fileURLToPath(import.meta.url)) === realpathSync(entry);
  } catch {
    return import.meta.url === pathToFileURL(entry).href;
  }
}

if (isEntryPoint()) {
  // The exit code a command knows before it writes its answer (check, triage, diff): a reader that
  // closes the pipe early (`… | head`) sees it. A command cut short before it knew (a batch whose
  // reader stopped after a few lines) exits as a program stopped by the closed pipe would.
  let decided: ExitCode | undefined;
  const io: CliIo = { ...processIo(), decided: (code) => (decided = code) };
  const isEpipe = (e: unknown) => (e as NodeJS.ErrnoException | undefined)?.code === "EPIPE";
  const pipeClosed = () => process.exit(decided ?? EXIT_PIPE_CLOSED);
  process.stdout.on("error", (e) => {
    if (isEpipe(e)) pipeClosed();
  });
  run(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    (e: unknown) => {
      if (isEpipe(e)) return pipeClosed();
      const writeFailure = describeWriteFailure(e);
      const message = writeFailure ?? `internal error: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`;
      process.stderr.write(`parley: ${message}\n`);
      process.exitCode = EXIT.unusable;
    },
  );
}
