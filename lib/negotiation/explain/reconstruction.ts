import type { ReconstructionLabels } from "../log/reconstruct-seed";

/** English for a card and profile rebuilt from an UnnegotiableAgentCardError message (log/reconstruct-seed.ts). */
export const RECONSTRUCTION_LABELS: ReconstructionLabels = {
  cardName: "Reconstruction from a log line (not the vendor's card)",
  cardDescription:
    "Rebuilt by Parley from an UnnegotiableAgentCardError message: only what the message states is set; the rest of the vendor's card is unknown.",
  profileName: "Reconstruction from a log line (not your client's profile)",
  profileDescription:
    "Only what the message says about the client is declared; every other field is left out, so Parley treats it as unknown and says what to declare.",
};

/** What the explainer says beside "Reproduce in the workspace" for a seed-style message. */
export const RECONSTRUCTION_NOTE = {
  what: "Parley rebuilds the smallest card and client profile that say what this message says — the task class, the modes or the push scheme, streaming off, what the client cannot do — and opens their review. It is a reconstruction: the rest of the vendor's card and of your client is unknown, so Parley may ask you to declare fields the message does not mention.",
  fullRecord:
    "A full Parley decision record would add the exact card (its SHA-256 digest and where it was fetched), the client's whole profile, the conditions of validity, every finding with the card and profile fields it read, and the engine version — enough to reopen the real review, not a reconstruction.",
};
