import { NORTHWIND, type ClientProfile } from "../../profile";
import { TEXT_DESK } from "../../examples/rule-page-cards";
import { GENERAL, TEXT_CARD_NORTHWIND, type RuleDoc } from "../page-types";

/** Northwind, with a policy of sending nothing to a card whose signature it cannot verify. */
export const NORTHWIND_SIGNED_ONLY: ClientProfile = {
  ...NORTHWIND,
  name: "Northwind requiring signed cards",
  description: "Northwind, except that it sends nothing to a card unless one of its signatures verifies.",
  requireSignedCard: true,
};

const ALL_REJECT = {
  "request-response": "reject",
  "live-input": "reject",
  "async-completion": "reject",
  "fire-and-forget": "reject",
  "streaming-output": "reject",
} as const;

/** The rule page's text and examples (decisions claimed here are proven by rule-docs.test.ts). */
export const page: RuleDoc = {
  id: "signed-card",
  why: {
    source: "parley",
    heading: "Parley's baseline: a card the client can trust before it sends anything",
    paragraphs: [
      "An Agent Card is fetched before any trust exists between client and server, often from a host the client does not control: every endpoint URL, security scheme and skill in it could have been changed on the way or on the server. A2A 1.0 lets a provider sign its card (a JWS over the card's RFC 8785 canonical form, kept in signatures) so that a client can check the card is the one the provider published.",
      "A client that requires signed cards refuses, before it sends anything, a card that carries no signature, one whose signature it cannot check for want of the signer's key, and one whose signature does not verify. That is a refusal of every task class at once: the card as a whole is not to be trusted, whatever paths it describes.",
    ],
  },
  focusTaskClass: "request-response",
  failing: {
    title: "Contoso Text Desk, unsigned",
    summary: "The card carries no signature and the client requires signed cards.",
    cardText: TEXT_DESK,
    profile: NORTHWIND_SIGNED_ONLY,
    context: {},
    claims: ALL_REJECT,
  },
  passing: {
    title: "Contoso Text Desk, for a client that does not require signatures",
    summary:
      "The same unsigned card, for Northwind as it is: it does not require signed cards (requireSignedCard left out), so the card is reviewed on its paths alone (live input has none: the card takes no mode Northwind has live).",
    cardText: TEXT_DESK,
    profile: NORTHWIND,
    context: {},
    claims: { ...TEXT_CARD_NORTHWIND },
  },
  conditions: [...GENERAL],
  extensionUri: "https://contoso.example/a2a/ext/card-attestation/v1",
};
