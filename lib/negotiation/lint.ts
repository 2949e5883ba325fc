import { locateCardFor, type CardLocation } from "./card-location";
import { makeProblem } from "./card/problems";
import { isNotForClient, outcomeOf, rulesOf, worstOutcome } from "./decide";
import type { DecisionKind, Outcome, RejectTarget } from "./decision-types";
import type { InvariantId } from "./invariants/types";
import { PRESET_IDS, PRESETS, type ClientProfile } from "./profile";
import { review } from "./review";
import type { CardSignatureStatus, SignatureReport } from "./signatures/types";
import type { CardShape } from "./card/model";
import type { ValidityProblem } from "./card/validity";
import { ENGINE_NAME, ENGINE_VERSION } from "./version";

/**
 * A card checked on its own, with no client profile: the question a card's author asks before any
 * client is chosen ("is this card itself fine?"). Data only; explain/lint.ts words it.
 *
 * - validity: the card's problems as the review reads them. Errors mean a conforming client refuses
 *   the card; warnings are what real SDKs trip on (a mode only a skill lists, patch digits in an
 *   interface's protocolVersion, a 0.3 field in a 1.0 card, …). They are the review's own problem
 *   codes, read by severity, never detected again here.
 * - signature: what the card's signatures came to (verification is async and runs before, as for review()).
 * - live: what the card's interfaces answered when asked without creating anything, when the caller
 *   ran that check (the core does no network: it is given the observations, as it is given signatures).
 * - presets: every built-in preset, its decision per built-in task class and its worst outcome. A
 *   class the preset's client itself cannot perform is "not-for-client", apart from reject: it says
 *   nothing about the card.
 */
export interface CardLint {
  engine: { name: string; version: string };
  name: string | null;
  shape: CardShape;
  valid: boolean;
  /** Set for 0.x cards (the rule's capability fields were advisory there). */
  advisory?: { reason: "zeroXAdvisory"; data: Record<string, string | number | boolean | null | string[]> };
  errors: ValidityProblem[];
  warnings: ValidityProblem[];
  signature: { status: CardSignatureStatus; report?: SignatureReport };
  live?: LiveLint;
  presets: PresetLint[];
  /** The lint's answer in one word: invalid (errors) > dead (a live error) > warnings > clean. */
  status: LintStatus;
}

export const LINT_STATUSES = ["clean", "warnings", "live-problems", "invalid"] as const;
export type LintStatus = (typeof LINT_STATUSES)[number];

export interface PresetLint {
  /** The preset's short id (`a2a-python`), as --profile takes it. */
  id: string;
  name: string;
  decisions: PresetDecision[];
  /** The worst outcome over the classes; not-for-client only when every class is. */
  worst: Outcome;
  /** A profile of your own (a config file's, `id` as the file names it), not a preset. */
  own?: true;
}

export interface PresetDecision {
  taskClass: string;
  decision: DecisionKind;
  target?: RejectTarget;
  outcome: Outcome;
  /** The invariants the decision rests on (a decision record's `rules`). */
  rules: InvariantId[];
}

/** One interface as the live check found it (lib/probe's side-effect-free calls, as data). */
export interface LiveInterface {
  index: number;
  /** Where the card declares it. */
  pointer: string;
  url: string;
  binding: string;
  version: string;
  /** The interface the A2A JS SDK's client factory picks. */
  picked: boolean;
  /** Answered as A2A answers a call for a task no one has; null: not called. */
  reachable: boolean | null;
  failure?: { kind: string; detail: string; status?: number };
}

/** What the caller observed of the live agent. */
export interface LiveObservation {
  /** The check could not run at all (the card names nothing to call, or is not readable by the SDK). */
  notRun?: { reason: string; detail: string };
  interfaces: LiveInterface[];
  /** A card claim the agent refused when asked: streaming or push notifications. */
  refused: Array<{ claim: "streaming" | "pushNotifications"; detail: string }>;
  /** The card served with the SDK's A2A-Version header differs from the one served plainly. */
  servedToSdkDiffers?: boolean;
}

