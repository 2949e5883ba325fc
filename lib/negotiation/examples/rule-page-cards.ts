import { CONTOSO_LIVE_AUDIO, CONTOSO_PUSH_MTLS, CONTOSO_RESUBSCRIBE_ONLY } from "./incidents";

/**
 * Example cards for the rule pages. The rule's three invariants start from the incident cards
 * (examples/incidents.ts) and change one field; Parley's own three start from a text-only Contoso
 * card that passes every invariant, and break one thing. Kept as text: the exact bytes travel into
 * the review links the pages offer.
 */
type Json = Record<string, unknown>;

const print = (value: unknown) => JSON.stringify(value, null, 2) + "\n";

/** A copy of the card with `change` applied: the variants differ from their source in one place. */
function variant(sourceText: string, change: (card: Json) => void): string {
  const card = JSON.parse(sourceText) as Json;
  change(card);
  return print(card);
}

const capabilities = (card: Json) => card.capabilities as Json;

/** Incident 1's card, streaming turned on: live audio can be sent chunk by chunk. */
export const LIVE_AUDIO_STREAMING = variant(CONTOSO_LIVE_AUDIO.text, (card) => {
  capabilities(card).streaming = true;
});

/** Incident 2's card, push callbacks under an API key instead of the mTLS-only scheme. */
export const PUSH_API_KEY = variant(CONTOSO_PUSH_MTLS.text, (card) => {
  (card.securitySchemes as Json).contosoCallbackKey = {
    apiKeySecurityScheme: { location: "header", name: "X-Contoso-Callback-Key", description: "Shared key on callbacks." },
  };
  (capabilities(card).pushNotifications as Json).securityScheme = "contosoCallbackKey";
});

/**
 * Invariant 3's card with only its transcription skill (audio answers): the summary skill answers
 * in text only, which an audio-only receiver cannot read, a different cut (output-modes).
 */
export const RESUBSCRIBE_TRANSCRIBE_ONLY = variant(CONTOSO_RESUBSCRIBE_ONLY.text, (card) => {
  card.skills = (card.skills as Json[]).filter((skill) => skill.id === "transcribe-call");
});

/** The same, streaming on. */
export const RESUBSCRIBE_TRANSCRIBE_STREAMING = variant(RESUBSCRIBE_TRANSCRIBE_ONLY, (card) => {
  capabilities(card).streaming = true;
});

/** Text in, text out, streams, no push, JSON-RPC: passes every invariant for the Northwind client. */
export const TEXT_DESK = print({
  name: "Contoso Text Desk",
  description: "Answers customer e-mails and chats; summarizes threads.",
  version: "2.4.1",
  provider: { organization: "Contoso", url: "https://contoso.example" },
  supportedInterfaces: [
    { url: "https://agents.contoso.example/a2a/text", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
  ],
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [
    {
      id: "answer-thread",
      name: "Answer thread",
      description: "Drafts an answer to a customer thread.",
      tags: ["support"],
      inputModes: ["text/plain"],
      outputModes: ["text/plain"],
    },
  ],
});

/** The text desk served over gRPC only. */
export const TEXT_DESK_GRPC = variant(TEXT_DESK, (card) => {
  const [iface] = card.supportedInterfaces as Json[];
  if (iface) iface.protocolBinding = "GRPC";
});

/** The text desk with streaming off. */
export const TEXT_DESK_NO_STREAMING = variant(TEXT_DESK, (card) => {
  capabilities(card).streaming = false;
});

/** The text desk offering push callbacks (no mTLS: every alternative of the card is open). */
export const TEXT_DESK_PUSH = variant(TEXT_DESK, (card) => {
  capabilities(card).pushNotifications = { supported: true };
});

/** The text desk requiring an extension (a CRM case number on every request). */
export const TEXT_DESK_REQUIRED_EXTENSION = variant(TEXT_DESK, (card) => {
  capabilities(card).extensions = [
    { uri: "https://contoso.example/a2a/ext/case-number/v1", description: "Every request carries a CRM case number.", required: true },
  ];
});

/** The same extension, optional. */
export const TEXT_DESK_OPTIONAL_EXTENSION = variant(TEXT_DESK_REQUIRED_EXTENSION, (card) => {
  const [extension] = capabilities(card).extensions as Json[];
  if (extension) extension.required = false;
});

/** The text desk open only to partners presenting a client certificate. */
export const TEXT_DESK_MTLS_ONLY = variant(TEXT_DESK, (card) => {
  card.securitySchemes = { partnerMtls: { mtlsSecurityScheme: { description: "Partner client certificates." } } };
  card.securityRequirements = [{ schemes: { partnerMtls: { list: [] } } }];
});

/** The same desk also accepting an OAuth2 bearer token. */
export const TEXT_DESK_MTLS_OR_OAUTH = variant(TEXT_DESK_MTLS_ONLY, (card) => {
  (card.securitySchemes as Json).partnerOauth = {
    oauth2SecurityScheme: { flows: { clientCredentials: { tokenUrl: "https://auth.contoso.example/token", scopes: {} } } },
  };
  (card.securityRequirements as Json[]).push({ schemes: { partnerOauth: { list: [] } } });
});

/** A voice-mail desk: takes MP3 recordings only. */
export const VOICEMAIL_DESK = variant(TEXT_DESK, (card) => {
  card.name = "Contoso Voicemail Desk";
  card.defaultInputModes = ["audio/mpeg"];
  const [skill] = card.skills as Json[];
  if (skill) skill.inputModes = ["audio/mpeg"];
});

/** A read-aloud desk: answers in MP3 only. */
export const READ_ALOUD_DESK = variant(TEXT_DESK, (card) => {
  card.name = "Contoso Read-aloud Desk";
  card.defaultOutputModes = ["audio/mpeg"];
  const [skill] = card.skills as Json[];
  if (skill) skill.outputModes = ["audio/mpeg"];
});
