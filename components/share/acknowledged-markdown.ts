import { type Acknowledgement, acknowledgeReview, describeAcknowledgement, describeClassAcknowledgement, digestCardText, type Review } from "@/lib/negotiation";
import { escapeMarkdown } from "@/lib/markdown";

/**
 * "Copy as Markdown"'s word on the acknowledged findings the review was shown with (and its link
 * carries): each class they bear on, in explain/'s sentence, then each acknowledgement with its
 * reason, who and until when. A list, escaped like every text from a card or a profile. Empty when
 * there are none.
 */
export function acknowledgedMarkdown(review: Review, cardText: string, acknowledgements: readonly Acknowledgement[], now: Date = new Date()): string {
  if (acknowledgements.length === 0) return "";
  const entries = acknowledgeReview(review, acknowledgements, { now, cardDigest: digestCardText(cardText) });
  const lines = ["**Acknowledged findings** (known and accepted; each decision above stands as decided):", ""];
  let said = 0;
  for (const entry of entries) {
    const sentence = describeClassAcknowledgement(entry);
    if (sentence === undefined) continue;
    said++;
    lines.push(`- ${escapeMarkdown(sentence)}`);
    for (const applied of [...entry.applied, ...entry.expired]) lines.push(`  - ${escapeMarkdown(describeAcknowledgement(applied.acknowledgement))}`);
  }
  const count = `${acknowledgements.length} acknowledgement${acknowledgements.length === 1 ? "" : "s"}`;
  if (said === 0) lines.push(`- The link carries ${count}; none bears on these decisions.`);
  else lines.push("", `The link carries ${count}.`);
  return `${lines.join("\n")}\n\n`;
}
