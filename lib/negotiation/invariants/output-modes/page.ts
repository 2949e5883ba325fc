import { NORTHWIND } from "../../profile";
import { READ_ALOUD_DESK, TEXT_DESK } from "../../examples/rule-page-cards";
import { GENERAL, type RuleDoc } from "../page-types";

/** The rule page's text and examples (decisions claimed here are proven by rule-docs.test.ts). */
export const page: RuleDoc = {
  id: "output-modes",
  why: {
    source: "parley",
    heading: "Parley's baseline: an answer the client can read",
    paragraphs: [
      "A task that awaits output is only useful if the client can read the answer. If the card emits only media types the client does not accept, the task completes and its artifacts are unusable; A2A's acceptedOutputModes left out means any, so only a client that says what it accepts can be refused.",
      "Aimed at no particular skill, a card whose skills differ counts every skill: when some answer in modes the client cannot read, tasks aimed at them are lost (degraded, naming them); when none can be read, the output path is gone.",
    ],
  },
  focusTaskClass: "request-response",
  failing: {
    title: "Contoso Read-aloud Desk",
    summary: "The card answers in audio/mpeg only; Northwind reads text/plain and audio/pcm.",
    cardText: READ_ALOUD_DESK,
    profile: NORTHWIND,
    context: {},
    claims: {
      "request-response": "reject",
      "live-input": "reject",
      "async-completion": "reject",
      "fire-and-forget": "accept",
      "streaming-output": "reject",
    },
  },
  passing: {
    title: "Contoso Text Desk",
    summary: "The same desk answering in text/plain.",
    cardText: TEXT_DESK,
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
  extensionUri: "https://contoso.example/a2a/ext/text-transcript/v1",
};
