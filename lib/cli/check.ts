import {
  acknowledgeReview,
  type ClassAcknowledgement,
  type ClientProfile,
  describeAcknowledgement,
  describeClassAcknowledgement,
  digestCardText,
  type ReviewContext,
  isNotForClient,
  type Review,
  review,
  type TaskClass,
} from "../negotiation";
import { CONFIG_FLAGS, loadConfig, type LoadedConfig } from "../config/load";
import type { ConfigProfile, ParleyConfig } from "../config/schema";
import { annotationsForProfile, codeQualityForProfile, sarifForProfile } from "./profile-reports";
import { explainInputError } from "../negotiation/explain";
import { loadCard as loadCardModel } from "../negotiation/card";
import { type FlagOptions, parseCommandFlags } from "./flag-errors";
import { allowLoopbackIo, colorDecisionLines, OUTPUT_FLAGS, openReportOutput } from "./output";
import { formatReviewText } from "./format-text";
import { chooseTaskClasses, loadCard, loadContext, loadProfile, resolveTaskClasses } from "./inputs";
import { type CliIo, EXIT, type ExitCode, UsageError, writeOut } from "./io";
import { buildRecords, parseLinkBase } from "./records";
import { toReviewJson } from "./review-json";
import { renderDecisionMarkdown } from "../report/markdown";
import { safeLines } from "../report/escape";
import { toGitlabCodeQuality } from "../report/gitlab";
import { FAIL_ON, failOnLabel, failPolicy, failsOn, toGithubAnnotations, toJunit, toSarif, type FailOn, type FailPolicy } from "../report/formats";
import { SIGNATURE_FLAGS, signatureSetupFromFlags, verifyIfSigned } from "./signatures";
import { checkUsage } from "./usage";
import { expandCardSpecs, judgeCards } from "./many-cards";
import { markAcknowledgedAnnotations, markAcknowledgedCodeQuality, markAcknowledgedJunit, markAcknowledgedResults } from "../report/acknowledged";
import { baseUrlFromEnv, docsBaseOf, readFormat, REPORT_FORMATS } from "./command-flags";

/** `check`: a card for a profile → a review on stdout (several cards or profiles: one report), the exit code says whether anything is rejected. */
export async function runCheck(argv: string[], commandIo: CliIo): Promise<ExitCode> {
  const { values } = parseCommandFlags("check", argv, CHECK_OPTIONS, {
    positional: (argument) => `The card goes after --card: parley check --card ${argument} --profile northwind`,
  });
  if (values.help) {
    await writeOut(commandIo.stdout, checkUsage());
    return EXIT.ok;
  }
  const output = await openReportOutput("check", values, allowLoopbackIo(commandIo, values["allow-loopback"]));
  try {
    return await checkWith(values, output.io, output.color);
  } finally {
    await output.close();
  }
}

/**
 * Several `--card`s (or a glob) are judged one by one into one report (many-cards.ts); so are a
 * config's several `profiles`, each card once per profile, each result saying its profile. One
 * card for one profile is reported as ever.
 */
async function checkWith(values: CheckValues, io: CliIo, color: boolean): Promise<ExitCode> {
  const loaded = await loadConfig("check", values, io);
  if (!values.card?.length) throw new UsageError("check: --card is required (a file, an http(s) URL, or - for stdin).", true);
  const specs = await expandCardSpecs("check", values.card, io.cwd);
  // --profile (repeatable) wins over the config's; without either, checkOne says what is missing.
  const flagged = [...new Set(values.profile ?? [])];
  const profiles: ConfigProfile[] = flagged.length > 0 ? flagged.map((spec) => ({ kind: "file", spec })) : (loaded?.config.profiles ?? []);
  const one = { ...values, profile: flagged[0] };
  if (profiles.length <= 1) {
    if (specs.length === 1) return checkOne({ ...one, card: specs[0]! }, loaded, io, color);
    const format = readFormat("check", values.format ?? loaded?.config.format, REPORT_FORMATS);
    return judgeCards("check", specs, format, io, (spec, cardIo) => checkOne({ ...one, card: spec }, loaded, cardIo, false));
  }
  const format = readFormat("check", values.format ?? loaded?.config.format, REPORT_FORMATS);
  const labels = profileLabels(profiles);
  const runs = new Map<string, { spec: string; index: number }>(specs.flatMap((spec) => profiles.map((_, index) => [`${spec} × ${labels[index]!}`, { spec, index }] as const)));
  return judgeCards("check", [...runs.keys()], format, io, (label, runIo) => {
    const run = runs.get(label)!;
    return checkOne({ ...values, card: run.spec, profile: flagged[run.index] }, loaded, runIo, false, run.index);
  }, `reviews (${specs.length === 1 ? "1 card" : `${specs.length} cards`} × ${profiles.length} profiles)`);
}

