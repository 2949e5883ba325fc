import type { ExampleEntry } from "./real-cards";

/**
 * The rule's incident cards as the picker lists them. Their texts live in the core
 * (lib/negotiation/examples/incidents.ts) and load on first use, like the other examples: the
 * workspace opens on the Contoso card the server already sent. examples.test.ts keeps this list
 * in step with the core's.
 */
export const INCIDENT_ENTRIES: readonly ExampleEntry[] = [
  {
    id: "contoso",
    title: "Contoso Voice Desk (incidents 1 + 2)",
    description: "streaming: false with audio/pcm input, and push notifications behind an mTLS-only scheme.",
  },
  {
    id: "contoso-live-audio",
    title: "Contoso: live audio, streaming off (incident 1)",
    description: "defaultInputModes include audio/pcm while capabilities.streaming is false.",
  },
  {
    id: "contoso-push-mtls",
    title: "Contoso: push behind mTLS (incident 2)",
    description: "pushNotifications.supported with a securityScheme that mandates mutual TLS.",
  },
  {
    id: "contoso-resubscribe-only",
    title: "Contoso: resubscribe-only audio output (invariant 3)",
    description: "audio/pcm output is only emitted on tasks/resubscribe, and streaming is false.",
  },
];
