import {
  PushNotificationNotSupportedError,
  TaskNotFoundError,
  UnsupportedOperationError,
  VersionNotSupportedError,
} from "@a2a-js/sdk/errors";
import { isCardFetchError } from "../fetch/safe-fetch";
import { stableErrorName } from "./error-name";
import type { CallFailure } from "./types";

/** The longest piece of a server's error text a report repeats. */
const MAX_DETAIL = 300;

/**
 * One failed call, as a kind. `status` is the last HTTP status the transport's fetch saw for this
 * call (the SDK folds 401 into a generic error whose text varies by transport).
 */
export function classifyFailure(error: unknown, status: number | undefined): CallFailure {
  const detail = describeError(error);
  const withStatus = status === undefined ? {} : { status };
  if (status === 401 || status === 403) return { kind: "unauthorized", detail, ...withStatus };
  if (isCardFetchError(error)) {
    if (error.code === "timeout") return { kind: "timeout", detail, ...withStatus };
    if (error.code === "blockedAddress" || error.code === "noPublicAddress" || error.code === "notAllowed" || error.code === "blockedScheme" || error.code === "badUrl") {
      return { kind: "blocked", detail, ...withStatus };
    }
    if (error.code === "tooLarge") return { kind: "notA2a", detail, ...withStatus };
    return { kind: "refused", detail, ...withStatus };
  }
  if (error instanceof VersionNotSupportedError) return { kind: "versionNotSupported", detail, ...withStatus };
  if (error instanceof PushNotificationNotSupportedError) return { kind: "pushNotSupported", detail, ...withStatus };
  if (error instanceof UnsupportedOperationError) return { kind: "unsupportedOperation", detail, ...withStatus };
  const code = (error as { envelopeCode?: unknown; code?: unknown } | null)?.envelopeCode ?? (error as { code?: unknown } | null)?.code;
  if (code === -32601 || status === 405) return { kind: "methodNotFound", detail, ...withStatus };
  if (status === 404 || status === 410) return { kind: "notFound", detail, ...withStatus };
  const errno = networkCode(error);
  if (errno !== undefined) return { kind: "refused", detail: `${detail} (${errno})`, ...withStatus };
  if (error instanceof SyntaxError || /JSON|Content-Type|jsonrpc|SSE/i.test(detail)) return { kind: "notA2a", detail, ...withStatus };
  return { kind: "other", detail, ...withStatus };
}

/**
 * The code of a well-formed JSON-RPC error answer the SDK has no A2A class for (its
 * JsonRpcTransportError keeps the envelope): the server speaks JSON-RPC, only with a code A2A does
 * not define here (Reactive Agents' -32000 to a GetTask of an unknown id). undefined otherwise.
 */
export function answeredJsonRpcErrorCode(error: unknown): number | undefined {
  const envelope = (error as { errorResponse?: { jsonrpc?: unknown; error?: { code?: unknown } } } | null)?.errorResponse;
  const code = envelope?.error?.code;
  return envelope?.jsonrpc === "2.0" && typeof code === "number" && Number.isInteger(code) ? code : undefined;
}

export function isTaskNotFound(error: unknown): boolean {
  return error instanceof TaskNotFoundError;
}

/** The error's class and message, shortened, on one line. */
export function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, MAX_DETAIL);
  const name = stableErrorName(error);
  // An HTML error page says nothing the status line does not: name it, do not repeat it.
  const text = `${name}: ${error.message}`.replace(/\s+/g, " ").trim().replace(/Response: <(!doctype|html)[\s\S]*$/i, "Response: an HTML page");
  return text.length > MAX_DETAIL ? text.slice(0, MAX_DETAIL - 1) + "…" : text;
}

function networkCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return code;
  }
  return undefined;
}
