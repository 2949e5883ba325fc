import { NORTHWIND } from "../../profile";
import { LIVE_AUDIO_STREAMING, VOICEMAIL_DESK } from "../../examples/rule-page-cards";
import { ALL_ACCEPT, GENERAL, type RuleDoc } from "../page-types";

/** The rule page's text and examples (decisions claimed here are proven by rule-docs.test.ts). */
export const page: RuleDoc = {
  id: "input-modes",
  why: {
    source: "parley",
    heading: "Parley's baseline: an input mode both sides share",
    paragraphs: [
      "Every task starts with a message. If the card (or the skill the task is aimed at) takes no media type the client can send, the first request fails with a content-type error, after the task class was chosen on the card's word.",
      "How the input travels matters too: a mode the client has only live (a microphone) cannot be sent whole unless it buffers it, and a live task needs a mode the client has live. Whether a live mode then needs a streaming endpoint is the rule's first invariant.",
    ],
  },
  focusTaskClass: "request-response",
  failing: {
    title: "Contoso Voicemail Desk",
    summary: "The card takes audio/mpeg only; Northwind sends text and live PCM audio.",
    cardText: VOICEMAIL_DESK,
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
    title: "Contoso: live audio, streaming on",
    summary: "A card taking text/plain and audio/pcm: Northwind sends text whole and audio live.",
    cardText: LIVE_AUDIO_STREAMING,
    profile: NORTHWIND,
    context: {},
    claims: { ...ALL_ACCEPT },
  },
  conditions: [...GENERAL],
  extensionUri: "https://contoso.example/a2a/ext/transcode-input/v1",
};
