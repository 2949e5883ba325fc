import { type Acknowledgement, BUILT_IN_TASK_CLASSES, ClientProfile, explainAcknowledgementProblem, findPreset, findTaskClass, readAcknowledgements, type TaskClass } from "../negotiation";
import { parseCardText } from "../negotiation/card";
import { describeProblem } from "../negotiation/explain";
import { type ConfigProfile, readConfig, writeConfig } from "./schema";

/**
 * The workspace's side of the config file (no files, no DOM): the profile and task classes on
 * screen, and the acknowledgements it holds, written as a parley.config.json `parley check` runs;
 * and such a file read back into what the workspace can take, with a sentence for each part it
 * could not (a profile given as a file path, a field that does not read).
 */
export const CONFIG_EXPORT_NAME = "parley.config.json";
/** A config file is a few kilobytes; the CLI refuses more than this too. */
export const MAX_CONFIG_FILE_BYTES = 1024 * 1024;

/**
 * The config file the workspace imported last, as the file held it: an export writes it back with
 * only what the workspace edits replaced, so nothing it holds is lost (the other profiles, lint
 * acknowledgements, failOn, format, lint's own settings, fields this version does not know).
 */
export interface ImportedConfig {
  /** The file's name, for the status line. */
  name: string;
  /** The file's JSON object, untouched. */
  raw: Record<string, unknown>;
  /** Where the profile the workspace opened came from: its index in `profiles` (0 for `profile`); none when it opened none. */
  profileAt?: number;
  /** That profile as opened, to tell an edit from a profile left as it was. */
  opened?: ClientProfile;
  /** The acknowledgements the workspace read from it (lint ones excepted). */
  acknowledgements: Acknowledgement[];
}

/** An imported config kept in the browser's draft, read back: undefined when it no longer reads (the draft says it was reset). */
export function readImportedConfig(value: unknown): ImportedConfig | undefined {
  const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
  if (!isRecord(value) || typeof value.name !== "string" || !isRecord(value.raw)) return undefined;
  const acknowledgements = readAcknowledgements(value.acknowledgements ?? []);
  if (acknowledgements.problems.length > 0) return undefined;
  const read: ImportedConfig = { name: value.name, raw: value.raw, acknowledgements: acknowledgements.acknowledgements };
  if (value.profileAt !== undefined) {
    const opened = ClientProfile.safeParse(value.opened);
    if (typeof value.profileAt !== "number" || !Number.isInteger(value.profileAt) || value.profileAt < 0 || !opened.success) return undefined;
    read.profileAt = value.profileAt;
    read.opened = opened.data;
  }
  return read;
}

