import { type Acknowledgement, type AcknowledgementProblem, ClientProfile, findPreset, findTaskClass, MAX_ACKNOWLEDGEMENTS, readAcknowledgements, TaskClass } from "../negotiation";
import { type LintAcknowledgement, readLintAcknowledgement } from "./lint-acknowledgements";

/**
 * `parley.config.json` (or `.parleyrc.json`) as a value: what `check` and `lint` take from it and
 * what the workspace exports and imports. Pure (no files): lib/config/load.ts finds and reads the
 * file, the workspace reads what the user picks. schema/parley-config.schema.json describes the
 * same shape for editors; lib/config/config.test.ts keeps the two in step.
 */
export const CONFIG_FILE_NAMES = ["parley.config.json", ".parleyrc.json"] as const;

export const CONFIG_FORMATS = ["text", "json", "sarif", "junit", "markdown", "github", "gitlab"] as const;
export type ConfigFormat = (typeof CONFIG_FORMATS)[number];

/** A profile as the config gives it: a preset id, a file path (relative to the config file), or the profile itself. */
export type ConfigProfile = { kind: "preset" | "file"; spec: string } | { kind: "inline"; profile: ClientProfile };

export interface ParleyConfig {
  /** The profiles `check` runs for, in order: the file's `profile` (one) or `profiles` (several). */
  profiles?: ConfigProfile[];
  /** Built-in task class ids, in order. */
  taskClassIds?: string[];
  /** User-defined task classes given inline. */
  customTaskClasses?: TaskClass[];
  failOn?: string;
  format?: ConfigFormat;
  acknowledgements: Acknowledgement[];
  /** Acknowledged lint findings (entries naming "lint"): lint's, as acknowledgements are check's. */
  lintAcknowledgements: LintAcknowledgement[];
  lint?: { failOn?: "error" | "warning"; format?: ConfigFormat };
}

/** A field that does not read: its JSON pointer in the file and what is wrong, in English (the CLI prints it). */
export interface ConfigProblem {
  pointer: string;
  message: string;
}

export interface ConfigReading {
  config: ParleyConfig;
  /** Fields that do not read: the CLI refuses the file; the workspace says what it left out. */
  problems: ConfigProblem[];
  /** Acknowledgements that do not read: left out, visibly (the others still apply). */
  acknowledgementProblems: AcknowledgementProblem[];
}

export const CONFIG_KEYS = ["$schema", "profile", "profiles", "taskClasses", "failOn", "format", "acknowledgements", "lint"] as const;
/** More profiles than this in one config is a mistake (or hostile), not a CI matrix. */
export const MAX_CONFIG_PROFILES = 50;
const FAIL_ON_PARTS = ["reject", "escalate", "defer", "not-for-client"];

const describe = (value: unknown) => (value === null ? "null" : Array.isArray(value) ? "an array" : typeof value === "object" ? "an object" : JSON.stringify(value));

