import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import { joinCardReports } from "../report/many-cards";
import { type CliIo, EXIT, type ExitCode, UsageError, writeOut } from "./io";

/**
 * Several cards in one `check` or `lint`: `--card` repeated, each a file, URL, `-`, `example:ID`
 * or a glob (`'cards/*.json'`, `'agents/**\/card.json'`, quoted so the CLI expands it, the same on
 * every shell). Every card is judged by the command's own one-card code with its report captured,
 * then the reports are joined into one of the same format, and the exit code is the worst: 2 when a
 * card could not be read (said on stderr; the others are still judged), else 1 when any failed.
 */

/** More cards than this in one run is a mistake (a glob at the root), not a review. */
export const MAX_CARDS = 1000;
const MAX_GLOB_DEPTH = 32;

const isGlob = (spec: string) => /[*?]/.test(spec) && spec !== "-" && !/^https?:\/\//i.test(spec) && !spec.startsWith("example:");

/** The card specs the `--card` values name, globs expanded (sorted), duplicates dropped, in order. */
export async function expandCardSpecs(command: string, specs: readonly string[], cwd: string): Promise<string[]> {
  const out: string[] = [];
  for (const spec of specs) {
    if (!isGlob(spec)) {
      if (!out.includes(spec)) out.push(spec);
      continue;
    }
    const matches = await expandGlob(spec, cwd);
    if (matches.length === 0) throw new UsageError(`${command}: --card ${spec}: the pattern matches no file.`);
    for (const match of matches) if (!out.includes(match)) out.push(match);
    if (out.length > MAX_CARDS) break;
  }
  if (out.length > MAX_CARDS) throw new UsageError(`${command}: --card names more than ${MAX_CARDS} cards; at most ${MAX_CARDS} in one run.`);
  return out;
}

/** `*` and `?` within a name, `**` for any number of folders; names starting with "." only when the pattern's part does. */
async function expandGlob(pattern: string, cwd: string): Promise<string[]> {
  const absolute = path.isAbsolute(pattern);
  const parts = pattern.split(/[\\/]+/).filter((p, i) => p !== "" || i === 0);
  const start = absolute ? path.parse(pattern).root : cwd;
  const found: string[] = [];
  const walk = async (dir: string, shown: string, index: number, depth: number): Promise<void> => {
    if (found.length > MAX_CARDS || depth > MAX_GLOB_DEPTH) return;
    if (index === parts.length) return;
    const part = parts[index]!;
    const last = index === parts.length - 1;
    if (part === "" || (!/[*?]/.test(part) && part !== "**")) {
      const next = path.join(dir, part);
      const info = await lstat(next).catch(() => undefined);
      if (!info) return;
      const nextShown = shown === "" ? part : `${shown}/${part}`;
      if (last) {
        if (info.isFile()) found.push(nextShown);
      } else if (info.isDirectory()) await walk(next, nextShown, index + 1, depth);
      return;
    }
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    if (part === "**") {
      // Zero folders here, then each folder below (symbolic links are not followed: no loops).
      await walk(dir, shown, index + 1, depth);
      for (const entry of entries) {
        if (entry.isDirectory() && !entry.name.startsWith(".")) await walk(path.join(dir, entry.name), shown === "" ? entry.name : `${shown}/${entry.name}`, index, depth + 1);
      }
      return;
    }
    const matcher = nameMatcher(part);
    for (const entry of entries) {
      if (!matcher.test(entry.name) || (entry.name.startsWith(".") && !part.startsWith("."))) continue;
      const nextShown = shown === "" ? entry.name : `${shown}/${entry.name}`;
      if (last) {
        if (entry.isFile()) found.push(nextShown);
      } else if (entry.isDirectory()) await walk(path.join(dir, entry.name), nextShown, index + 1, depth + 1);
    }
  };
  await walk(start, absolute ? start.replace(/[\\/]+$/, "") : "", absolute ? 1 : 0, 0);
  return found;
}

function nameMatcher(part: string): RegExp {
  const source = [...part].map((c) => (c === "*" ? "[^/]*" : c === "?" ? "[^/]" : c.replace(/[.+^${}()|[\]\\]/g, "\\$&"))).join("");
  return new RegExp(`^${source}$`);
}

/** One card's run: its report as the one-card code wrote it, and its exit code. */
interface CardRun {
  spec: string;
  report: string;
  code: ExitCode;
  error?: string;
}

/**
 * Runs `judge` once per card with stdout captured, then writes one report of the same format
 * (lib/report/many-cards.ts joins them).
 */
export async function judgeCards(
  command: string,
  specs: readonly string[],
  format: string,
  io: CliIo,
  judge: (spec: string, io: CliIo) => Promise<ExitCode>,
  /** What the text summary counts ("3 cards"); check over several profiles counts reviews. */
  counted = "cards",
): Promise<ExitCode> {
  const runs: CardRun[] = [];
  for (const spec of specs) {
    const chunks: Buffer[] = [];
    const stdout = new PassThrough();
    stdout.on("data", (c: Buffer) => chunks.push(c));
    try {
      // Each card's own run must not announce its exit code: the run's is the worst, told below.
      const code = await judge(spec, { ...io, stdout, decided: undefined });
      runs.push({ spec, report: Buffer.concat(chunks).toString("utf8"), code });
    } catch (e) {
      if (!(e instanceof UsageError) || e.showUsage) throw e;
      runs.push({ spec, report: "", code: EXIT.unusable, error: e.message });
    }
  }
  // The same problem with every card is the invocation's (an unknown preset, a bad --skill), said once.
  const first = runs[0]?.error;
  if (first !== undefined && runs.every((r) => r.error === first)) throw new UsageError(first);
  const worst = runs.reduce<ExitCode>((w, r) => (r.code > w ? r.code : w), EXIT.ok);
  io.decided?.(worst);
  for (const run of runs) if (run.error) await writeOut(io.stderr, `parley: ${run.error}\n`);
  const judged = runs.filter((r) => !r.error).map((r) => ({ card: r.spec, report: r.report, failing: r.code === EXIT.rejected }));
  const unreadable = runs.filter((r) => r.error).map((r) => ({ card: r.spec, error: r.error! }));
  await writeOut(io.stdout, joinCardReports(command === "lint" ? "Parley lint" : "Parley", format, judged, unreadable, worst, counted));
  return worst;
}
