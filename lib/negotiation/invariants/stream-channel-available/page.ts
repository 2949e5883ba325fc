import { NORTHWIND } from "../../profile";
import { TEXT_DESK, TEXT_DESK_NO_STREAMING } from "../../examples/rule-page-cards";
import { GENERAL, TEXT_CARD_NORTHWIND, type RuleDoc } from "../page-types";

/** The rule page's text and examples (decisions claimed here are proven by rule-docs.test.ts). */
export const page: RuleDoc = {
  id: "stream-channel-available",
  why: {
    source: "parley",
    heading: "Parley's baseline: the stream completion path",
    paragraphs: [
      "A streaming-output task learns of its results, and of its completion, over a server stream. If the card does not stream, or the client cannot consume a stream, that task's only completion path is gone before the first task is created.",
      "The rule's reasoning applied to the stream channel: reject before tasks/send when the only completion-notification path of the intended task class is unreachable.",
    ],
  },
  focusTaskClass: "streaming-output",
  failing: {
    title: "Contoso Text Desk, streaming off",
    summary: "capabilities.streaming is false.",
    cardText: TEXT_DESK_NO_STREAMING,
    profile: NORTHWIND,
    context: {},
    claims: { ...TEXT_CARD_NORTHWIND, "streaming-output": "reject" },
  },
  passing: {
    title: "Contoso Text Desk, streaming on",
    summary: "The same card with capabilities.streaming set to true.",
    cardText: TEXT_DESK,
    profile: NORTHWIND,
    context: {},
    claims: { ...TEXT_CARD_NORTHWIND },
  },
  conditions: [...GENERAL],
  extensionUri: "https://contoso.example/a2a/ext/long-poll-results/v1",
};
