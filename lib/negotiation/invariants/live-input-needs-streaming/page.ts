import { CONTOSO_LIVE_AUDIO } from "../../examples/incidents";
import { NORTHWIND } from "../../profile";
import { LIVE_AUDIO_STREAMING } from "../../examples/rule-page-cards";
import { ALL_ACCEPT, GENERAL, type RuleDoc } from "../page-types";

/** The rule page's text and examples (decisions claimed here are proven by rule-docs.test.ts). */
export const page: RuleDoc = {
  id: "live-input-needs-streaming",
  why: {
    source: "rule",
    heading: "The rule's first invariant, and the incident behind it",
    paragraphs: [
      "A card can turn streaming off and still list an input mode that a client only ever has live, such as microphone audio sent in chunks (audio/pcm). Both fields are legal. But a non-streaming endpoint takes each message whole, so the client would have to record all of the audio before sending it — for live audio, that is not supporting it at all.",
      "In the incident, Northwind saw audio/pcm on Contoso's card and started a live audio task in chunks. Contoso's endpoint only took whole audio under a size limit the card never stated, and refused the second chunk with HTTP 415. The task ID was already committed and Northwind had no fallback; the task stayed in input-required for good, while both sides had logged a successful discovery.",
    ],
  },
  focusTaskClass: "live-input",
  failing: {
    title: CONTOSO_LIVE_AUDIO.title,
    summary: "audio/pcm is an input mode, streaming is off, and Northwind has audio only live.",
    cardText: CONTOSO_LIVE_AUDIO.text,
    profile: NORTHWIND,
    context: {},
    claims: { ...ALL_ACCEPT, "live-input": "reject", "streaming-output": "reject" },
  },
  passing: {
    title: "Contoso: live audio, streaming on",
    summary: "The same card with capabilities.streaming set to true.",
    cardText: LIVE_AUDIO_STREAMING,
    profile: NORTHWIND,
    context: {},
    claims: { ...ALL_ACCEPT },
  },
  conditions: [...GENERAL, "client-buffers"],
  extensionUri: "https://contoso.example/a2a/ext/buffered-audio/v1",
};
