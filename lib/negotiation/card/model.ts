import type { SignatureReport } from "../signatures/types";

/**
 * The version-neutral card model every invariant reads. `normalize()` (card/normalize.ts) builds
 * it from any recognised shape; each field keeps the JSON pointer it came from so findings can
 * point back into the card the user pasted.
 */

/** Which A2A card shape the document matches. `hybrid` = 0.3 top-level fields and 1.0 `supportedInterfaces`. */
export type CardShape = "0.1" | "0.2" | "0.3" | "1.0" | "hybrid" | "unknown";

/** A JSON pointer (RFC 6901) into the card text, e.g. `/capabilities/streaming`. "" is the root. */
export type Pointer = string;

export interface Located<T> {
  value: T;
  /** Where the value was read; for a defaulted value, where it would have been. */
  pointer: Pointer;
  /** True when the card did not say and the value is the version's default. */
  defaulted?: boolean;
}

export interface CardInterface {
  url: string;
  /** Upper-cased binding: JSONRPC, GRPC, HTTP+JSON, or a custom URI as written. */
  binding: string;
  protocolVersion?: string;
  tenant?: string;
  /** An absolute URL (or host:port for gRPC) a client can call, not a template or placeholder. */
  callable: boolean;
  /**
   * The protocol version the interface speaks, Major.Minor: its own protocolVersion; else the
   * card-level one; else 0.3 for a 1.0-shaped interface (the 1.0 spec's reading of an empty
   * version); a 0.x card that states none is read as 0.3, as the A2A SDKs convert it.
   */
  speaks?: string;
  /** The field `speaks` was read from, and its value as written; absent when no version is written. */
  speaksFrom?: { pointer: Pointer; value: string };
  /** The field the binding was read from, as written; `absent` for a 0.x card's default (JSONRPC, no preferredTransport). */
  bindingFrom: { pointer: Pointer; value: string; absent?: true };
  pointer: Pointer;
}

export type SecuritySchemeKind = "apiKey" | "http" | "oauth2" | "openIdConnect" | "mutualTLS" | "unknown";

/**
 * A declared security scheme, by kind: 1.0 wrapper (`mtlsSecurityScheme`, …), 0.3/OpenAPI `type`
 * (`mutualTLS`, …), or a 0.1 scheme name. Whether a scheme requires mutual TLS is its kind
 * (`mutualTLS`), never the words in its description or URLs.
 */
export interface CardSecurityScheme {
  name: string;
  kind: SecuritySchemeKind;
  pointer: Pointer;
  /** Written in the A2A JS SDK's internal {"scheme":{"$case":…}} shape, which only clients that read it (readsJsSdkSchemeShape) see. */
  jsSdkShape?: true;
}

export interface CardSecurityRequirement {
  /** Scheme names that must all be satisfied together (AND); the list of requirements is an OR. */
  schemes: string[];
  pointer: Pointer;
  /** 0.1: the requirement is written as one scheme name (a string), not as an object of names. */
  writtenAsName?: true;
}

export interface CardSkill {
  id?: string;
  name?: string;
  inputModes?: string[];
  outputModes?: string[];
  /** The skill's own security requirements (0.3 `security`, 1.0 `securityRequirements`), when it has any. */
  securityRequirements?: CardSecurityRequirement[];
  pointer: Pointer;
}

export interface CardExtension {
  uri: string;
  required: boolean;
  description?: string;
  pointer: Pointer;
}

export interface PushNotifications {
  supported: boolean;
  /** Name of the security scheme the server uses for its outbound callbacks (rule's object form). */
  securityScheme?: Located<string>;
}

export interface NormalizedCard {
  shape: CardShape;
  /** Protocol version the card declares (card-level, or the first interface's), as written. */
  protocolVersion?: string;
  /**
   * True when the card is 0.x, by its shape or because every interface of a 1.0-shaped card speaks
   * 0.x (an interface with no protocolVersion speaks 0.3, as the 1.0 spec reads it): the rule does
   * not apply there, capability fields being advisory.
   */
  advisory: boolean;
  /** The 0.x version that made the card advisory ("0.2", "0.3.0"), and how it was read. */
  advisoryVersion?: { version: string; via: "shape" | "interfaces" };
  name?: string;
  description?: string;
  version?: string;
  /** Preferred endpoint: 1.0 first interface, else top-level `url`. */
  url?: string;
  interfaces: CardInterface[];
  streaming: Located<boolean>;
  pushNotifications: Located<PushNotifications>;
  extensions: CardExtension[];
  defaultInputModes: Located<string[]>;
  defaultOutputModes: Located<string[]>;
  /** The rule's own field: output modes the server only emits on tasks/resubscribe. */
  resubscribeOnlyOutputModes: Located<string[]>;
  securitySchemes: CardSecurityScheme[];
  securityRequirements: CardSecurityRequirement[];
  skills: CardSkill[];
  /**
   * The card announces an authenticated extended card: 1.0 `capabilities.extendedAgentCard`, 0.2-0.3
   * `supportsAuthenticatedExtendedCard` (or the draft `supportsExtendedAgentCard`).
   */
  extendedCard: Located<boolean>;
  /**
   * What review() found of the card's `signatures` (the same report as the validity report's);
   * absent for an unsigned card. Set by review(), not by normalize(): verifying needs keys.
   */
  signature?: SignatureReport;
}
