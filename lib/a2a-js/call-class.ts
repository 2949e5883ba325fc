import { findTaskClass, listHas, type ClientProfile, type TaskClass, type TaskClassDecision } from "../negotiation";

/**
 * When the app does not name the task class, the guard reads it from the call it holds
 * (docs/library.md, "The task class"):
 * - the completion path: a streamed send → streaming-output; a send carrying a push config, or one
 *   that asks to return at once (`returnImmediately`, the client's `polling`) → async-completion;
 *   any other send → request-response;
 * - the input: a part whose media type the profile has only live (and cannot buffer) makes the
 *   send live-input, whatever the completion path;
 * - the input gate: each media type the parts carry that the card's `defaultInputModes` do not
 *   list (the SDK server compares them exactly) is also decided on its own, as the class above
 *   narrowed to that mode (`<class>-<mode>`), so one unreachable part refuses the send.
 */

/** Distinct part media types read per call at most: a message with more is decided on the first ones. */
export const MAX_PART_MODES = 16;

export interface CallShape {
  method: string;
  value: unknown;
}

/**
 * What of a send decides its class: how it completes (0 request-response, 1 async-completion, 2
 * streamed) and the media types its parts carry. Read on every send, so it builds no string: the
 * guard looks its outcome up by these and calls classOfShape only for a shape it has not met.
 */
export interface SendShape {
  completion: 0 | 1 | 2;
  modes: string[];
}

export function shapeOfCall(call: CallShape): SendShape {
  const payload = (call.value ?? {}) as {
    message?: { parts?: unknown };
    configuration?: { taskPushNotificationConfig?: unknown; returnImmediately?: unknown };
  };
  const modes = partModes(payload.message?.parts);
  if (call.method === "sendMessageStream") return { completion: 2, modes };
  const asyncCompletion = payload.configuration?.taskPushNotificationConfig !== undefined || payload.configuration?.returnImmediately === true;
  return { completion: asyncCompletion ? 1 : 0, modes };
}

/** The built-in class a send of this shape is: live-input when a part is live-only for the profile, else by how it completes. */
export function classOfShape(shape: SendShape, profile: ClientProfile): string {
  const live = shape.modes.some((mode) => listHas(profile.liveOnlyInputModes, mode) && !listHas(profile.bufferableInputModes, mode));
  if (live) return "live-input";
  return shape.completion === 2 ? "streaming-output" : shape.completion === 1 ? "async-completion" : "request-response";
}

/** The built-in class the call's own shape gives, and the media types its parts carry. */
export function classOfCall(call: CallShape, profile: ClientProfile): { base: string; modes: string[] } {
  const shape = shapeOfCall(call);
  return { base: classOfShape(shape, profile), modes: shape.modes };
}

function partModes(parts: unknown): string[] {
  const out: string[] = [];
  if (!Array.isArray(parts)) return out;
  for (const part of parts as unknown[]) {
    const mode = (part as { mediaType?: unknown } | null)?.mediaType;
    if (typeof mode !== "string" || mode === "" || out.includes(mode)) continue;
    out.push(mode);
    if (out.length >= MAX_PART_MODES) break;
  }
  return out;
}

/** The built-in class narrowed to one media type its tasks send: decided on its own, it says whether that mode passes the gate. */
export function narrowedClass(base: string, mode: string): TaskClass {
  const builtIn = findTaskClass(base)!;
  const slug = mode.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 60) || "mode";
  return { ...builtIn, id: `${builtIn.id}-${slug}`, title: `${builtIn.title} (${mode.slice(0, 100)})`, inputModes: [mode.slice(0, 255)] };
}

const ORDER = ["accept", "accept-degraded", "defer", "escalate", "reject"] as const;

/** The most severe of the outcomes (DESIGN: reject > escalate > defer > accept-degraded > accept); the first on a tie. */
export function worstOutcome<T extends { decision: TaskClassDecision }>(outcomes: readonly T[]): T {
  let worst = outcomes[0]!;
  for (const o of outcomes) if (ORDER.indexOf(o.decision.decision) > ORDER.indexOf(worst.decision.decision)) worst = o;
  return worst;
}
