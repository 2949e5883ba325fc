import type { CardLocation, DecisionKind as Decision, LiveInterface } from "../negotiation";
import type { Exchange } from "./exchange";
import type { WireFinding } from "./wire-checks";

/**
 * What went wrong on one call, as a kind the report can act on. `detail` is the error's class and
 * message as the SDK raised it (never a header value: credentials are not in any of them).
 */
export type CallFailureKind =
  | "unauthorized" // 401 / 403
  | "versionNotSupported"
  | "methodNotFound" // the binding does not know the method (JSON-RPC -32601, HTTP 405)
  | "notFound" // HTTP 404 / 410 that is no A2A task-not-found: nothing behind the URL
  | "unsupportedOperation" // the server refuses the operation (a stream, push configs)
  | "pushNotSupported"
  | "refused" // nothing listens, the connection broke
  | "timeout"
  | "blocked" // Parley refused the address (private, denied, not allowed)
  | "notA2a" // an answer, but not an A2A one
  | "notProbed" // a binding the probe does not speak through its safe fetcher (gRPC)
  | "notCalled" // left out by the probe's own caps (interfaces, per origin) or its time limit; detail says which
  | "other";

export interface CallFailure {
  kind: CallFailureKind;
  /** The SDK's error class and message, or the fetcher's, or an HTTP status line. */
  detail: string;
  status?: number;
}

/** One interface as the probe found it: the core's LiveInterface (what `lint` reads), with the failure as the probe classifies it. */
export interface ProbedInterface extends Omit<LiveInterface, "failure"> {
  error?: CallFailure;
}

export type Observation = "completed" | "completed-fallback" | "failed" | "hung" | "skipped";

export interface ProbedClass {
  predicted: Decision;
  observed: Observation;
  /** What the server said, or why the class was skipped. */
  error?: string;
  /** The prediction and the observation disagree. */
  disagrees?: boolean;
}

export interface Contradiction {
  /** The card field the claim is (a JSON pointer). */
  pointer: string;
  /** What the card says, in a few words. */
  claim: string;
  /** What happened instead. */
  observed: string;
}

export interface ProbeReport {
  /**
   * `location`: for a card fetched from a URL, whether the profile's client finds it there (by its
   * cardPaths); when it will not, a note says so too.
   */
  card: { url: string | null; servedToSdkDiffers: boolean | null; name: string | null; location?: CardLocation };
  interfaces: ProbedInterface[];
  classes: Record<string, ProbedClass>;
  contradictions: Contradiction[];
  /** Whether real tasks were created (--send). */
  sent: boolean;
  /** Things worth saying that are no contradiction: credentials needed, a binding not probed. */
  notes: string[];
  /** What the agent sent that breaks the protocol, and what each SDK client does with it. */
  wire?: WireFinding[];
  /** Every request and answer of the check, in order, credentials redacted. */
  exchanges?: Exchange[];
}
