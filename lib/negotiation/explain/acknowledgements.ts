import type { AcknowledgementProblem, Acknowledgement, ClassAcknowledgement } from "../acknowledgements";
import { formatList } from "./template";

/** "Acknowledged by Ana until 2027-03-31: the vendor ships streaming in Q1." (who and until only when given). */
export function describeAcknowledgement(acknowledgement: Acknowledgement): string {
  const by = acknowledgement.by ? ` by ${acknowledgement.by}` : "";
  const until = acknowledgement.until ? ` until ${acknowledgement.until}` : "";
  const scope = acknowledgement.taskClass ? ` for ${acknowledgement.taskClass}` : "";
  const card = acknowledgement.card ? ` on card ${acknowledgement.card.slice(0, 19)}…` : "";
  return `${acknowledgement.invariant} acknowledged${scope}${card}${by}${until}: ${acknowledgement.reason}`;
}

/**
 * One sentence for a class's acknowledgement state, or undefined when nothing bears on it. Never
 * says the decision changed: an acknowledged reject is still a reject, known and accepted.
 */
export function describeClassAcknowledgement(entry: ClassAcknowledgement): string | undefined {
  const parts: string[] = [];
  if (entry.acknowledged) {
    parts.push(`${entry.taskClass}: ${entry.decision}, acknowledged (${formatList(entry.applied.map((a) => a.invariant))}); it does not fail a gate.`);
  } else if (entry.applied.length > 0) {
    parts.push(`${entry.taskClass}: ${entry.decision}; acknowledged ${formatList(entry.applied.map((a) => a.invariant))}, but ${formatList(entry.unacknowledged)} is not, so the decision stands.`);
  }
  for (const e of entry.expired) parts.push(`The acknowledgement of ${e.invariant} for ${entry.taskClass} expired on ${e.acknowledgement.until}: the finding counts again.`);
  return parts.length > 0 ? parts.join(" ") : undefined;
}

export function explainAcknowledgementProblem(problem: AcknowledgementProblem): string {
  const at = problem.pointer || "the top level";
  switch (problem.code) {
    case "notAList":
      return `Acknowledgements must be a list ([…]) of objects; got ${String(problem.data.got)}.`;
    case "tooMany":
      return `There are ${String(problem.data.count)} acknowledgements; Parley reads the first ${String(problem.data.limit)}.`;
    case "invalidUntil":
      return `The acknowledgement's until at ${at} (${String(problem.data.until)}) is not a date that exists.`;
    case "invalidAcknowledgement": {
      const field = problem.data.field ? ` (${String(problem.data.field)})` : "";
      // An entry naming a lint finding (config files only): its own fields.
      if (problem.data.lint === true) return `The lint acknowledgement at ${at}${field} does not read: ${String(problem.data.message)}. It needs "lint" (a lint code) and "reason"; "pointer", "by", "until" and "card" are optional.`;
      return `The acknowledgement at ${at}${field} does not read: ${String(problem.data.message)}. It needs "invariant" (a rule id) and "reason"; "taskClass", "by", "until" and "card" are optional.`;
    }
  }
}
