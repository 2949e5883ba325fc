import { escapeMarkdown } from "../markdown";
import { detailOf, orderDecisionChanges, restsOn, type CardDiff, type DecisionChange } from "../negotiation/diff";
import type { Finding } from "../negotiation/invariants/types";
import { explainDecision } from "../negotiation/explain/decisions";
import { explainFinding } from "../negotiation/explain/findings";

/** The two versions as the page names them: where each came from. */
export interface DiffSides {
  before: string;
  after: string;
}

/**
 * "Copy as Markdown" on /diff: the decision moves and the findings that caused them, as a ticket
 * comment. Per profile, each decision that changes (the ones that got worse first) with the engine's
 * explanation now and each changed finding before and after; then the decisions that stay the same
 * for other reasons; then the link that reopens the diff. Everything that comes from a card, a
 * profile or a file name is escaped, as in every other Markdown output: a card named `| ![x](…) |`
 * must not rewrite the ticket.
 */
export function renderDiffMarkdown(diff: CardDiff, sides: DiffSides, link?: string): string {
  const ordered = orderDecisionChanges(diff.decisionChanges);
  const worse = ordered.filter((c) => c.worse).length;
  const profiles = diff.reviews.map((r) => r.profile);
  const engine = diff.reviews[0]?.after.engine;
  const lines = [
    `**Parley diff:** ${cardName(diff, "before")} → ${cardName(diff, "after")}${engine ? ` (engine ${engine.name} ${escapeMarkdown(engine.version)})` : ""}`,
    "",
    `- Before: ${escapeMarkdown(sides.before.trim() || "pasted")}`,
    `- After: ${escapeMarkdown(sides.after.trim() || "pasted")}`,
    `- Compared for: ${profiles.map(escapeMarkdown).join(", ")}`,
    "",
  ];
  if (ordered.length === 0) {
    lines.push("No decision changes.", "");
  } else {
    lines.push(`**${ordered.length} ${ordered.length === 1 ? "decision changes" : "decisions change"}, ${worse === 0 ? "none" : worse} for the worse.**`, "");
    for (const profile of profiles) {
      const changes = ordered.filter((c) => c.profile === profile);
      if (changes.length === 0) continue;
      lines.push(`#### ${escapeMarkdown(profile)}`, "");
      for (const change of changes) lines.push(...decisionChange(diff, change));
      lines.push("");
    }
  }
  const reasons = orderDecisionChanges(diff.reasonChanges);
  if (reasons.length > 0) {
    lines.push("**Same decisions, other reasons:**", "");
    for (const change of reasons) {
      const now = restsOn(diff, change).map(code).join(", ");
      const was = restsOn(diff, change, "before").map(code).join(", ");
      lines.push(`- ${escapeMarkdown(change.profile)}, ${code(change.taskClass)}: still ${change.after}, now resting on ${now || "nothing"}; before, on ${was || "nothing"}.`);
      lines.push(...changedFindings(diff, change));
    }
    lines.push("");
  }
  if (link) lines.push(`[Open this diff in Parley](${link})`);
  return `${lines.join("\n").replace(/\n+$/, "")}\n`;
}

function decisionChange(diff: CardDiff, change: DecisionChange): string[] {
  const detail = detailOf(diff, change);
  const review = diff.reviews.find((r) => r.profile === change.profile)?.after;
  const why = detail.after ? ` ${escapeMarkdown(explainDecision(detail.after, review))}` : "";
  return [`- ${code(change.taskClass)}: ${change.before} → ${change.after} (**${change.worse ? "worse" : "better"}**).${why}`, ...changedFindings(diff, change)];
}

function changedFindings(diff: CardDiff, change: DecisionChange): string[] {
  return detailOf(diff, change).findings.map(
    (f) => `  - ${code(f.invariant)}: ${status(f.before)} → ${status(f.after)}. Before: ${explained(f.before)} After: ${explained(f.after)}`,
  );
}

function status(finding: Finding | undefined): string {
  return finding ? finding.status : "not checked";
}

function explained(finding: Finding | undefined): string {
  return finding ? escapeMarkdown(explainFinding(finding)) : "not checked.";
}

function cardName(diff: CardDiff, side: "before" | "after"): string {
  const name = diff.reviews[0]?.[side].card?.name?.trim();
  return name ? escapeMarkdown(name) : side === "before" ? "the earlier version" : "the later version";
}

/** Ids (task classes, invariants) are kebab-case, or a user-defined class's id: shown as code, with backticks escaped away. */
function code(id: string): string {
  return /^[a-z0-9]+(-[a-z0-9]+)*$/.test(id) ? `\`${id}\`` : escapeMarkdown(id);
}