/** Reads a parsed config file; never throws. Every problem names its field by JSON pointer. */
export function readConfig(value: unknown): ConfigReading {
  const problems: ConfigProblem[] = [];
  const config: ParleyConfig = { acknowledgements: [], lintAcknowledgements: [] };
  let acknowledgementProblems: AcknowledgementProblem[] = [];
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { config, problems: [{ pointer: "", message: `a config file holds one JSON object, not ${describe(value)}` }], acknowledgementProblems };
  }
  const input = value as Record<string, unknown>;
  for (const key of Object.keys(input)) {
    if (!(CONFIG_KEYS as readonly string[]).includes(key)) problems.push({ pointer: `/${escape(key)}`, message: `unknown field; a config file takes ${CONFIG_KEYS.filter((k) => k !== "$schema").join(", ")}` });
  }
  if (input.profile !== undefined && input.profiles !== undefined) {
    problems.push({ pointer: "/profiles", message: "a config file takes profile (one) or profiles (several), not both: move the profile into profiles" });
  } else if (input.profile !== undefined) {
    const profile = readProfile(input.profile, "/profile", problems);
    if (profile) config.profiles = [profile];
  } else if (input.profiles !== undefined) readProfiles(input.profiles, config, problems);
  if (input.taskClasses !== undefined) readTaskClasses(input.taskClasses, config, problems);
  if (input.failOn !== undefined) {
    const parts = typeof input.failOn === "string" ? input.failOn.split(",").map((p) => p.trim()) : [];
    if (parts.length === 0 || parts.some((p) => !FAIL_ON_PARTS.includes(p)) || parts.filter((p) => p !== "not-for-client").length > 1) {
      problems.push({ pointer: "/failOn", message: `must be reject, escalate or defer, optionally with ",not-for-client" (or not-for-client alone), not ${describe(input.failOn)}` });
    } else config.failOn = parts.join(",");
  }
  if (input.format !== undefined) {
    const format = readFormat(input.format, "/format", problems);
    if (format) config.format = format;
  }
  if (input.acknowledgements !== undefined) {
    // An entry naming "lint" acknowledges a lint finding; the others a rule's (read by the engine's reader).
    const isLint = (entry: unknown) => typeof entry === "object" && entry !== null && !Array.isArray(entry) && "lint" in entry;
    const list: unknown = input.acknowledgements;
    const entries = Array.isArray(list) ? list.map((value: unknown, index) => ({ value, index })) : [];
    const ruleEntries = entries.filter((e) => !isLint(e.value));
    const reading = readAcknowledgements(Array.isArray(list) ? ruleEntries.map((e) => e.value) : list);
    config.acknowledgements = reading.acknowledgements;
    acknowledgementProblems = reading.problems.map((p) => ({ ...p, pointer: `/acknowledgements${p.pointer.replace(/^\/(\d+)/, (_all, i: string) => `/${ruleEntries[Number(i)]?.index ?? i}`)}` }));
    const lintEntries = entries.filter((e) => isLint(e.value));
    if (lintEntries.length > MAX_ACKNOWLEDGEMENTS) acknowledgementProblems.push({ code: "tooMany", pointer: "/acknowledgements", data: { count: lintEntries.length, limit: MAX_ACKNOWLEDGEMENTS } });
    for (const { value, index } of lintEntries.slice(0, MAX_ACKNOWLEDGEMENTS)) {
      const read = readLintAcknowledgement(value as Record<string, unknown>, `/acknowledgements/${index}`);
      if (read.acknowledgement) config.lintAcknowledgements.push(read.acknowledgement);
      const first = read.problems[0];
      if (first) acknowledgementProblems.push({ code: "invalidAcknowledgement", pointer: `/acknowledgements/${index}`, data: { message: first.message, field: first.pointer.split("/").slice(3).join("."), lint: true } });
    }
  }
  if (input.lint !== undefined) readLint(input.lint, config, problems);
  if (input.$schema !== undefined && typeof input.$schema !== "string") problems.push({ pointer: "/$schema", message: "must be a string (the schema's path or URL)" });
  return { config, problems, acknowledgementProblems };
}

function readProfiles(value: unknown, config: ParleyConfig, problems: ConfigProblem[]): void {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push({ pointer: "/profiles", message: `must be a non-empty array of preset ids, profile file paths and client profile objects, not ${describe(value)}` });
    return;
  }
  if (value.length > MAX_CONFIG_PROFILES) problems.push({ pointer: "/profiles", message: `holds ${value.length} profiles; at most ${MAX_CONFIG_PROFILES}` });
  const profiles = value.slice(0, MAX_CONFIG_PROFILES).map((entry, i) => readProfile(entry, `/profiles/${i}`, problems));
  if (profiles.every((p) => p !== undefined)) config.profiles = profiles;
}

