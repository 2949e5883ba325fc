import { RESUBSCRIBE_TRANSCRIBE_ONLY, RESUBSCRIBE_TRANSCRIBE_STREAMING } from "../../examples/rule-page-cards";
import { NORTHWIND_AUDIO_OUT } from "../../examples/rule-page-profiles";
import { ALL_ACCEPT, GENERAL, type RuleDoc } from "../page-types";

/** The rule page's text and examples (decisions claimed here are proven by rule-docs.test.ts). */
export const page: RuleDoc = {
  id: "resubscribe-only-output",
  why: {
    source: "rule",
    heading: "The rule's third invariant",
    paragraphs: [
      "A card can list an output mode that the server only ever emits when a client resubscribes to the task's stream (tasks/resubscribe), while streaming is off. The server can produce that output and the card says so, but the one channel that carries it is disabled: the mode is declared and no request can ever receive it.",
    ],
  },
  focusTaskClass: "async-completion",
  failing: {
    title: "Contoso transcription: resubscribe-only audio",
    summary: "audio/pcm output comes only on tasks/resubscribe, streaming is off, and the client takes only audio.",
    cardText: RESUBSCRIBE_TRANSCRIBE_ONLY,
    profile: NORTHWIND_AUDIO_OUT,
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
    title: "Contoso transcription: resubscribe-only audio, streaming on",
    summary: "The same card with capabilities.streaming set to true, so tasks/resubscribe is open.",
    cardText: RESUBSCRIBE_TRANSCRIBE_STREAMING,
    profile: NORTHWIND_AUDIO_OUT,
    context: {},
    claims: { ...ALL_ACCEPT },
  },
  conditions: [...GENERAL, "documented-fallback"],
  extensionUri: "https://contoso.example/a2a/ext/audio-by-polling/v1",
};
