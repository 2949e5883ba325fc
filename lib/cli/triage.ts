import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { failsOn } from "../report/formats";
import { toCsv, toMarkdown, triagePair, type TriageCard, type TriageProfile } from "../triage/triage";
import { parseFailOn } from "./check";
import { loadCard, loadProfile, resolveTaskClasses } from "./inputs";
import { type CliIo, EXIT, type ExitCode, UsageError, writeOut } from "./io";

export const TRIAGE_USAGE = `Usage: parley triage --cards DIR|FILE... --profiles LIST|DIR [options]

Reviews every card against every profile: one row per card × profile with the decision per task
class. Exit 1 when any pair reaches --fail-on.

Options:
  --cards DIR|FILE      a card file, or a folder whose *.json files are cards (repeatable)
  --profiles LIST|DIR   presets or profile files, comma-separated (northwind,a2a-python,./p.json),
                        or a folder of profile JSON files
  --task-class ID       a task class to decide (repeatable; default: all)
  --format FORMAT       json (default), csv or markdown
  --fail-on DECISION    reject (default), escalate or defer
  -h, --help            this help
`;

const MAX_CARDS = 1000;

async function expandCards(specs: readonly string[], io: CliIo): Promise<string[]> {
  const out: string[] = [];
  for (const spec of specs) {
    if (/^https?:\/\//i.test(spec) || spec.startsWith("example:")) {
      out.push(spec);
      continue;
    }
    const full = path.resolve(io.cwd, spec);
    const info = await stat(full).catch(() => undefined);
    if (!info) throw new UsageError(`triage: --cards ${spec}: no such file or folder.`);
    if (info.isDirectory()) {
      const names = (await readdir(full)).filter((n) => n.endsWith(".json")).sort();
      if (names.length === 0) throw new UsageError(`triage: --cards ${spec}: the folder holds no .json file.`);
      out.push(...names.map((n) => path.join(spec, n)));
    } else out.push(spec);
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

export async function runTriage(argv: string[], io: CliIo): Promise<ExitCode> {
  let values;
  try {
    values = parseArgs({
      args: argv,
      strict: true,
      options: {
        cards: { type: "string", multiple: true },
        profiles: { type: "string" },
        "task-class": { type: "string", multiple: true },
        format: { type: "string" },
        "fail-on": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }).values;
  } catch (e) {
    throw new UsageError(`triage: ${(e as Error).message}`, true);
  }
  if (values.help) {
    await writeOut(io.stdout, TRIAGE_USAGE);
    return EXIT.ok;
  }
  if (!values.cards?.length) throw new UsageError("triage: --cards is required (a card file or a folder of cards).", true);
  if (!values.profiles) throw new UsageError("triage: --profiles is required (presets, profile files, or a folder).", true);
  const format = values.format ?? "json";
  if (!["json", "csv", "markdown"].includes(format)) throw new UsageError(`triage: --format must be json, csv or markdown, not "${format}".`, true);
  const failOn = parseFailOn(values["fail-on"]);
  const taskClasses = resolveTaskClasses(values["task-class"]);
  const ids = taskClasses.map((t) => t.id);

  const profiles: TriageProfile[] = [];
  for (const spec of await expandProfiles(values.profiles, io)) profiles.push({ id: spec, profile: await loadProfile(spec, io) });
  const cards: TriageCard[] = [];
  for (const spec of await expandCards(values.cards, io)) {
    const loaded = await loadCard(spec, io);
    cards.push({ id: spec, label: spec, text: loaded.text, source: loaded.fetched?.finalUrl ?? spec });
  }

  const cells = cards.flatMap((card) => profiles.map((profile) => triagePair(card, profile, { taskClasses })));
  const failing = cells.some((cell) => Object.values(cell.decisions).some((d) => failsOn(d.decision, failOn)));
  io.decided?.(failing ? EXIT.rejected : EXIT.ok);
  if (format === "csv") await writeOut(io.stdout, toCsv(cells, cards, profiles, ids));
  else if (format === "markdown") await writeOut(io.stdout, toMarkdown(cells, cards, profiles, ids));
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
  return failing ? EXIT.rejected : EXIT.ok;
}
