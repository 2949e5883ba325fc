import type { ReviewContext } from "../context";
import type { DecisionKind } from "../decision-types";
import type { InvariantId } from "./types";
import type { ClientProfile } from "../profile";

/** The rule's conditions of validity and exceptions a rule page shows a row for. */
export const CONDITION_IDS = [
  "renegotiable-client",
  "honored-extension",
  "out-of-band-exchange",
  "prior-task-history",
  "stale-card",
  "fire-and-forget",
  "client-polls",
  "client-buffers",
  "client-configurable-mtls",
  "documented-fallback",
] as const;
export type ConditionId = (typeof CONDITION_IDS)[number];

/** One example card on a rule page, with the inputs it is reviewed under. */
export interface RuleExample {
  title: string;
  /** What differs from the other example, in a sentence. */
  summary: string;
  cardText: string;
  profile: ClientProfile;
  context: ReviewContext;
  /** The decision the page claims per built-in task class. rule-docs.test.ts proves each one. */
  claims: Record<string, DecisionKind>;
}

/** Where an invariant comes from and why it exists: quoted from the rule, or Parley's own reason. */
export interface RuleWhy {
  source: "rule" | "parley";
  /** Heading of the quoted passage, e.g. "What Was Observed (the first incident)". */
  heading: string;
  paragraphs: string[];
}

/** Everything a rule page shows that is not computed. */
export interface RuleDoc {
  id: InvariantId;
  why: RuleWhy;
  /** The task class the failing example rejects on this invariant; the conditions table is about it. */
  focusTaskClass: string;
  failing: RuleExample;
  passing: RuleExample;
  conditions: ConditionId[];
  /** The extension URI the "honored extension" row assumes the server honors. */
  extensionUri: string;
}

/** Conditions of validity every rule page shows; each row says whether the condition can change that invariant's cut. */
export const GENERAL: ConditionId[] = [
  "renegotiable-client",
  "honored-extension",
  "out-of-band-exchange",
  "prior-task-history",
  "stale-card",
];

export const ALL_ACCEPT = {
  "request-response": "accept",
  "live-input": "accept",
  "async-completion": "accept",
  "fire-and-forget": "accept",
  "streaming-output": "accept",
} as const;


/**
 * Northwind on a text-only card: everything but live input, since the card takes no mode Northwind
 * has live (its live mode is audio/pcm), so there is no live input path at all.
 */
export const TEXT_CARD_NORTHWIND = { ...ALL_ACCEPT, "live-input": "reject" } as const;