/** Each config profile's name in a several-profile report: its preset id, file or profile name, numbered when two read alike. */
export function profileLabels(profiles: readonly ConfigProfile[]): string[] {
  const plain = profiles.map((p) => (p.kind === "inline" ? p.profile.name : p.spec));
  return plain.map((label, i) => (plain.indexOf(label) === plain.lastIndexOf(label) ? label : `${label} (profiles/${i})`));
}

/** One card for one profile: a --profile's, else the config's (`profileIndex` of several; set only when there are several). */
async function checkOne(values: Omit<CheckValues, "card" | "profile"> & { card: string; profile?: string }, loaded: LoadedConfig | undefined, io: CliIo, color: boolean, profileIndex?: number): Promise<ExitCode> {
  const config = loaded?.config;
  if (!values.profile && !config?.profiles?.length) throw new UsageError(`check: --profile is required (a profile JSON file or a preset name)${loaded ? `; ${loaded.file} names none` : ", or a config file's profile"}.`, true);
  const format = readFormat("check", values.format ?? config?.format, REPORT_FORMATS);
  const failOn = parseFailOn(values["fail-on"] ?? config?.failOn);

  // Cheap argument checks first, so a typo is reported before a network fetch.
  const fromFlags = values["task-class"] !== undefined || values["task-class-file"] !== undefined;
  const taskClasses = fromFlags || !loaded ? await chooseTaskClasses(values["task-class"], values["task-class-file"], io) : configTaskClasses(loaded.config);
  // Without --link-base / --docs-base, the instance's PARLEY_BASE_URL (the server's own setting) is the base.
  const envBase = values["link-base"] === undefined || values["docs-base"] === undefined ? baseUrlFromEnv(io.env) : undefined;
  const linkBase = parseLinkBase(values["link-base"]) ?? envBase;
  const docsBase = docsBaseOf("check", values["docs-base"], envBase);
  const profile = values.profile ? await loadProfile(values.profile, io) : await configProfile(loaded!, profileIndex ?? 0, io);
  const context: ReviewContext | undefined = values.context ? await loadContext(values.context, io) : undefined;
  const signatureSetup = await signatureSetupFromFlags(values, io);
  const card = await loadCard(values.card, io);
  const aimed = values.skill === undefined ? taskClasses : aimAtSkill(values.skill, taskClasses, card.text);

  const signatures = await verifyIfSigned(card.text, signatureSetup);
  // A fetched card's URL: the review warns when this client, handed the agent, would look elsewhere.
  const result = review(card.text, profile, { context, taskClasses: aimed, signatures, cardUrl: card.fetched?.finalUrl });
  if (result.inputErrors?.length) {
    // The CLI validated profile, context and task classes already; this is an engine failure.
    throw new UsageError(`check: the review could not run: ${result.inputErrors.map(explainInputError).join(" ")}`);
  }
  const json = toReviewJson(result);
  // Acknowledged findings: shown with their decision, never hidden; an acknowledged class does not fail the run.
  const acknowledgements = config?.acknowledgements.length ? acknowledgeReview(result, config.acknowledgements, { now: new Date(), cardDigest: digestCardText(card.text) }) : [];
  const isAcknowledged = (taskClass: string) => acknowledgements.some((a) => a.taskClass === taskClass && a.acknowledged);
  const failing = result.decisions.filter((d) => failsOn(d, failOn) && !isAcknowledged(d.taskClass)).map((d) => d.taskClass);
  const exitCode = failing.length > 0 ? EXIT.rejected : EXIT.ok;
  io.decided?.(exitCode);
  const report = { review: result, cardText: card.text, cardUri: card.source, docsBase, failOn };
  // One of several profiles: each result says which (JUnit's suite and JSON's profile already do).
  const forProfile = profileIndex === undefined ? undefined : result.profile.name;
  if (format === "sarif") {
    const log = markAcknowledgedResults(toSarif(report), acknowledgements);
    await writeOut(io.stdout, JSON.stringify(forProfile === undefined ? log : sarifForProfile(log, forProfile, profileIndex!), null, 2) + "\n");
  } else if (format === "junit") {
    await writeOut(io.stdout, markAcknowledgedJunit(toJunit(report), acknowledgements));
  } else if (format === "github") {
    const annotations = markAcknowledgedAnnotations(toGithubAnnotations(report), acknowledgements);
    await writeOut(io.stdout, forProfile === undefined ? annotations : annotationsForProfile(annotations, forProfile));
  } else if (format === "gitlab") {
    const issues = markAcknowledgedCodeQuality(toGitlabCodeQuality(report), acknowledgements);
    await writeOut(io.stdout, JSON.stringify(forProfile === undefined ? issues : codeQualityForProfile(issues, forProfile), null, 2) + "\n");
  } else if (format === "markdown") {
    const link = linkBase ? (buildRecords(result, card, { context, linkBase, acknowledgements: config?.acknowledgements })[0] as { reviewLink?: string } | undefined)?.reviewLink : undefined;
    await writeOut(io.stdout, renderDecisionMarkdown(result, link) + (acknowledgements.length ? acknowledgementMarkdown(acknowledgements, loaded!.file) : ""));
  } else if (format === "json") {
    const source = { source: card.source, ...(card.fetched ? { fetched: card.fetched } : {}) };
    const doc = {
      engine: result.engine,
      card: { name: result.card?.name ?? null, ...source },
      profile: result.profile.name,
      ...json,
      records: buildRecords(result, card, { context, ...(linkBase ? { linkBase } : {}), reviewLink: values["no-review-link"] !== true, acknowledgements: config?.acknowledgements }),
      ...(loaded ? { config: loaded.file } : {}),
      ...(acknowledgements.length ? { acknowledgements: acknowledgementsJson(acknowledgements) } : {}),
      exitCode,
    };
    await writeOut(io.stdout, JSON.stringify(doc, null, 2) + "\n");
  } else {
    await writeOut(io.stdout, colorDecisionLines(formatReviewText(result, json, card), color));
    if (acknowledgements.length) await writeOut(io.stdout, acknowledgementLines(acknowledgements, loaded!.file));
    await writeOut(io.stdout, exitLine(result.decisions, failing, failOn, acknowledgements.filter((a) => a.acknowledged && failsOn(a.decision, failOn)).map((a) => a.taskClass)));
  }
  return exitCode;
}

