import type { InvariantId } from "../invariants/types";

/**
 * The reference check's three UnnegotiableAgentCardError messages, as the literal text around
 * their one interpolated value: `task_class=<repr>` + head + value + tail. seed-compat.ts writes
 * them and log/seed-message.ts reads them back, from this one copy. Kept free of imports with
 * code, so the log explainer can read messages without loading the parity shim.
 */
export type SeedInvariant = 1 | 2 | 3;

export interface SeedMessageForm {
  seedInvariant: SeedInvariant;
  /** Parley's invariant for the same situation. */
  invariant: InvariantId;
  head: string;
  /** What is interpolated: a `sorted(...)` list of modes, or the repr of the push scheme. */
  value: "list" | "scalar";
  tail: string;
}

export const SEED_MESSAGE_FORMS = [
  {
    seedInvariant: 1,
    invariant: "live-input-needs-streaming",
    head: ": card advertises live-only input modes ",
    value: "list",
    tail: " but capabilities.streaming is False; client cannot buffer these modes.",
  },
  {
    seedInvariant: 2,
    invariant: "push-callback-mtls",
    head: ": server push notifications require mTLS under scheme ",
    value: "scalar",
    tail: ", but client callback listener is plain HTTPS; registration would silently drop callbacks.",
  },
  {
    seedInvariant: 3,
    invariant: "resubscribe-only-output",
    head: ": output modes ",
    value: "list",
    tail: " are emitted only on tasks/resubscribe, but streaming is disabled; these modes are declared and unreachable.",
  },
] as const satisfies readonly SeedMessageForm[];

/** The message for seed invariant `n`, given the task class's repr and the value as Python printed it. */
export function formatSeedMessage(n: SeedInvariant, taskClassRepr: string, valueRepr: string): string {
  const form = SEED_MESSAGE_FORMS[n - 1] as SeedMessageForm;
  return `task_class=${taskClassRepr}${form.head}${valueRepr}${form.tail}`;
}
