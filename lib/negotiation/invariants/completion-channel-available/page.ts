import { TEXT_DESK, TEXT_DESK_PUSH } from "../../examples/rule-page-cards";
import { NORTHWIND_NO_POLLING } from "../../examples/rule-page-profiles";
import { GENERAL, TEXT_CARD_NORTHWIND, type RuleDoc } from "../page-types";

/** The rule page's text and examples (decisions claimed here are proven by rule-docs.test.ts). */
export const page: RuleDoc = {
  id: "completion-channel-available",
  why: {
    source: "parley",
    heading: "Parley's baseline: the completion-notification path",
    paragraphs: [
      "An async task is only useful if the client learns that it finished: by a push callback (the card offers push and the client listens) or by polling tasks/get. With neither, the task runs to completion on the server and the client never finds out: the 40-minute stall of the rule's second incident, without even a dropped callback to blame.",
      "The rule: reject before tasks/send when the only completion-notification path for the intended task class is unreachable.",
    ],
  },
  focusTaskClass: "async-completion",
  failing: {
    title: "Contoso Text Desk, no push",
    summary: "The card offers no push notifications and the client cannot poll.",
    cardText: TEXT_DESK,
    profile: NORTHWIND_NO_POLLING,
    context: {},
    claims: { ...TEXT_CARD_NORTHWIND, "async-completion": "reject" },
  },
  passing: {
    title: "Contoso Text Desk with push",
    summary: "The same card offering push callbacks, which the client's listener receives.",
    cardText: TEXT_DESK_PUSH,
    profile: NORTHWIND_NO_POLLING,
    context: {},
    claims: { ...TEXT_CARD_NORTHWIND },
  },
  conditions: [...GENERAL, "fire-and-forget"],
  extensionUri: "https://contoso.example/a2a/ext/completion-mail/v1",
};
