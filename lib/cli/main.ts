import { realpathSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import { isMainThread } from "node:worker_threads";
import { type CliIo, describeWriteFailure, EXIT, EXIT_PIPE_CLOSED, type ExitCode, processIo, UsageError, writeOut } from "./io";
import { MAIN_USAGE } from "./plain-usage";
import { ENGINE_NAME, ENGINE_VERSION } from "../negotiation/version";

/**
 * Each command, loaded when it is run: the built CLI is split by command (scripts/build-cli.mjs),
 * so `--version`, `--help` and seed-check start without compiling or starting the review engine,
 * and `check` without batch, triage, diff, lint or the probe's SDK client. Every command that
 * reviews cards validates them with the compiled schemas (the same issues as zod/mini's parse,
 * faster), installed before it runs.
 */
interface Command {
  run: (argv: string[], io: CliIo) => Promise<ExitCode>;
  /** The usage printed after a flag mistake. */
  usage: () => string;
}

const COMMANDS: Record<string, (() => Promise<Command>) | undefined> = {
  check: async () => {
    const [{ runCheck }, { checkUsage }] = await Promise.all([import("./check"), import("./usage"), installCompiledSchemas()]);
    return { run: runCheck, usage: checkUsage };
  },
  lint: async () => {
    const [{ runLint }, { lintUsage }] = await Promise.all([import("./lint"), import("./usage"), installCompiledSchemas()]);
    return { run: runLint, usage: lintUsage };
  },
  batch: async () => {
    const [{ runBatchCommand }, { BATCH_USAGE }] = await Promise.all([import("./batch-command"), import("./plain-usage"), installCompiledSchemas()]);
    return { run: runBatchCommand, usage: () => BATCH_USAGE };
  },
  "seed-check": async () => {
    const [{ runSeedCheckCommand }, { SEED_CHECK_USAGE }] = await Promise.all([import("./seed-check"), import("./plain-usage")]);
    return { run: runSeedCheckCommand, usage: () => SEED_CHECK_USAGE };
  },
  triage: async () => {
    const [{ runTriage, TRIAGE_USAGE }] = await Promise.all([import("./triage"), installCompiledSchemas()]);
    return { run: runTriage, usage: () => TRIAGE_USAGE };
  },
  diff: async () => {
    const [{ runDiff, DIFF_USAGE }] = await Promise.all([import("./diff"), installCompiledSchemas()]);
    return { run: runDiff, usage: () => DIFF_USAGE };
  },
  "can-i-deploy": async () => {
    const { runCanIDeploy, CAN_I_DEPLOY_USAGE } = await import("./can-i-deploy");
    return { run: runCanIDeploy, usage: () => CAN_I_DEPLOY_USAGE };
  },
  mcp: async () => {
    const [{ runMcp, MCP_USAGE }] = await Promise.all([import("../mcp/command"), installCompiledSchemas()]);
    return { run: (argv, io) => runMcp(argv, io, run), usage: () => MCP_USAGE };
  },
  probe: async () => {
    const [{ runProbe }, { PROBE_USAGE }] = await Promise.all([import("./probe"), import("./probe-usage"), installCompiledSchemas()]);
    return { run: runProbe, usage: () => PROBE_USAGE };
  },
};

async function installCompiledSchemas(): Promise<void> {
  (await import("../negotiation/card/schemas/compiled")).installCompiledCardSchemas();
}

/**
 * `npm run -s review -- <command> …`. Returns the exit code instead of exiting so tests (and the
 * benchmark) run the very same code in-process.
 */
export async function run(argv: string[], io: CliIo = processIo()): Promise<ExitCode> {
  const [command, ...rest] = argv;
  // An own key only: "constructor" or "__proto__" is an unknown command, not Object.prototype's.
  const load = command !== undefined && Object.hasOwn(COMMANDS, command) ? COMMANDS[command] : undefined;
  let loaded: Command | undefined;
  try {
    if (load) {
      loaded = await load();
      return await loaded.run(rest, io);
    }
    switch (command) {
      case "--version":
      case "-V":
      case "-v":
        await writeOut(io.stdout, `${ENGINE_NAME} ${ENGINE_VERSION}\n`);
        return EXIT.ok;
      case "help": {
        // `parley help check` is `parley check --help`.
        const [topic, ...extra] = rest;
        if (topic === undefined) {
          await writeOut(io.stdout, MAIN_USAGE);
          return EXIT.ok;
        }
        if (extra.length > 0) throw new UsageError(`help takes one command, not "${rest.join(" ")}".`, true);
        const loadTopic = Object.hasOwn(COMMANDS, topic) ? COMMANDS[topic] : undefined;
        if (!loadTopic) throw new UsageError(`help: unknown command "${topic}". Commands: ${Object.keys(COMMANDS).join(", ")}.`, true);
        loaded = await loadTopic();
        return await loaded.run(["--help"], io);
      }
      case "-h":
      case "--help":
        await writeOut(io.stdout, MAIN_USAGE);
        return EXIT.ok;
      case undefined:
        throw new UsageError("a command is required.", true);
      default:
        throw new UsageError(`unknown command "${command}".`, true);
    }
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    const usage = e.showUsage ? (loaded?.usage() ?? MAIN_USAGE) : "";
    await writeOut(io.stderr, `parley: ${e.message}\n${usage ? "\n" + usage : ""}`);
    return EXIT.unusable;
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
