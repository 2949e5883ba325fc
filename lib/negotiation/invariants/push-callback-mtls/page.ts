import { CONTOSO_PUSH_MTLS } from "../../examples/incidents";
import { PUSH_API_KEY } from "../../examples/rule-page-cards";
import { NORTHWIND_NO_POLLING } from "../../examples/rule-page-profiles";
import { ALL_ACCEPT, GENERAL, type RuleDoc } from "../page-types";

/** The rule page's text and examples (decisions claimed here are proven by rule-docs.test.ts). */
export const page: RuleDoc = {
  id: "push-callback-mtls",
  why: {
    source: "rule",
    heading: "The rule's second invariant, and the incident behind it",
    paragraphs: [
      "A card can offer push notifications, with the callback on another origin than the card's endpoint, while the security scheme the server uses for its outbound callbacks demands mutual TLS. Each field is legal. But a client whose callback listener is plain HTTPS cannot finish the handshake the server starts, so every notification is lost — while registering the push config itself succeeds.",
      "In the incident, Northwind registered a push config with Contoso and then received nothing: every callback failed at the TLS handshake. The server logged each notification as dispatched, the client logged none received, and the task sat in working until the client's own 40-minute timeout.",
    ],
  },
  focusTaskClass: "async-completion",
  failing: {
    title: CONTOSO_PUSH_MTLS.title,
    summary: "Push callbacks go out under an mTLS-only scheme; Northwind's listener is plain HTTPS and it cannot poll.",
    cardText: CONTOSO_PUSH_MTLS.text,
    profile: NORTHWIND_NO_POLLING,
    context: {},
    claims: { ...ALL_ACCEPT, "async-completion": "reject" },
  },
  passing: {
    title: "Contoso: push under an API key",
    summary: "The same card naming an API-key scheme for push callbacks instead of the mTLS one.",
    cardText: PUSH_API_KEY,
    profile: NORTHWIND_NO_POLLING,
    context: {},
    claims: { ...ALL_ACCEPT },
  },
  conditions: [...GENERAL, "client-polls", "client-configurable-mtls", "fire-and-forget"],
  extensionUri: "https://contoso.example/a2a/ext/plain-callbacks/v1",
};
