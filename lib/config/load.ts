import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { explainAcknowledgementProblem } from "../negotiation";
import { type CliIo, UsageError, writeOut } from "../cli/io";
import { parseJson } from "../cli/inputs";
import { CONFIG_FILE_NAMES, type ParleyConfig, readConfig } from "./schema";

/** The flags of the commands that read a config file (check, lint). */
export const CONFIG_FLAGS = {
  config: { type: "string" },
  "no-config": { type: "boolean" },
} as const;

export const CONFIG_USAGE = `  --config FILE         read defaults from this config file (default: the nearest
                        parley.config.json or .parleyrc.json from here up to the repository
                        root); flags win
  --no-config           read no config file`;

/** A config file is a few kilobytes; a megabyte is a mistake (or hostile), refused before reading. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export interface LoadedConfig {
  config: ParleyConfig;
  /** The file, as the user would name it (relative to the working directory when under it). */
  file: string;
  /** Its folder: paths in the file are relative to it. */
  dir: string;
}

/**
 * The config a command runs with: `--config FILE`, else the nearest parley.config.json or
 * .parleyrc.json from the working directory upward, up to the repository's root (a folder holding
 * .git) when there is one (both in one folder is ambiguous: an error),
 * else none; `--no-config` turns the search off. A file that does not read is a usage error naming
 * the file and, for broken JSON, the line and column, for a wrong field its JSON pointer.
 * Acknowledgements that do not read are left out and said on stderr; the others still apply.
 */
export async function loadConfig(command: string, values: { config?: string; "no-config"?: boolean }, io: CliIo): Promise<LoadedConfig | undefined> {
  if (values.config !== undefined && values["no-config"]) throw new UsageError(`${command}: --config and --no-config contradict each other; give one.`, true);
  if (values["no-config"]) return undefined;
  let file: string | undefined;
  if (values.config !== undefined) {
    if (values.config === "") throw new UsageError(`${command}: --config needs a file name.`, true);
    file = path.resolve(io.cwd, values.config);
  } else {
    file = await discover(io.cwd);
    if (file === undefined) return undefined;
  }
  const named = nameOf(file, io.cwd);
  const text = await readConfigText(file, named, values.config !== undefined);
  const reading = readConfig(parseJson(text, named));
  if (reading.problems.length > 0) {
    const list = reading.problems.slice(0, 10).map((p) => `  ${p.pointer || "(root)"}: ${p.message}`);
    throw new UsageError(`${named} is not a valid Parley config:\n${list.join("\n")}`);
  }
  for (const problem of reading.acknowledgementProblems) {
    await writeOut(io.stderr, `parley: ${named} ${problem.pointer}: ${explainAcknowledgementProblem(problem)} It is not applied.\n`);
  }
  return { config: reading.config, file: named, dir: path.dirname(file) };
}

async function discover(start: string): Promise<string | undefined> {
  let dir = path.resolve(start);
  for (;;) {
    const found: string[] = [];
    for (const name of CONFIG_FILE_NAMES) {
      const candidate = path.join(dir, name);
      if ((await stat(candidate).catch(() => undefined))?.isFile()) found.push(candidate);
    }
    if (found.length > 1) throw new UsageError(`${dir} holds both ${CONFIG_FILE_NAMES.join(" and ")}: keep one (or name it with --config).`);
    if (found.length === 1) return found[0];
    // The repository's root ends the search: a file above it (a shared /tmp, a home folder) is
    // not the project's, and its acknowledgements must not quietly pass this project's checks.
    if (await stat(path.join(dir, ".git")).catch(() => undefined)) return undefined;
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

async function readConfigText(file: string, named: string, asked: boolean): Promise<string> {
  const info = await stat(file).catch((e: NodeJS.ErrnoException) => {
    throw new UsageError(`--config ${named}: ${e.code === "ENOENT" ? "no such file" : `cannot read it (${e.code ?? e.message})`}.`, asked);
  });
  if (!info.isFile()) throw new UsageError(`${named} is not a file.`);
  if (info.size > MAX_CONFIG_BYTES) throw new UsageError(`${named} is ${info.size} bytes; a config file is at most ${MAX_CONFIG_BYTES} (1 MiB).`);
  const bytes = await readFile(file);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new UsageError(`${named} is not UTF-8 text.`);
  }
}

function nameOf(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative !== "" && !path.isAbsolute(relative) ? relative : file;
}
