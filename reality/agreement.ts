/**
 * What "Parley agrees with reality" means, per decision. Pure: no servers here, so it is table-tested
 * on its own (agreement.test.ts) and docs/reality.md can quote it.
 *
 * Observations (what the real SDK client got, per cell):
 * - completed: the lifecycle finished by the class's own path (the reply, a stream, a push callback,
 *   polling where the card offers no push, an accepted fire-and-forget send);
 * - completed-fallback: it finished, but by the fallback the rule names (polling where the card
 *   offers push the client could not use or that never called back; one blocking send where the
 *   card does not stream);
 * - failed: refused (before or after a task id) or never finished within the bound;
 * - client-cannot: the client has no way to even try (the SDK client has no live input; a push-only
 *   task for a client with no listener).
 *
 * Predictions (Parley's decision on the card as served): accept, accept-degraded, reject, defer,
 * escalate, and whatever the model adds for "not for this client" (read as a confident "no").
 */
export type Observed = "completed" | "completed-fallback" | "failed" | "client-cannot";

/** How a cell counts. */
export type Verdict =
  /** The prediction is what happened. */
  | "agree"
  /** No confident answer (defer/escalate): right on a cell the card cannot settle, a miss elsewhere. */
  | "no-answer"
  /** A confident answer the other way: accept/accept-degraded of a failure, reject of a completion. */
  | "confident-wrong"
  /** Both "yes", by different paths: accept of a fallback, accept-degraded of a full completion. */
  | "wrong-path";

export const CONFIDENT_YES = new Set(["accept", "accept-degraded"]);
export const NO_ANSWER = new Set(["defer", "escalate"]);

/** Any decision that is neither a yes nor a "no confident answer" is a confident no (reject, or a sixth "not for this client"). */
export function isConfidentNo(decision: string): boolean {
  return !CONFIDENT_YES.has(decision) && !NO_ANSWER.has(decision);
}

export function verdict(decision: string, observed: Observed): Verdict {
  if (NO_ANSWER.has(decision)) return "no-answer";
  const done = observed === "completed" || observed === "completed-fallback";
  if (isConfidentNo(decision)) return done ? "confident-wrong" : "agree";
  if (!done) return "confident-wrong";
  if (decision === "accept") return observed === "completed" ? "agree" : "wrong-path";
  return observed === "completed-fallback" ? "agree" : "wrong-path";
}

/**
 * Cell kinds:
 * - decidable: the card says what the outcome rests on, and says it truly;
 * - silent: the outcome rests on something the card does not say (how the server authenticates to a
 *   webhook, when the card declares no callback security): Parley must give no confident wrong
 *   answer there — the suite fails on one;
 * - lie: the card says something the server does not do (or a server bug breaks what the card says
 *   correctly): no card-based prediction can be right, so these are listed apart with why and never
 *   fail the run (the live probe, issue 30, is what catches them);
 * - wire: the lifecycle broke on a wire fault of the server (an answer's `"id": null`, a task
 *   without `kind`, a stray byte in an SSE event, …) that no card states and the probe's wire
 *   checks name on the cell's own exchanges: listed apart with the findings, never counted.
 */
export type CellKind = "decidable" | "silent" | "lie" | "wire";

export interface Tally {
  decidable: number;
  decidableAgree: number;
  silent: number;
  silentConfidentWrong: number;
  lie: number;
  wire: number;
}

export function tally(cells: ReadonlyArray<{ kind: CellKind; verdict: Verdict }>): Tally {
  const t: Tally = { decidable: 0, decidableAgree: 0, silent: 0, silentConfidentWrong: 0, lie: 0, wire: 0 };
  for (const c of cells) {
    if (c.kind === "decidable") {
      t.decidable++;
      if (c.verdict === "agree") t.decidableAgree++;
    } else if (c.kind === "silent") {
      t.silent++;
      if (c.verdict === "confident-wrong") t.silentConfidentWrong++;
    } else if (c.kind === "wire") t.wire++;
    else t.lie++;
  }
  return t;
}

/** The bar the cross-vendor issue set: on cells a card can decide, Parley agrees with ≥ 97 % of real pairs. */
export const AGREEMENT_TARGET = 0.97;

/** The run passes when ≥ 97 % of decidable cells agree and no silent cell has a confident wrong answer. */
export function passes(t: Tally): boolean {
  const rate = t.decidable === 0 ? 1 : t.decidableAgree / t.decidable;
  return rate >= AGREEMENT_TARGET && t.silentConfidentWrong === 0;
}
