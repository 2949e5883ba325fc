import { NORTHWIND, type ClientProfile } from "../profile";
import type { ConditionId } from "./types";

/* What several rule pages' examples share: profiles varied from Northwind, claim shorthands. */

/** Northwind, as in the incidents, except that it cannot poll: push is then its only completion path. */
export const NORTHWIND_NO_POLLING: ClientProfile = {
  ...NORTHWIND,
  name: "Northwind without polling",
  description: "Northwind, except that it cannot poll tasks/get: it learns of completion only by push.",
  canPoll: false,
};

/** Northwind, except that the only output it takes is audio. */
export const NORTHWIND_AUDIO_OUT: ClientProfile = {
  ...NORTHWIND,
  name: "Northwind audio-only receiver",
  description: "Northwind, except that it accepts only audio/pcm as output.",
  acceptedOutputModes: ["audio/pcm"],
};

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