export const LIVE_PROBLEM_CODES = {
  // The card says something the agent contradicts: a client that trusts the card fails.
  liveInterfaceUnreachable: "error",
  liveVersionRefused: "error",
  liveBindingRefused: "error",
  liveClaimRefused: "error",
  liveSecurityUndeclared: "error",
  // Worth knowing, no contradiction.
  liveCardDiffersForSdk: "warning",
  liveAnsweredWithError: "warning",
  liveCredentialsNeeded: "note",
  liveNotCalled: "note",
  liveNotProbed: "note",
  liveNotRun: "note",
} as const satisfies Record<string, "error" | "warning" | "note">;
export type LiveProblemCode = keyof typeof LIVE_PROBLEM_CODES;

export interface LiveProblem {
  code: LiveProblemCode;
  severity: "error" | "warning" | "note";
  pointer: string;
  data: Record<string, string | number | boolean>;
}

export interface LiveLint {
  interfaces: LiveInterface[];
  problems: LiveProblem[];
}

export interface LintOptions {
  /** The card's signature report (verifyCardSignatures on the same card), as for review(). */
  signatures?: SignatureReport;
  /** The live check's observations; absent when it did not run. */
  live?: LiveObservation;
  /** The URL the card was fetched from: a warning for each set of preset clients that would not look there. */
  cardUrl?: string;
  /** Profiles of your own (a config file's), decided after the presets as rows of the same table; like theirs, their rejections fail nothing. */
  profiles?: ReadonlyArray<{ id: string; profile: ClientProfile }>;
}

/** Failures that mean nothing (or the wrong thing) is behind the interface's URL. */
const UNREACHABLE = new Set(["refused", "timeout", "notFound", "notA2a"]);

/** Lint a card (its text, or a parsed value) against nothing but itself and the built-in presets. */
export function lintCard(cardInput: unknown, options: LintOptions = {}): CardLint {
  const presets: PresetLint[] = [];
  let first: ReturnType<typeof review> | undefined;
  const rows = [...PRESETS.map((profile, i) => ({ id: PRESET_IDS[i]!, profile, own: false })), ...(options.profiles ?? []).map((p) => ({ ...p, own: true }))];
  for (const row of rows) {
    const profile: ClientProfile = row.profile;
    const result = review(cardInput, profile, { signatures: options.signatures });
    first ??= result;
    const decisions: PresetDecision[] = result.decisions.map((d) => {
      const out: PresetDecision = { taskClass: d.taskClass, decision: d.decision, outcome: outcomeOf(d), rules: rulesOf(d) };
      if (d.target) out.target = d.target;
      return out;
    });
    presets.push({ id: row.id, name: profile.name, decisions, worst: worstOutcome(decisions.map((d) => d.outcome)) ?? "accept", ...(row.own ? { own: true } : {}) });
  }
  const validity = first!.validity;
  const errors = validity.problems.filter((p) => p.severity === "error");
  const warnings = validity.problems.filter((p) => p.severity !== "error");
  if (options.cardUrl !== undefined) warnings.push(...locationWarnings(options.cardUrl));
  const card = first!.card;
  const declaresSecurity = card !== undefined && (card.securitySchemes.length > 0 || card.securityRequirements.length > 0);
  const live = options.live ? lintLive(options.live, declaresSecurity) : undefined;
  const out: CardLint = {
    engine: { name: ENGINE_NAME, version: ENGINE_VERSION },
    name: typeof card?.name === "string" ? card.name : null,
    shape: validity.shape,
    valid: validity.valid,
    errors,
    warnings,
    signature: validity.signature ? { status: validity.signature.status, report: validity.signature } : { status: "unsigned" },
    presets,
    status: !validity.valid ? "invalid" : live?.problems.some((p) => p.severity === "error") ? "live-problems" : warnings.length > 0 ? "warnings" : "clean",
  };
  if (first!.advisory) out.advisory = first!.advisory;
  if (live) out.live = live;
  return out;
}

