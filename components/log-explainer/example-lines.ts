import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { ENGINE_VERSION, NORTHWIND, review, writeDecisionRecord } from "@/lib/negotiation";
import { encodeReviewLink } from "@/lib/share";

/**
 * What "Paste an example" fills in: one line of each kind the explainer reads, and one it cannot.
 * The records are written by the engine itself, so they always match the current format.
 */
export function buildExampleLines(): string {
  const result = review(CONTOSO.text, NORTHWIND);
  const liveInput = writeDecisionRecord(result, "live-input", CONTOSO.text);
  const decisions = Object.fromEntries(result.decisions.map((d) => [d.taskClass, d.decision]));
  const reviewLink = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION, decisions });
  // The record can carry its review link: from the log line to the matrix in one click.
  const withLink = liveInput.replace(/\}$/, `,"reviewLink":"#${reviewLink}"}`);
  const asyncRecord = writeDecisionRecord(result, "async-completion", CONTOSO.text);
  return [
    `2026-11-08T09:41:07.211Z WARN northwind.discovery ${withLink}`,
    `2026-11-08T09:41:07.214Z INFO northwind.discovery ${asyncRecord}`,
    "2026-11-08 09:41:07,301 ERROR northwind.seed UnnegotiableAgentCardError: task_class='async-completion': server push notifications require mTLS under scheme 'contosoMtls', but client callback listener is plain HTTPS; registration would silently drop callbacks.",
    "level=warn msg=\"task refused\" rule=resubscribe-only-output taskClass=async-completion vendor=contoso",
    "2026-11-08T09:41:08Z INFO task 7f3a completed in 812 ms",
  ].join("\n");
}
