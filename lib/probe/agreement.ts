import type { DecisionKind as Decision } from "../negotiation";
import type { Observation } from "./types";

/**
 * Whether a prediction and an observation disagree: accept or accept-degraded meeting a class that
 * did not complete (failed, hung), or reject meeting one that completed. defer and escalate make no
 * claim, and a skipped class observed nothing. No Node, no network: the workspace reads it too.
 */
export function disagrees(c: { predicted: Decision; observed: Observation }): boolean {
  if (c.observed === "skipped") return false;
  const done = c.observed === "completed" || c.observed === "completed-fallback";
  if (c.predicted === "accept" || c.predicted === "accept-degraded") return !done;
  if (c.predicted === "reject") return done;
  return false;
}