/**
 * Where the presets' clients look for a card, against the URL it was fetched from: one warning per
 * set of paths that misses it, naming the presets that look there (most share the SDKs' path).
 */
function locationWarnings(cardUrl: string): ValidityProblem[] {
  const groups = new Map<string, { location: CardLocation; clients: string[] }>();
  for (const profile of PRESETS) {
    const location = locateCardFor(cardUrl, profile);
    if (location.status !== "notFound") continue;
    const key = location.cardPaths.join("\n");
    const group = groups.get(key);
    if (group) group.clients.push(profile.name);
    else groups.set(key, { location, clients: [profile.name] });
  }
  return [...groups.values()].map(({ location, clients }) =>
    makeProblem("cardNotWhereClientLooks", "", { url: location.url, path: location.path, cardPaths: location.cardPaths, wouldTry: location.wouldTry, client: clients.join("; ") }),
  );
}

/** The live observations as problems with codes: what a client that trusts the card would meet. */
export function lintLive(observation: LiveObservation, declaresSecurity: boolean): LiveLint {
  const problems: LiveProblem[] = [];
  const add = (code: LiveProblemCode, pointer: string, data: LiveProblem["data"]) => problems.push({ code, severity: LIVE_PROBLEM_CODES[code], pointer, data });
  if (observation.notRun) add("liveNotRun", "", { reason: observation.notRun.reason, detail: observation.notRun.detail });
  if (observation.servedToSdkDiffers) add("liveCardDiffersForSdk", "", {});
  const answering = observation.interfaces.filter((i) => i.reachable === true).length;
  for (const i of observation.interfaces) {
    const failure = i.failure;
    if (!failure) continue;
    const base = { index: i.index, url: i.url, detail: failure.detail };
    // Left out by the probe's own caps or time limit: a call not made, not a binding it cannot speak.
    if (failure.kind === "notCalled") add("liveNotCalled", i.pointer, { ...base, detail: failure.detail.replace(/^not called: /, "") });
    else if (failure.kind === "notProbed") add("liveNotProbed", i.pointer, { index: i.index, binding: i.binding || "none" });
    else if (failure.kind === "blocked") add("liveNotCalled", i.pointer, base);
    else if (i.reachable !== false) continue;
    else if (UNREACHABLE.has(failure.kind)) add("liveInterfaceUnreachable", `${i.pointer}/url`, { ...base, kind: failure.kind, picked: i.picked, answering });
    else if (failure.kind === "versionNotSupported") add("liveVersionRefused", `${i.pointer}/protocolVersion`, { ...base, version: i.version });
    else if (failure.kind === "methodNotFound") add("liveBindingRefused", `${i.pointer}/protocolBinding`, { ...base, binding: i.binding });
    // Credentials asked for where the card declares them are expected; where it declares none, the card is wrong.
    else if (failure.kind === "unauthorized") add(declaresSecurity ? "liveCredentialsNeeded" : "liveSecurityUndeclared", declaresSecurity ? i.pointer : "/securitySchemes", { index: i.index, status: failure.status ?? 0 });
    else add("liveAnsweredWithError", i.pointer, base);
  }
  for (const r of observation.refused) add("liveClaimRefused", `/capabilities/${r.claim}`, { claim: r.claim, detail: r.detail });
  return { interfaces: observation.interfaces, problems };
}

/** Does the lint fail a run (exit 1)? Validity errors and live errors; warnings only when asked. */
export function lintFails(lint: CardLint, failOn: "error" | "warning" = "error"): boolean {
  if (lint.errors.length > 0) return true;
  if (lint.live?.problems.some((p) => p.severity === "error")) return true;
  if (failOn === "warning") return lint.warnings.length > 0 || (lint.live?.problems.some((p) => p.severity === "warning") ?? false);
  return false;
}

/** The presets a card works for (no class rejected or refused except those not for that client). */
export function presetsWithoutRejection(lint: CardLint): PresetLint[] {
  return lint.presets.filter((p) => !p.decisions.some((d) => d.decision === "reject" && !isNotForClient(d)));
}