/**
 * `--fail-on reject|escalate|defer`: the mildest decision that makes exit code 1 (default reject);
 * `not-for-client`, alone or after a comma (`defer,not-for-client`), also fails on classes the
 * client itself cannot perform, which by default do not fail the run (no fault of the card).
 */
export function parseFailOn(value: string | undefined): FailPolicy {
  if (value === undefined) return failPolicy(["reject"]);
  const parts = value.split(",").map((part) => part.trim());
  const bad = parts.find((part) => !(FAIL_ON as readonly string[]).includes(part));
  if (bad !== undefined) throw new UsageError(`--fail-on must be one of ${FAIL_ON.join(", ")} (or a threshold and not-for-client, comma-separated), not "${value}".`, true);
  const thresholds = parts.filter((part) => part !== "not-for-client");
  if (thresholds.length > 1) throw new UsageError(`--fail-on takes one of reject, escalate or defer (and not-for-client), not "${value}".`, true);
  return failPolicy(parts as FailOn[]);
}

/** The text format's last line: what failed the run, and the classes that are not for this client (which did not). */
function exitLine(decisions: Review["decisions"], failing: string[], failOn: FailPolicy, acknowledged: string[] = []): string {
  const plain = failOn.threshold === "reject" && !failOn.notForClient;
  const what = plain ? "Rejected" : `At or past --fail-on ${failOnLabel(failOn)}`;
  const unacknowledged = acknowledged.length ? " that is not acknowledged" : "";
  let out = failing.length ? `\n${what}: ${failing.join(", ")} (exit 1)\n` : `\nNothing ${plain ? "rejected" : `at or past --fail-on ${failOnLabel(failOn)}`}${unacknowledged} (exit 0)\n`;
  if (acknowledged.length) out += `Acknowledged (known and accepted, not failing the run): ${acknowledged.join(", ")}\n`;
  const notForClient = decisions.filter((d) => isNotForClient(d) && !failing.includes(d.taskClass)).map((d) => d.taskClass);
  if (notForClient.length > 0) out += `Not for this client (the client's own limits, not a failure; --fail-on not-for-client to fail on them): ${notForClient.join(", ")}\n`;
  return out;
}