export interface ConfigExport {
  text: string;
  /** What the export kept from the imported file that the page does not show, one phrase each. */
  kept: string[];
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isLintEntry = (entry: unknown) => typeof entry === "object" && entry !== null && !Array.isArray(entry) && "lint" in entry;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export function configFileText(profile: ClientProfile, classes: readonly TaskClass[], acknowledgements: readonly Acknowledgement[] = []): string {
  return exportConfigFile(profile, classes, acknowledgements).text;
}

/**
 * The workspace's export. A config never imported is written from the workspace alone. An imported
 * one is written back as it was, with only what the workspace edits replaced: the profile on screen
 * takes the place of the entry it came from (left as the file wrote it when unedited, so a preset
 * stays its id), the task classes are the workspace's, and the acknowledgements the workspace holds
 * replace the file's rule acknowledgements (the file's entries kept as written when the workspace
 * still holds what it read), its lint acknowledgements kept as they were.
 */
export function exportConfigFile(profile: ClientProfile, classes: readonly TaskClass[], acknowledgements: readonly Acknowledgement[] = [], imported?: ImportedConfig): ConfigExport {
  // A built-in class goes by its id (the config names no skill for one); a class of your own as the object.
  const taskClasses = classes.map((t) => (findTaskClass(t.id) ? t.id : t));
  if (!imported) return { text: JSON.stringify(writeConfig({ profile, taskClasses, acknowledgements }), null, 2) + "\n", kept: [] };
  const out: Record<string, unknown> = { ...imported.raw };
  const kept: string[] = [];
  const edited = imported.opened === undefined || !sameJson(imported.opened, profile);
  const list = Array.isArray(out.profiles) ? [...(out.profiles as unknown[])] : out.profile !== undefined ? [out.profile] : [];
  const at = imported.profileAt;
  if (at !== undefined && at < list.length) {
    if (edited) list[at] = profile;
  } else {
    // The workspace opened none of the file's profiles (files it cannot read): the one on screen joins them.
    list.push(profile);
  }
  if (list.length === 1 && !Array.isArray(out.profiles)) out.profile = list[0];
  else {
    delete out.profile;
    out.profiles = list;
  }
  // The profile on screen is one entry of the list, whichever way it got there.
  if (list.length > 1) kept.push(plural(list.length - 1, "other profile"));
  out.taskClasses = taskClasses;
  const fileEntries: unknown[] = Array.isArray(imported.raw.acknowledgements) ? (imported.raw.acknowledgements as unknown[]) : [];
  const lintEntries = fileEntries.filter(isLintEntry);
  const acknowledged = sameJson(imported.acknowledgements, acknowledgements) ? fileEntries : [...acknowledgements, ...lintEntries];
  if (acknowledged.length > 0) out.acknowledgements = acknowledged;
  else delete out.acknowledgements;
  if (imported.raw.acknowledgements !== undefined && !Array.isArray(imported.raw.acknowledgements)) out.acknowledgements = imported.raw.acknowledgements;
  if (lintEntries.length > 0) kept.push(plural(lintEntries.length, "lint acknowledgement"));
  const settings = ["failOn", "format", "lint"].filter((key) => imported.raw[key] !== undefined);
  if (settings.length > 0) kept.push(settings.join(", "));
  const unknown = Object.keys(imported.raw).filter((key) => !["$schema", "profile", "profiles", "taskClasses", "acknowledgements", "failOn", "format", "lint"].includes(key));
  if (unknown.length > 0) kept.push(`${plural(unknown.length, "field")} it does not know (${unknown.join(", ")})`);
  return { text: JSON.stringify(out, null, 2) + "\n", kept };
}

export interface WorkspaceImport {
  /** The file as it was, for the export to write back (absent when it is not a JSON object). */
  imported?: ImportedConfig;
  profile?: ClientProfile;
  /** When the config names several profiles the browser can open: each, by how the file names it, to pick from (the first is `profile`). */
  choices?: Array<{ label: string; profile: ClientProfile; index: number }>;
  classes?: TaskClass[];
  acknowledgements: Acknowledgement[];
  /** What was left out, and why, one sentence each. */
  notes: string[];
}

/** A config profile as a person names it: the preset id, the file, or the inline profile's name. */
export function profileLabel(profile: ConfigProfile): string {
  return profile.kind === "inline" ? `"${profile.profile.name}"` : profile.spec;
}

export function readConfigFile(text: string, name: string): WorkspaceImport {
  const parsed = parseCardText(text);
  if (!parsed.ok) return { acknowledgements: [], notes: [`${name}: ${describeProblem(parsed.problem)} Nothing was imported.`] };
  const reading = readConfig(parsed.value);
  const notes = reading.problems.map((p) => `${name} ${p.pointer || "(root)"}: ${p.message}.`);
  notes.push(...reading.acknowledgementProblems.map((p) => `${name} ${p.pointer}: ${explainAcknowledgementProblem(p)}`));
  const out: WorkspaceImport = { acknowledgements: reading.config.acknowledgements, notes };
  const profiles = reading.config.profiles ?? [];
  // The workspace reviews for one profile: the first the browser can open, the others offered to pick from.
  const openable = profiles.flatMap((p, index) => {
    const opened = p.kind === "inline" ? p.profile : p.kind === "preset" ? findPreset(p.spec) : undefined;
    return opened ? [{ label: profileLabel(p), profile: opened, index }] : [];
  });
  if (typeof parsed.value === "object" && parsed.value !== null && !Array.isArray(parsed.value)) {
    out.imported = { name, raw: parsed.value as Record<string, unknown>, acknowledgements: reading.config.acknowledgements, ...(openable[0] ? { profileAt: openable[0].index, opened: openable[0].profile } : {}) };
  }
  const files = profiles.filter((p) => p.kind === "file").map((p) => (p.kind === "file" ? p.spec : ""));
  if (openable[0]) out.profile = openable[0].profile;
  if (profiles.length > 1) {
    if (openable.length > 1) out.choices = openable;
    const others = openable.length > 1 ? ` Pick another of its ${openable.length} under "Profile from ${name}"; parley check runs them all.` : " parley check runs them all.";
    if (openable[0]) notes.push(`${name} names ${profiles.length} profiles; the workspace reviews for one at a time and took ${openable[0].label}.${others}`);
  }
  if (files.length > 0) {
    const list = files.join(", ");
    notes.push(`${files.length === 1 ? `The profile ${list} is a file` : `The profiles ${list} are files`} the browser cannot open from here: import ${files.length === 1 ? "that file" : "them"} in the profile editor.`);
  }
  const lintCount = reading.config.lintAcknowledgements.length;
  if (lintCount > 0) notes.push(`${name} acknowledges ${lintCount} lint finding${lintCount === 1 ? "" : "s"}: parley lint applies ${lintCount === 1 ? "it" : "them"}; the workspace reviews for a profile, which lint findings do not bear on, so ${lintCount === 1 ? "it is" : "they are"} not listed here (an export keeps ${lintCount === 1 ? "it" : "them"} as written).`);
  const { taskClassIds, customTaskClasses = [] } = reading.config;
  if (taskClassIds?.length || customTaskClasses.length) {
    const builtIn = (taskClassIds ?? []).map((id) => BUILT_IN_TASK_CLASSES.find((t) => t.id === id)!);
    out.classes = taskClassIds?.length || customTaskClasses.length === 0 ? [...builtIn, ...customTaskClasses] : [...customTaskClasses];
  }
  return out;
}
