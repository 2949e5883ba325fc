import { NORTHWIND } from "../../profile";
import { TEXT_DESK_OPTIONAL_EXTENSION, TEXT_DESK_REQUIRED_EXTENSION } from "../../examples/rule-page-cards";
import { GENERAL, type RuleDoc } from "../page-types";

const ALL_REJECT = {
  "request-response": "reject",
  "live-input": "reject",
  "async-completion": "reject",
  "fire-and-forget": "reject",
  "streaming-output": "reject",
} as const;

/** The rule page's text and examples (decisions claimed here are proven by rule-docs.test.ts). */
export const page: RuleDoc = {
  id: "required-extensions",
  why: {
    source: "parley",
    heading: "Parley's baseline: extensions the server insists on",
    paragraphs: [
      "A card can mark an extension required: the server then refuses any request that does not declare it (in 1.0 with ExtensionSupportRequiredError), whatever the task. A client that does not implement that extension cannot send anything, however well every other field matches.",
      "The extension's URI names its version and, usually, its specification: adding support means implementing that spec and sending the URI in the A2A-Extensions header.",
    ],
  },
  focusTaskClass: "request-response",
  failing: {
    title: "Contoso Text Desk requiring a case-number extension",
    summary: "The card requires https://contoso.example/a2a/ext/case-number/v1; Northwind supports no extension.",
    cardText: TEXT_DESK_REQUIRED_EXTENSION,
    profile: NORTHWIND,
    context: {},
    claims: ALL_REJECT,
  },
  passing: {
    title: "The same extension, optional",
    summary: "The card lists the extension with required: false.",
    cardText: TEXT_DESK_OPTIONAL_EXTENSION,
    profile: NORTHWIND,
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
  extensionUri: "https://contoso.example/a2a/ext/case-number-optional/v1",
};
