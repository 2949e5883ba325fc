import { NORTHWIND } from "../../profile";
import { TEXT_DESK_MTLS_ONLY, TEXT_DESK_MTLS_OR_OAUTH } from "../../examples/rule-page-cards";
import { GENERAL, type RuleDoc } from "../page-types";
import type { ClientProfile } from "../../profile";

/** Northwind without client certificates: bearer and OAuth2 tokens only. */
const NORTHWIND_TOKENS_ONLY: ClientProfile = {
  ...NORTHWIND,
  name: "Northwind with tokens only",
  description: "Northwind, except that it presents no client certificate: HTTP bearer and OAuth2 tokens only.",
  securitySchemes: ["http", "oauth2"],
};

/** The rule page's text and examples (decisions claimed here are proven by rule-docs.test.ts). */
export const page: RuleDoc = {
  id: "security-satisfiable",
  why: {
    source: "parley",
    heading: "Parley's baseline: credentials the server accepts",
    paragraphs: [
      "A card's security requirements are alternatives, each a set of schemes to present together. A client that can satisfy none of them gets every request refused (401 or 403), so no task of any class can start.",
      "Scheme kinds matter, not names: an mTLS alternative needs a client certificate, an OAuth2 one a token from the stated flow. A task aimed at a skill with requirements of its own is judged against those.",
    ],
  },
  focusTaskClass: "request-response",
  failing: {
    title: "Contoso Text Desk for certificate holders only",
    summary: "The only alternative is mutual TLS; this Northwind presents tokens only.",
    cardText: TEXT_DESK_MTLS_ONLY,
    profile: NORTHWIND_TOKENS_ONLY,
    context: {},
    claims: {
      "request-response": "reject",
      "live-input": "reject",
      "async-completion": "reject",
      "fire-and-forget": "reject",
      "streaming-output": "reject",
    },
  },
  passing: {
    title: "The same desk, also open to OAuth2",
    summary: "A second alternative accepts an OAuth2 token.",
    cardText: TEXT_DESK_MTLS_OR_OAUTH,
    profile: NORTHWIND_TOKENS_ONLY,
    context: {},
    claims: {
      "request-response": "accept",
      "live-input": "reject",
      "async-completion": "accept",
      "fire-and-forget": "accept",
      "streaming-output": "accept",
    },
  },
  conditions: [...GENERAL],
  extensionUri: "https://contoso.example/a2a/ext/token-exchange/v1",
};
