import { type Acknowledgement, BUILT_IN_TASK_CLASSES, type ClientProfile, explainAcknowledgementProblem, findPreset, findTaskClass, type TaskClass } from "../negotiation";
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

export function configFileText(profile: ClientProfile, classes: readonly TaskClass[], acknowledgements: readonly Acknowledgement[] = []): string {
  // A built-in class goes by its id (the config names no skill for one); a class of your own as the object.
  const taskClasses = classes.map((t) => (findTaskClass(t.id) ? t.id : t));
  return JSON.stringify(writeConfig({ profile, taskClasses, acknowledgements }), null, 2) + "\n";
}

export interface WorkspaceImport {
  profile?: ClientProfile;
  /** When the config names several profiles the browser can open: each, by how the file names it, to pick from (the first is `profile`). */
  choices?: Array<{ label: string; profile: ClientProfile }>;
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
  const openable = profiles.flatMap((p) => {
    const opened = p.kind === "inline" ? p.profile : p.kind === "preset" ? findPreset(p.spec) : undefined;
    return opened ? [{ label: profileLabel(p), profile: opened }] : [];
  });
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
  if (lintCount > 0) notes.push(`${name} acknowledges ${lintCount} lint finding${lintCount === 1 ? "" : "s"}: parley lint applies ${lintCount === 1 ? "it" : "them"}; the workspace reviews for a profile, which lint findings do not bear on, so ${lintCount === 1 ? "it is" : "they are"} not listed here (and not in an export).`);
  const { taskClassIds, customTaskClasses = [] } = reading.config;
  if (taskClassIds?.length || customTaskClasses.length) {
    const builtIn = (taskClassIds ?? []).map((id) => BUILT_IN_TASK_CLASSES.find((t) => t.id === id)!);
    out.classes = taskClassIds?.length || customTaskClasses.length === 0 ? [...builtIn, ...customTaskClasses] : [...customTaskClasses];
  }
  return out;
}
