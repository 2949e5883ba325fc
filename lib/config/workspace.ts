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
  /** The config's other profiles, by name, when it names several (the workspace takes one). */
  otherProfiles?: string[];
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
  // The workspace reviews for one profile: the first the browser can take; the file's others are named, not dropped silently.
  const usable = profiles.findIndex((p) => p.kind !== "file");
  const profile = profiles[usable];
  if (profile?.kind === "inline") out.profile = profile.profile;
  else if (profile?.kind === "preset") out.profile = findPreset(profile.spec);
  if (profiles.length > 1 && profile) {
    out.otherProfiles = profiles.filter((_, i) => i !== usable).map(profileLabel);
    notes.push(`${name} names ${profiles.length} profiles; the workspace reviews for one at a time, so it took ${profileLabel(profile)}${usable > 0 ? ` (the first it can open)` : ""}. The others: ${out.otherProfiles.join(", ")} (parley check runs them all).`);
  }
  for (const p of profiles) if (p.kind === "file" && !profile) notes.push(`The profile is a file (${p.spec}) the browser cannot open from here: import that file in the profile editor.`);
  const lintCount = reading.config.lintAcknowledgements.length;
  if (lintCount > 0) notes.push(`${name} acknowledges ${lintCount} lint finding${lintCount === 1 ? "" : "s"}: parley lint applies ${lintCount === 1 ? "it" : "them"}; the workspace reviews for a profile, which lint findings do not bear on, so ${lintCount === 1 ? "it is" : "they are"} not listed here (and not in an export).`);
  const { taskClassIds, customTaskClasses = [] } = reading.config;
  if (taskClassIds?.length || customTaskClasses.length) {
    const builtIn = (taskClassIds ?? []).map((id) => BUILT_IN_TASK_CLASSES.find((t) => t.id === id)!);
    out.classes = taskClassIds?.length || customTaskClasses.length === 0 ? [...builtIn, ...customTaskClasses] : [...customTaskClasses];
  }
  return out;
}
