import { NORTHWIND } from "../../profile";
import { TEXT_DESK, TEXT_DESK_GRPC } from "../../examples/rule-page-cards";
import { GENERAL, TEXT_CARD_NORTHWIND, type RuleDoc } from "../page-types";

/** The rule page's text and examples (decisions claimed here are proven by rule-docs.test.ts). */
export const page: RuleDoc = {
  id: "shared-transport",
  why: {
    source: "parley",
    heading: "Parley's baseline: every path rides a shared binding",
    paragraphs: [
      "Every lifecycle path (input, completion, output) travels over one of the card's interfaces. If the card is served only over bindings the client does not speak (gRPC to a JSON-RPC-only client), no path of any task class is reachable, however well the rest of the card matches.",
      "The rule takes a shared transport for granted; Parley checks it first so that a binding mismatch is reported as what it is, not as a missing stream or a dropped callback.",
    ],
  },
  focusTaskClass: "request-response",
  failing: {
    title: "Contoso Text Desk over gRPC",
    summary: "The card's only interface is gRPC; Northwind speaks JSON-RPC.",
    cardText: TEXT_DESK_GRPC,
    profile: NORTHWIND,
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
    title: "Contoso Text Desk over JSON-RPC",
    summary: "The same card served over JSON-RPC.",
    cardText: TEXT_DESK,
    profile: NORTHWIND,
    context: {},
    claims: { ...TEXT_CARD_NORTHWIND },
  },
  conditions: [...GENERAL],
  extensionUri: "https://contoso.example/a2a/ext/jsonrpc-gateway/v1",
};