function readProfile(value: unknown, at: string, problems: ConfigProblem[]): ConfigProfile | undefined {
  if (typeof value === "string" && value.trim() !== "") {
    const looksLikePath = value.endsWith(".json") || value.includes("/") || value.includes("\\");
    if (!looksLikePath && findPreset(value)) return { kind: "preset", spec: value };
    return { kind: "file", spec: value };
  }
  if (typeof value === "object" && value !== null && !Array.isArray(value)) {
    const parsed = ClientProfile.safeParse(value);
    if (parsed.success) return { kind: "inline", profile: parsed.data };
    for (const issue of parsed.error.issues.slice(0, 10)) problems.push({ pointer: `${at}${pointerOf(issue.path)}`, message: issue.message });
    return undefined;
  }
  problems.push({ pointer: at, message: `must be a preset id, a profile file's path or a client profile object, not ${describe(value)}` });
  return undefined;
}

function readTaskClasses(value: unknown, config: ParleyConfig, problems: ConfigProblem[]): void {
  if (!Array.isArray(value) || value.length === 0) {
    problems.push({ pointer: "/taskClasses", message: `must be a non-empty array of task class ids and task class objects, not ${describe(value)}` });
    return;
  }
  if (value.length > 50) problems.push({ pointer: "/taskClasses", message: `holds ${value.length} task classes; at most 50` });
  const ids: string[] = [];
  const custom: TaskClass[] = [];
  value.slice(0, 50).forEach((entry, i) => {
    const at = `/taskClasses/${i}`;
    if (typeof entry === "string") {
      if (findTaskClass(entry)) ids.push(entry);
      else problems.push({ pointer: at, message: `unknown task class "${entry}"; a built-in id, or an object defining your own` });
      return;
    }
    const parsed = TaskClass.safeParse(entry);
    if (!parsed.success) {
      for (const issue of parsed.error.issues.slice(0, 5)) problems.push({ pointer: `${at}${pointerOf(issue.path)}`, message: issue.message });
      return;
    }
    if (findTaskClass(parsed.data.id)) problems.push({ pointer: `${at}/id`, message: `"${parsed.data.id}" is a built-in task class id; give yours another id` });
    else custom.push(parsed.data);
  });
  if (ids.length > 0) config.taskClassIds = ids;
  if (custom.length > 0) config.customTaskClasses = custom;
}

function readFormat(value: unknown, pointer: string, problems: ConfigProblem[]): ConfigFormat | undefined {
  if (typeof value === "string" && (CONFIG_FORMATS as readonly string[]).includes(value)) return value as ConfigFormat;
  problems.push({ pointer, message: `must be one of ${CONFIG_FORMATS.join(", ")}, not ${describe(value)}` });
  return undefined;
}

function readLint(value: unknown, config: ParleyConfig, problems: ConfigProblem[]): void {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    problems.push({ pointer: "/lint", message: `must be an object (failOn, format), not ${describe(value)}` });
    return;
  }
  const lint: NonNullable<ParleyConfig["lint"]> = {};
  for (const [key, v] of Object.entries(value)) {
    if (key === "failOn") {
      if (v === "error" || v === "warning") lint.failOn = v;
      else problems.push({ pointer: "/lint/failOn", message: `must be error or warning, not ${describe(v)}` });
    } else if (key === "format") {
      const format = readFormat(v, "/lint/format", problems);
      if (format) lint.format = format;
    } else problems.push({ pointer: `/lint/${escape(key)}`, message: "unknown field; lint takes failOn and format" });
  }
  config.lint = lint;
}

function escape(key: string): string {
  return key.replace(/~/g, "~0").replace(/\//g, "~1");
}

function pointerOf(path: readonly PropertyKey[]): string {
  return path.map((p) => `/${escape(String(p))}`).join("");
}

/**
 * The config file the workspace exports: its current profile and task classes (built-in ids and
 * user-defined classes), and the acknowledgements it holds; `readConfig` reads it back.
 */
export function writeConfig(input: { profile: ClientProfile | string; taskClasses: Array<string | TaskClass>; acknowledgements?: readonly Acknowledgement[]; failOn?: string }): Record<string, unknown> {
  return {
    $schema: "./node_modules/parley-a2a/schema/parley-config.schema.json",
    profile: input.profile,
    taskClasses: input.taskClasses,
    ...(input.failOn ? { failOn: input.failOn } : {}),
    ...(input.acknowledgements?.length ? { acknowledgements: input.acknowledgements } : {}),
  };
}
