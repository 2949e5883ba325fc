import { NORTHWIND, type ClientProfile } from "../profile";

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
