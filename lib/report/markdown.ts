import { escapeMarkdown } from "../markdown";
import type { Review } from "../negotiation/decision-types";
import { decisionLabel, explainAdvisory, explainEveryClassRejected, explainInputError, explainReason, invalidCardReason } from "../negotiation/explain/decisions";
import { describeProblem } from "../negotiation/explain/validity";

/**
 * "Copy as Markdown": the review as a ticket comment. One table row per task class (decision and
 * why, in the explain/ wording) and the snapshot link that reopens it. Everything that comes from
 * the card or the profile is escaped: a card named `| ![x](…) |` must not rewrite the ticket.
 */
export function renderDecisionMarkdown(review: Review, link?: string): string {
  const card = review.card?.name?.trim() || "unnamed card";
  const profile = review.profile.name?.trim() || "unnamed profile";
  const lines = [
    `**Parley review:** ${escapeMarkdown(card)} × ${escapeMarkdown(profile)} (engine ${review.engine.name} ${escapeMarkdown(review.engine.version)})`,
    "",
  ];
  // An invalid card: its one reason once, then what to fix; the table shows each class's decision alone.
  const invalid = review.validity.valid ? undefined : invalidCardReason(review);
  if (invalid) {
    lines.push(escapeMarkdown(explainEveryClassRejected(explainReason(invalid))), "");
    for (const problem of review.validity.problems.filter((p) => p.severity === "error")) {
      lines.push(`- ${escapeMarkdown(describeProblem(problem))}${problem.pointer ? ` (\`${problem.pointer.replaceAll("`", "'")}\`)` : ""}`);
    }
    lines.push("");
  } else if (!review.validity.valid) {
    const errors = review.validity.problems.filter((p) => p.severity === "error").length;
    lines.push(`The card is not valid (${errors} error${errors === 1 ? "" : "s"}), so nothing is accepted.`, "");
  }
  if (review.advisory && !invalid) lines.push(escapeMarkdown(explainAdvisory(review.advisory)), "");
  if (review.decisions.length === 0) {
    const why = (review.inputErrors ?? []).map((error) => escapeMarkdown(explainInputError(error)));
    lines.push(`No decisions: ${why.join(" ") || "nothing was reviewed."}`, "");
  } else {
    lines.push(invalid ? "| Task class | Decision |" : "| Task class | Decision | Why |", invalid ? "| --- | --- |" : "| --- | --- | --- |");
    for (const decision of review.decisions) {
      const title = review.taskClasses.find((t) => t.id === decision.taskClass)?.title ?? decision.taskClass;
      const row = `| ${escapeMarkdown(title)} (\`${decision.taskClass}\`) | ${decisionLabel(decision)} |`;
      if (invalid) {
        lines.push(row);
        continue;
      }
      const why = decision.reasons.map((reason) => explainReason(reason, { decision: decision.decision })).join(" ");
      lines.push(`${row} ${escapeMarkdown(why) || "—"} |`);
    }
    lines.push("");
  }
  if (link) lines.push(`[Open this review in Parley](${link})`);
  return `${lines.join("\n")}\n`;
}


