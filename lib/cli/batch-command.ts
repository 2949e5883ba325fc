import { type BatchSummary, runBatch } from "./batch";
import { type CliIo, EXIT, type ExitCode, UsageError, writeOut } from "./io";
import { type FlagOptions, parseCommandFlags } from "./flag-errors";
import { loadTaskClassFile } from "./inputs";
import { parseWholeNumberFlag } from "./numbers";
import { BATCH_USAGE } from "./plain-usage";
import { count, linesSoFar, progressOn } from "./progress";
import { MESSAGES_OPTIONS, type MessagesOption } from "./review-json";
import { SIGNATURE_FLAGS, signatureSetupFromFlags } from "./signatures";

/** More worker threads than this only add memory: each holds a copy of the engine. */
const MAX_JOBS = 64;

const BATCH_OPTIONS = {
  "max-line-bytes": { type: "string" },
  messages: { type: "string" },
  jobs: { type: "string" },
  ...SIGNATURE_FLAGS,
  "task-class-file": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies FlagOptions;

/** `parley batch`: its flags, progress and totals around runBatch (batch.ts), which does the work. */
export async function runBatchCommand(argv: string[], io: CliIo): Promise<ExitCode> {
  const { values } = parseCommandFlags("batch", argv, BATCH_OPTIONS);
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

function isMessagesOption(value: string): value is MessagesOption {
  return (MESSAGES_OPTIONS as readonly string[]).includes(value);
}

