import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { failsOn } from "../report/formats";
import { type SkippedCard, skippedMarkdown, toCsv, toMarkdown } from "../report/triage";
import { triagePair, type TriageCard, type TriageProfile } from "../triage/triage";
import { parseFailOn } from "./check";
import { type FlagOptions, parseCommandFlags } from "./flag-errors";
import { chooseTaskClasses, findExample, InputReadError, listExamples, loadCard, loadProfile } from "./inputs";
import { type CliIo, EXIT, type ExitCode, UsageError, writeOut } from "./io";

export const TRIAGE_USAGE = `Usage: parley triage --cards DIR|FILE... --profiles LIST|DIR [options]

Reviews every card against every profile: one row per card × profile with the decision per task
class. Exit 1 when any pair reaches --fail-on; exit 2 when a card could not be read (it is listed
on stderr with why, and the other cards are still triaged).

Options:
  --cards DIR|FILE      a card file, or a folder whose *.json files are cards (repeatable)
  --profiles LIST|DIR   presets or profile files, comma-separated (northwind,a2a-python,./p.json),
                        or a folder of profile JSON files
  --task-class ID       a task class to decide (repeatable; default: all)
  --task-class-file FILE  user-defined task classes (a JSON object or array, as for check);
                        decided after the --task-class ones, or alone without --task-class
  --format FORMAT       json (default), csv or markdown
  --fail-on DECISION    reject (default), escalate or defer; add not-for-client (e.g.
                        reject,not-for-client) to fail on classes not for a profile too
  -h, --help            this help
`;

const MAX_CARDS = 1000;

/** A card to read: as the user named it, and whether it came out of a folder (then only a regular file is opened). */
interface CardEntry {
  spec: string;
  inFolder: boolean;
}

async function expandCards(specs: readonly string[], io: CliIo): Promise<CardEntry[]> {
  const out: CardEntry[] = [];
  for (const spec of specs) {
    if (/^https?:\/\//i.test(spec)) {
      out.push({ spec, inFolder: false });
      continue;
    }
    if (spec.startsWith("example:")) {
      // A typo in an example name is an argument mistake: said before any card is read.
      if (!findExample(spec)) throw new UsageError(`triage: --cards ${spec}: no such example. Examples: ${listExamples()}.`);
      out.push({ spec, inFolder: false });
      continue;
    }
    const full = path.resolve(io.cwd, spec);
    const info = await stat(full).catch(() => undefined);
    if (!info) throw new UsageError(`triage: --cards ${spec}: no such file or folder.`);
    if (info.isDirectory()) {
      // Every *.json name is listed, whatever it is: one that is not a readable card file is left
      // out with its reason when it is read, and the others are still triaged.
      const names = (await readdir(full)).filter((n) => n.endsWith(".json")).sort();
      if (names.length === 0) throw new UsageError(`triage: --cards ${spec}: the folder holds no .json file.`);
      out.push(...names.map((n) => ({ spec: path.join(spec, n), inFolder: true })));
    } else out.push({ spec, inFolder: false });
  }
  if (out.length > MAX_CARDS) throw new UsageError(`triage: ${out.length} cards; at most ${MAX_CARDS} in one run.`);
  return out;
}

async function expandProfiles(spec: string, io: CliIo): Promise<string[]> {
  const full = path.resolve(io.cwd, spec);
  const info = await stat(full).catch(() => undefined);
  if (info?.isDirectory()) {
    const names = (await readdir(full)).filter((n) => n.endsWith(".json")).sort();
    if (names.length === 0) throw new UsageError(`triage: --profiles ${spec}: the folder holds no .json file.`);
    return names.map((n) => path.join(spec, n));
  }
  const list = spec.split(",").map((s) => s.trim()).filter(Boolean);
  if (list.length === 0) throw new UsageError("triage: --profiles names no profile.", true);
  return list;
}

const TRIAGE_OPTIONS = {
  cards: { type: "string", multiple: true },
  profiles: { type: "string" },
  "task-class": { type: "string", multiple: true },
  "task-class-file": { type: "string" },
  format: { type: "string" },
  "fail-on": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const satisfies FlagOptions;

export async function runTriage(argv: string[], io: CliIo): Promise<ExitCode> {
  const { values } = parseCommandFlags("triage", argv, TRIAGE_OPTIONS, {
    positional: (argument) => `Cards go after --cards: parley triage --cards ${argument} --profiles northwind`,
  });
  if (values.help) {
    await writeOut(io.stdout, TRIAGE_USAGE);
    return EXIT.ok;
  }
  if (!values.cards?.length) throw new UsageError("triage: --cards is required (a card file or a folder of cards).", true);
  if (!values.profiles) throw new UsageError("triage: --profiles is required (presets, profile files, or a folder).", true);
  const format = values.format ?? "json";
  if (!["json", "csv", "markdown"].includes(format)) throw new UsageError(`triage: --format must be json, csv or markdown, not "${format}".`, true);
  const failOn = parseFailOn(values["fail-on"]);
  const taskClasses = await chooseTaskClasses(values["task-class"], values["task-class-file"], io);
  const ids = taskClasses.map((t) => t.id);

  const profiles: TriageProfile[] = [];
  for (const spec of await expandProfiles(values.profiles, io)) profiles.push({ id: spec, profile: await loadProfile(spec, io, "--profiles") });
  const cards: TriageCard[] = [];
  const skipped: SkippedCard[] = [];
  for (const { spec, inFolder } of await expandCards(values.cards, io)) {
    try {
      const loaded = await loadCard(spec, io, "--cards", inFolder);
      cards.push({ id: spec, label: spec, text: loaded.text, source: loaded.fetched?.finalUrl ?? spec });
    } catch (e) {
      // One card that cannot be read (a broken link, a FIFO, not UTF-8, a failed fetch) does not stop the others.
      if (!(e instanceof InputReadError)) throw e;
      skipped.push({ card: spec, reason: e.why });
    }
  }

  const cells = cards.flatMap((card) => profiles.map((profile) => triagePair(card, profile, { taskClasses })));
  const failing = cells.some((cell) => Object.values(cell.decisions).some((d) => failsOn(d, failOn)));
  // A card left out makes the triage incomplete: exit 2, as batch does for a line it cannot review.
  const exitCode = skipped.length > 0 ? EXIT.unusable : failing ? EXIT.rejected : EXIT.ok;
  io.decided?.(exitCode);
  // Said first, so a reader that stops reading the output early still learns the triage is incomplete.
  if (skipped.length > 0) {
    const total = cards.length + skipped.length;
    const lines = skipped.map((s) => `  ${s.card}: ${s.reason}`);
    await writeOut(io.stderr, `parley triage: ${skipped.length} of ${total} cards could not be read and were left out (exit 2):\n${lines.join("\n")}\n`);
  }
  if (format === "csv") await writeOut(io.stdout, toCsv(cells, cards, profiles, ids));
  else if (format === "markdown") await writeOut(io.stdout, toMarkdown(cells, cards, profiles, ids) + (skipped.length > 0 ? skippedMarkdown(skipped) : ""));
  else {
    const rows = cells.map((cell) => ({
      card: cell.cardId,
      cardName: cell.cardName ?? null,
      profile: profiles.find((p) => p.id === cell.profileId)?.profile.name ?? cell.profileId,
      valid: cell.valid,
      worst: cell.worst,
      decisions: cell.decisions,
    }));
    await writeOut(io.stdout, JSON.stringify(rows, null, 2) + "\n");
  }
  return exitCode;
}