/**
 * Every requested task class aimed at one skill of the card (its modes and security then apply).
 * A skill the card does not have is a usage error naming the skills it has.
 */
function aimAtSkill(skill: string, requested: readonly TaskClass[], cardText: string): TaskClass[] {
  const card = loadCardModel(cardText).card;
  const skills = (card?.skills ?? []).map((s) => s.id ?? s.name).filter((id): id is string => id !== undefined);
  if (!skills.includes(skill)) {
    throw new UsageError(`check: --skill ${skill}: the card has no such skill. Its skills: ${skills.length > 0 ? skills.join(", ") : "none"}.`);
  }
  return requested.map((taskClass) => ({ ...taskClass, skill }));
}

/** The task classes a config file names: its built-in ids (default all), then its own classes; its own alone when it names no id. */
function configTaskClasses(config: ParleyConfig): TaskClass[] {
  const custom = config.customTaskClasses ?? [];
  return config.taskClassIds?.length || custom.length === 0 ? [...resolveTaskClasses(config.taskClassIds), ...custom] : [...custom];
}

/** One of the config file's profiles: a preset, a file relative to the config file's folder, or the profile itself. */
export async function configProfile(loaded: LoadedConfig, index: number, io: CliIo): Promise<ClientProfile> {
  const profiles = loaded.config.profiles!;
  const profile = profiles[index]!;
  if (profile.kind === "inline") return profile.profile;
  return loadProfile(profile.spec, { ...io, cwd: loaded.dir }, `${loaded.file} ${profiles.length > 1 ? `profiles/${index}` : "profile"}`);
}

/** The text format's acknowledgement section: each class an acknowledgement bears on, what covers it, and what expired. */
function acknowledgementLines(entries: readonly ClassAcknowledgement[], file: string): string {
  const lines: string[] = [];
  for (const entry of entries) {
    const said = describeClassAcknowledgement(entry);
    if (said === undefined) continue;
    lines.push(`  ${said}`);
    for (const applied of entry.applied) lines.push(`    ${describeAcknowledgement(applied.acknowledgement)}`);
  }
  // The reasons are the config file's text: kept on their lines, controls shown, CI commands defused.
  return lines.length ? `\n${safeLines([`Acknowledgements (${file}):`, ...lines])}\n` : "";
}

/** The Markdown format's acknowledgement section: the same sentences as a list, under the decisions. */
function acknowledgementMarkdown(entries: readonly ClassAcknowledgement[], file: string): string {
  const items = entries.flatMap((entry) => {
    const said = describeClassAcknowledgement(entry);
    return said === undefined ? [] : [`- ${said}`, ...entry.applied.map((a) => `  - ${describeAcknowledgement(a.acknowledgement)}`)];
  });
  return items.length ? `\n${safeLines([`**Acknowledgements** (\`${file}\`):`, "", ...items])}\n` : "";
}

/** `--format json`'s acknowledgements: per class it bears on, whether it is acknowledged, what applies and what expired. */
function acknowledgementsJson(entries: readonly ClassAcknowledgement[]) {
  return entries
    .filter((e) => e.applied.length > 0 || e.expired.length > 0)
    .map((e) => ({
      taskClass: e.taskClass,
      decision: e.decision,
      acknowledged: e.acknowledged,
      applied: e.applied.map((a) => a.acknowledgement),
      expired: e.expired.map((a) => a.acknowledgement),
      unacknowledged: e.unacknowledged,
      message: describeClassAcknowledgement(e),
    }));
}

const CHECK_OPTIONS = {
  card: { type: "string", multiple: true },
  profile: { type: "string", multiple: true },
  "task-class": { type: "string", multiple: true },
  context: { type: "string" },
  format: { type: "string" },
  "link-base": { type: "string" },
  "no-review-link": { type: "boolean" },
  skill: { type: "string" },
  "fail-on": { type: "string" },
  "docs-base": { type: "string" },
  "task-class-file": { type: "string" },
  ...SIGNATURE_FLAGS,
  "allow-loopback": { type: "boolean" },
  ...CONFIG_FLAGS,
  ...OUTPUT_FLAGS,
  help: { type: "boolean", short: "h" },
} as const satisfies FlagOptions;

type CheckValues = ReturnType<typeof parseCommandFlags<typeof CHECK_OPTIONS>>["values"];
