import { escapeMarkdown } from "../markdown";
import type { Review } from "../negotiation/decision-types";
import { decisionLabel, explainAdvisory, explainInputError, explainReason } from "../negotiation/explain/decisions";

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
  if (!review.validity.valid) {
    const errors = review.validity.problems.filter((p) => p.severity === "error").length;
    lines.push(`The card is not valid (${errors} error${errors === 1 ? "" : "s"}), so nothing is accepted.`, "");
  }
  if (review.advisory) lines.push(escapeMarkdown(explainAdvisory(review.advisory)), "");
  if (review.decisions.length === 0) {
    const why = (review.inputErrors ?? []).map((error) => escapeMarkdown(explainInputError(error)));
    lines.push(`No decisions: ${why.join(" ") || "nothing was reviewed."}`, "");
  } else {
    lines.push("| Task class | Decision | Why |", "| --- | --- | --- |");
    for (const decision of review.decisions) {
      const title = review.taskClasses.find((t) => t.id === decision.taskClass)?.title ?? decision.taskClass;
      const why = decision.reasons.map((reason) => explainReason(reason)).join(" ");
      lines.push(`| ${escapeMarkdown(title)} (\`${decision.taskClass}\`) | ${decisionLabel(decision)} | ${escapeMarkdown(why) || "—"} |`);
    }
    lines.push("");
  }
  if (link) lines.push(`[Open this review in Parley](${link})`);
  return `${lines.join("\n")}\n`;
}


