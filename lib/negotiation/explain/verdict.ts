import { isClientLimit } from "../client-limits";
import { outcomeOf } from "../decide";
import type { Outcome, Review, TaskClassDecision } from "../decision-types";
import { explainDecision, explainInputError, explainReason } from "./decisions";
import { explainFinding } from "./findings";
import { formatList } from "./template";

/**
 * The one-line answer above the matrix, and a line per task class that is not a plain accept, most
 * severe first. Everything here is worded from the review; nothing is decided.
 */
export interface VerdictLine {
  /**
   * The task classes this line is about, in review order: classes with the same decision for the
   * same words share one line, so a card no client binding reaches says so once, not five times.
   */
  taskClasses: { id: string; title: string }[];
  /** The decision as shown: a rejection aimed at the client is "not-for-client". */
  decision: Outcome;
  /** Why, in one or two sentences: the finding that decided it, or the decision's own reason. */
  why: string;
}

export interface Verdict {
  /**
   * "bad": something is rejected (or nothing could be decided); "mixed": escalate, defer or degrade;
   * "good": all accepted, but for classes that are not for this client (no fault of the card).
   */
  tone: "good" | "mixed" | "bad";
  headline: string;
  lines: VerdictLine[];
  /** Task classes per decision as shown, most severe first, "not-for-client" last; empty ones left out. */
  counts: { decision: Outcome; titles: string[] }[];
}

/**
 * Severity order, most severe first (DESIGN: reject > escalate > defer > accept-degraded > accept),
 * then the classes that are not for this client: they say nothing about the card.
 */
export const DECISIONS_BY_SEVERITY: readonly Outcome[] = ["reject", "escalate", "defer", "accept-degraded", "accept", "not-for-client"];

const COUNT_WORDS: Record<Outcome, string> = {
  reject: "rejected",
  escalate: "to escalate",
  defer: "deferred",
  "accept-degraded": "accepted degraded",
  accept: "accepted",
  "not-for-client": "not for this client",
};

export function summarizeVerdict(review: Review): Verdict {
  const titleOf = (id: string) => review.taskClasses.find((t) => t.id === id)?.title ?? id;
  if (review.decisions.length === 0) {
    const why = (review.inputErrors ?? []).map(explainInputError);
    return { tone: "bad", headline: `No decisions: ${why[0] ?? "nothing was reviewed."}`, lines: [], counts: [] };
  }
  const counts = DECISIONS_BY_SEVERITY.map((decision) => ({
    decision,
    titles: review.decisions.filter((d) => outcomeOf(d) === decision).map((d) => titleOf(d.taskClass)),
  })).filter((group) => group.titles.length > 0);
  const total = review.decisions.length;

  if (!review.validity.valid) {
    const errors = review.validity.problems.filter((p) => p.severity === "error").length;
    return {
      tone: "bad",
      headline: `Not a valid Agent Card (${errors} error${errors === 1 ? "" : "s"}): all ${total} task classes are rejected — the card, not the server. Fix the errors listed below, or ask the vendor for a valid card.`,
      lines: [],
      counts,
    };
  }

  const parts = counts.map(({ decision, titles }) => {
    const all = titles.length === total;
    const subject = all ? (total === 1 ? "The task class" : `All ${total} task classes`) : `${titles.length} of ${total}`;
    const named = all || decision === "accept" ? "" : ` (${formatList(titles)})`;
    const tail = decision === "reject" ? targetPart(review, titleOf) : decision === "not-for-client" ? ` — ${clientPart(titles.length)}` : "";
    return `${subject} ${COUNT_WORDS[decision]}${named}${tail}`;
  });
  const worst = counts[0]?.decision ?? "accept";
  const tone = worst === "reject" ? "bad" : worst === "accept" || worst === "not-for-client" ? "good" : "mixed";
  const lines: VerdictLine[] = [];
  for (const kind of DECISIONS_BY_SEVERITY) {
    if (kind === "accept") continue;
    for (const d of review.decisions) {
      if (outcomeOf(d) !== kind) continue;
      const why = whyOf(d, review);
      const taskClass = { id: d.taskClass, title: titleOf(d.taskClass) };
      const same = lines.find((line) => line.decision === kind && line.why === why);
      if (same) same.taskClasses.push(taskClass);
      else lines.push({ taskClasses: [taskClass], decision: kind, why });
    }
  }
  return { tone, headline: `${parts.join("; ")}.`, lines, counts };
}

/**
 * Who a rejection is aimed at, when it is the card (the server known good, the card known stale):
 * the matrix and the explanation say so, and the verdict, read first, must not blame the server.
 */
function targetPart(review: Review, titleOf: (id: string) => string): string {
  const rejected = review.decisions.filter((d) => outcomeOf(d) === "reject");
  const atCard = rejected.filter((d) => d.target === "card");
  if (atCard.length === 0) return "";
  if (atCard.length === rejected.length) return ` — ${CARD_TARGET}`;
  return ` — ${formatList(atCard.map((d) => titleOf(d.taskClass)))}: ${CARD_TARGET}`;
}

/** Why a class that is not for this client is no mark against the card. */
function clientPart(count: number): string {
  return `the client itself cannot perform ${count === 1 ? "it" : "them"}, whatever the card says`;
}

const CARD_TARGET = "the card, not the server: refetch the card";
const STALE_CARD_WHY = "The server is known good and the card known stale: reject the card and refetch it, not the server.";
const CLIENT_LIMIT_WHY = "No card could change this: the task class is not for this client, and the card is not at fault.";

/** The finding behind the deciding reason, in the invariant's own words; else the reason, else the decision. */
function whyOf(decision: TaskClassDecision, review: Review): string {
  // Not for this client: the reason to show is the client's own limit, not a cut the card made beside it.
  const own = decision.target === "client" ? decision.reasons.find((r) => r.outcome === "reject" && isClientLimitOf(r.invariant, decision, review)) : undefined;
  const reason = own ?? decision.reasons.find((r) => r.reason !== "noViolation") ?? decision.reasons[0];
  if (!reason) return explainDecision(decision, review);
  const finding = reason.invariant ? decision.findings.find((f) => f.invariant === reason.invariant) : undefined;
  if (finding && (finding.status === "violated" || finding.status === "not-evaluated")) {
    const outcome =
      decision.target === "card"
        ? ` ${STALE_CARD_WHY}`
        : decision.target === "client"
          ? ` ${CLIENT_LIMIT_WHY}`
          : reason.outcome !== "reject" && reason.reason !== "optionalPathCut"
          ? ` ${explainReason(reason, { decision: decision.decision })}`
          : "";
    return `${explainFinding(finding)}${outcome}`;
  }
  return explainReason(reason, { decision: decision.decision });
}

function isClientLimitOf(invariant: string | undefined, decision: TaskClassDecision, review: Review): boolean {
  const finding = invariant ? decision.findings.find((f) => f.invariant === invariant) : undefined;
  return finding !== undefined && isClientLimit(finding, review.profile);
}

/**
 * A matrix cell when the card is not valid: the invariants read a card that does not match any
 * A2A shape, so their results are not shown as if they counted.
 */
export function explainCellOfInvalidCard(review: Review): string {
  const errors = review.validity.problems.filter((p) => p.severity === "error").length;
  return `Not evaluated: the card is not a valid Agent Card (${errors} error${errors === 1 ? "" : "s"}), so no invariant is checked against it and every task class is rejected — the card, not the server. Fix the card's errors (listed above the matrix, and underlined in the editor) to see this invariant's result.`;
}
