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
  pointer: Pointer;
}

export type SecuritySchemeKind = "apiKey" | "http" | "oauth2" | "openIdConnect" | "mutualTLS" | "unknown";

export interface CardSecurityScheme {
  name: string;
  kind: SecuritySchemeKind;
  /** The scheme requires mutual TLS: 0.3 `type: mutualTLS`, 1.0 `mtlsSecurityScheme`, or a scheme the
   * incident way (`"mtls"` in its type, scheme or description). */
  mtls: boolean;
  pointer: Pointer;
}

export interface CardSecurityRequirement {
  /** Scheme names that must all be satisfied together (AND); the list of requirements is an OR. */
  schemes: string[];
  pointer: Pointer;
}

export interface CardSkill {
  id?: string;
  name?: string;
  inputModes?: string[];
  outputModes?: string[];
  pointer: Pointer;
}

export interface CardExtension {
  uri: string;
  required: boolean;
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
  /** True when the card is 0.x: the rule says capability fields were advisory there. */
  advisory: boolean;
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
}
