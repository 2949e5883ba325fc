import * as z from "./zod";

/** A class's own modes: media types, at least one, none blank. */
const classModeList = z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(255))).check(z.minLength(1, { error: "list at least one media type, or leave the field out for any" }), z.maxLength(50));

/**
 * A task class is data: the lifecycle paths a kind of task needs. Invariants decide whether they
 * concern a class from these fields alone, so users can define more classes without code.
 */
export const TaskClass = z.strictObject({
  id: z.string().check(z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "task class ids are kebab-case" })),
  title: z.string().check(z.minLength(1)),
  description: z.string(),
  /** How the input reaches the server: whole (one message) or live (chunk by chunk as produced). */
  input: z.enum(["whole", "live"]),
  /**
   * How the client learns the task reached a terminal state:
   * - response: in the reply to the send call (blocking send);
   * - notification: later, by push callback or by polling (at least one is required);
   * - push: later, by push callback only (the client will not poll for it);
   * - polling: later, by polling tasks/get only (no push config is registered);
   * - stream: over a server stream (requires streaming on both sides);
   * - none: it does not wait (fire-and-forget).
   */
  completion: z.enum(["response", "notification", "push", "polling", "stream", "none"]),
  /** required: at least one output mode the client accepts must be reachable. none: no output awaited. */
  output: z.enum(["required", "none"]),
  /**
   * The media types tasks of this class send (`audio/*` for a voice task). Only the client's input
   * modes that overlap them count for this class. Left out: any mode the client sends.
   */
  inputModes: z.optional(classModeList),
  /**
   * The media types tasks of this class wait for. Only accepted output modes that overlap them
   * count for this class (a client that accepts any mode accepts these). Left out: any.
   */
  outputModes: z.optional(classModeList),
  /**
   * The skill (by id) tasks of this class are aimed at: its inputModes/outputModes (and security)
   * override the card's defaults. Left out: a mode counts when the defaults or any skill offer it.
   */
  skill: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
});
export type TaskClass = z.infer<typeof TaskClass>;

export const BUILT_IN_TASK_CLASSES: readonly TaskClass[] = [
  {
    id: "request-response",
    title: "Request–response",
    description: "Send a whole message, get the result in the reply.",
    input: "whole",
    completion: "response",
    output: "required",
  },
  {
    id: "live-input",
    title: "Live input",
    description: "Send input as it is produced (live audio, a camera), chunk by chunk.",
    input: "live",
    completion: "response",
    output: "required",
  },
  {
    id: "async-completion",
    title: "Async completion",
    description: "Long-running task: the client learns of completion by push callback or by polling.",
    input: "whole",
    completion: "notification",
    output: "required",
  },
  {
    id: "fire-and-forget",
    title: "Fire and forget",
    description: "Send and move on: no completion notification, no output awaited.",
    input: "whole",
    completion: "none",
    output: "none",
  },
  {
    id: "streaming-output",
    title: "Streaming output",
    description: "Results arrive over a server stream as they are produced.",
    input: "whole",
    completion: "stream",
    output: "required",
  },
];

export const BUILT_IN_TASK_CLASS_IDS = BUILT_IN_TASK_CLASSES.map((t) => t.id);

/** A built-in task class by id, else one of `extra` (user-defined). No copy of the lists per call. */
export function findTaskClass(id: string, extra: readonly TaskClass[] = []): TaskClass | undefined {
  const byId = (t: TaskClass) => t.id === id;
  return BUILT_IN_TASK_CLASSES.find(byId) ?? extra.find(byId);
}

/**
 * One lifecycle channel an invariant can cut. An output cut says which accepted modes stay
 * reachable after it (`reachable`): none left makes the output path itself unreachable.
 */
export type Path =
  | { kind: "input"; modes: string[] }
  | { kind: "completion"; channel: "push" | "polling" | "stream" | "response" }
  | { kind: "output"; modes: string[]; reachable: string[] }
  | { kind: "transport" }
  /** The server refuses every request (a required extension, security the client cannot satisfy), or the client refuses the card. */
  | { kind: "request"; reason: "extension" | "security" | "signature" };
