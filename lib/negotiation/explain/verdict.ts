import type { DecisionKind, Review, TaskClassDecision } from "../decision-types";
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
  decision: DecisionKind;
  /** Why, in one or two sentences: the finding that decided it, or the decision's own reason. */
  why: string;
}

export interface Verdict {
  /** "bad": something is rejected (or nothing could be decided); "mixed": escalate, defer or degrade; "good": all accepted. */
  tone: "good" | "mixed" | "bad";
  headline: string;
  lines: VerdictLine[];
  /** Task classes per decision, most severe decision first; empty decisions left out. */
  counts: { decision: DecisionKind; titles: string[] }[];
}

/** Severity order, most severe first (DESIGN: reject > escalate > defer > accept-degraded > accept). */
export const DECISIONS_BY_SEVERITY: readonly DecisionKind[] = ["reject", "escalate", "defer", "accept-degraded", "accept"];

const COUNT_WORDS: Record<DecisionKind, string> = {
  reject: "rejected",
  escalate: "to escalate",
  defer: "deferred",
  "accept-degraded": "accepted degraded",
  accept: "accepted",
};

export function summarizeVerdict(review: Review): Verdict {
  const titleOf = (id: string) => review.taskClasses.find((t) => t.id === id)?.title ?? id;
  if (review.decisions.length === 0) {
    const why = (review.inputErrors ?? []).map(explainInputError);
    return { tone: "bad", headline: `No decisions: ${why[0] ?? "nothing was reviewed."}`, lines: [], counts: [] };
  }
  const counts = DECISIONS_BY_SEVERITY.map((decision) => ({
    decision,
    titles: review.decisions.filter((d) => d.decision === decision).map((d) => titleOf(d.taskClass)),
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
    return `${subject} ${COUNT_WORDS[decision]}${named}${decision === "reject" ? targetPart(review, titleOf) : ""}`;
  });
  const worst = counts[0]?.decision ?? "accept";
  const tone = worst === "reject" ? "bad" : worst === "accept" ? "good" : "mixed";
  const lines: VerdictLine[] = [];
  for (const kind of DECISIONS_BY_SEVERITY) {
    if (kind === "accept") continue;
    for (const d of review.decisions) {
      if (d.decision !== kind) continue;
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
  const rejected = review.decisions.filter((d) => d.decision === "reject");
  const atCard = rejected.filter((d) => d.target === "card");
  if (atCard.length === 0) return "";
  if (atCard.length === rejected.length) return ` — ${CARD_TARGET}`;
  return ` — ${formatList(atCard.map((d) => titleOf(d.taskClass)))}: ${CARD_TARGET}`;
}

const CARD_TARGET = "the card, not the server: refetch the card";
const STALE_CARD_WHY = "The server is known good and the card known stale: reject the card and refetch it, not the server.";

/** The finding behind the deciding reason, in the invariant's own words; else the reason, else the decision. */
function whyOf(decision: TaskClassDecision, review: Review): string {
  const reason = decision.reasons.find((r) => r.reason !== "noViolation") ?? decision.reasons[0];
  if (!reason) return explainDecision(decision, review);
  const finding = reason.invariant ? decision.findings.find((f) => f.invariant === reason.invariant) : undefined;
  if (finding && (finding.status === "violated" || finding.status === "not-evaluated")) {
    const outcome =
      decision.target === "card"
        ? ` ${STALE_CARD_WHY}`
        : reason.outcome !== "reject" && reason.reason !== "optionalPathCut"
          ? ` ${explainReason(reason)}`
          : "";
    return `${explainFinding(finding)}${outcome}`;
  }
  return explainReason(reason);
}

/**
 * A matrix cell when the card is not valid: the invariants read a card that does not match any
 * A2A shape, so their results are not shown as if they counted.
 */
export function explainCellOfInvalidCard(review: Review): string {
  const errors = review.validity.problems.filter((p) => p.severity === "error").length;
  return `Not evaluated: the card is not a valid Agent Card (${errors} error${errors === 1 ? "" : "s"}), so no invariant is checked against it and every task class is rejected — the card, not the server. Fix the card's errors (listed above the matrix, and underlined in the editor) to see this invariant's result.`;
}
