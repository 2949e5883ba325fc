import type { DecisionKind, Outcome } from "../decision-types";
import type { FindingStatus } from "../invariants/types";

/** What each cell of the matrix means, for the legend under it. Keyed by the core's own vocabulary. */
export const STATUS_MEANINGS: Record<FindingStatus, string> = {
  holds: "the invariant is met: the path it guards is reachable",
  "not-applicable": "the invariant does not concern this task class",
  "not-evaluated": "a profile field it needs is left out (unknown), or the card is not valid: nothing was checked",
  violated: "the invariant cuts a path this task class would use",
};

export const DECISION_MEANINGS: Record<DecisionKind, string> = {
  accept: "every path the task class needs is reachable",
  "accept-degraded": "it works, but an optional path is cut (e.g. push, so it polls)",
  defer: "the card alone does not decide it (unknown fields, a renegotiable client, another discovery channel)",
  escalate: "negotiate out of band: a known server extension resolves the contradiction",
  reject: "a path it requires is cut: refuse before the first task is created",
};

/** The same, for what surfaces show: a rejection aimed at the client is told apart from one of the card. */
export const OUTCOME_MEANINGS: Record<Outcome, string> = {
  ...DECISION_MEANINGS,
  "not-for-client": "the client itself cannot perform this task class, whatever the card says (no live mode, no stream reader, no listener): no fault of the card",
};

/** The words an outcome is shown with: the decision's own id, and "not for this client". */
export const OUTCOME_LABELS: Record<Outcome, string> = {
  accept: "accept",
  "accept-degraded": "accept-degraded",
  defer: "defer",
  escalate: "escalate",
  reject: "reject",
  "not-for-client": "not for this client",
};
