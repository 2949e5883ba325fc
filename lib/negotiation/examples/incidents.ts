/**
 * The rule's incident cards (negotiability-rule.md, "What Was Observed"), written as Contoso would
 * serve them. Kept as text so the exact bytes travel into digests and share links.
 */

export interface ExampleCard {
  id: string;
  title: string;
  description: string;
  text: string;
}

const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

const contosoBase = {
  name: "Contoso Voice Desk",
  description: "Transcribes and answers customer calls; summarizes finished calls.",
  version: "2.4.1",
  provider: { organization: "Contoso", url: "https://contoso.example" },
  supportedInterfaces: [
    { url: "https://agents.contoso.example/a2a/v1", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
  ],
  skills: [
    {
      id: "transcribe-call",
      name: "Transcribe call",
      description: "Transcribes a customer call and drafts an answer.",
      tags: ["voice", "transcription"],
      inputModes: ["audio/pcm", "text/plain"],
      outputModes: ["text/plain", "audio/pcm"],
    },
    {
      id: "summarize-call",
      name: "Summarize call",
      description: "Summarizes a finished call for the CRM.",
      tags: ["summary"],
      inputModes: ["text/plain"],
      outputModes: ["text/plain"],
    },
  ],
};

/** Incidents 1 and 2 together: the card Northwind fetched. The workspace's built-in example. */
export const CONTOSO: ExampleCard = {
  id: "contoso",
  title: "Contoso Voice Desk (incidents 1 + 2)",
  description:
    "streaming: false with audio/pcm input, and push notifications behind an mTLS-only scheme.",
  text: json({
    ...contosoBase,
    capabilities: {
      streaming: false,
      pushNotifications: { supported: true, securityScheme: "contosoMtls" },
    },
    securitySchemes: {
      contosoMtls: { mtlsSecurityScheme: { description: "Mutual TLS for all traffic, callbacks included." } },
    },
    securityRequirements: [{ schemes: { contosoMtls: { list: [] } } }],
    defaultInputModes: ["text/plain", "audio/pcm"],
    defaultOutputModes: ["text/plain", "audio/pcm"],
  }),
};

/** Incident 1 alone: live audio into a non-streaming endpoint. */
export const CONTOSO_LIVE_AUDIO: ExampleCard = {
  id: "contoso-live-audio",
  title: "Contoso: live audio, streaming off (incident 1)",
  description: "defaultInputModes include audio/pcm while capabilities.streaming is false.",
  text: json({
    ...contosoBase,
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ["text/plain", "audio/pcm"],
    defaultOutputModes: ["text/plain", "audio/pcm"],
  }),
};

/** Incident 2 alone: push callbacks under an mTLS-only scheme. */
export const CONTOSO_PUSH_MTLS: ExampleCard = {
  id: "contoso-push-mtls",
  title: "Contoso: push behind mTLS (incident 2)",
  description: "pushNotifications.supported with a securityScheme that mandates mutual TLS.",
  text: json({
    ...contosoBase,
    capabilities: {
      streaming: true,
      pushNotifications: { supported: true, securityScheme: "contosoMtls" },
    },
    securitySchemes: {
      contosoMtls: { mtlsSecurityScheme: { description: "Mutual TLS for outbound callbacks." } },
    },
    securityRequirements: [{ schemes: { contosoMtls: { list: [] } } }],
    // Its talk skill takes audio/pcm: listed in the defaults too, as requests cannot name a skill.
    defaultInputModes: ["text/plain", "audio/pcm"],
    defaultOutputModes: ["text/plain"],
  }),
};

/** Invariant 3: an output mode only emitted on tasks/resubscribe, with streaming disabled. */
export const CONTOSO_RESUBSCRIBE_ONLY: ExampleCard = {
  id: "contoso-resubscribe-only",
  title: "Contoso: resubscribe-only audio output (invariant 3)",
  description: "audio/pcm output is only emitted on tasks/resubscribe, and streaming is false.",
  text: json({
    ...contosoBase,
    capabilities: { streaming: false, pushNotifications: false },
    // Its talk skill takes audio/pcm: listed in the defaults too, as requests cannot name a skill.
    defaultInputModes: ["text/plain", "audio/pcm"],
    defaultOutputModes: ["text/plain", "audio/pcm"],
    resubscribeOnlyOutputModes: ["audio/pcm"],
  }),
};

export const INCIDENT_CARDS: readonly ExampleCard[] = [
  CONTOSO,
  CONTOSO_LIVE_AUDIO,
  CONTOSO_PUSH_MTLS,
  CONTOSO_RESUBSCRIBE_ONLY,
];
