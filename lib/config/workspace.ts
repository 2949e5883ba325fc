import { type Acknowledgement, BUILT_IN_TASK_CLASSES, type ClientProfile, explainAcknowledgementProblem, findPreset, findTaskClass, type TaskClass } from "../negotiation";
import { parseCardText } from "../negotiation/card";
import { describeProblem } from "../negotiation/explain";
import { readConfig, writeConfig } from "./schema";

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
  classes?: TaskClass[];
  acknowledgements: Acknowledgement[];
  /** What was left out, and why, one sentence each. */
  notes: string[];
}

export function readConfigFile(text: string, name: string): WorkspaceImport {
  const parsed = parseCardText(text);
  if (!parsed.ok) return { acknowledgements: [], notes: [`${name}: ${describeProblem(parsed.problem)} Nothing was imported.`] };
  const reading = readConfig(parsed.value);
  const notes = reading.problems.map((p) => `${name} ${p.pointer || "(root)"}: ${p.message}.`);
  notes.push(...reading.acknowledgementProblems.map((p) => `${name} ${p.pointer}: ${explainAcknowledgementProblem(p)}`));
  const out: WorkspaceImport = { acknowledgements: reading.config.acknowledgements, notes };
  const profile = reading.config.profile;
  if (profile?.kind === "inline") out.profile = profile.profile;
  else if (profile?.kind === "preset") out.profile = findPreset(profile.spec);
  else if (profile?.kind === "file") notes.push(`The profile is a file (${profile.spec}) the browser cannot open from here: import that file in the profile editor.`);
  const { taskClassIds, customTaskClasses = [] } = reading.config;
  if (taskClassIds?.length || customTaskClasses.length) {
    const builtIn = (taskClassIds ?? []).map((id) => BUILT_IN_TASK_CLASSES.find((t) => t.id === id)!);
    out.classes = taskClassIds?.length || customTaskClasses.length === 0 ? [...builtIn, ...customTaskClasses] : [...customTaskClasses];
  }
  return out;
}
