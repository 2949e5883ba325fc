import { capList, type Review, docsPath, type EvidenceRef, isNotForClient } from "../negotiation";
import { describeCut, decisionLabel, describeProblemCounts, describeUnlisted, evidenceValueText, explainEveryClassRejected } from "../negotiation/explain";
import type { ValidityProblem } from "../negotiation";
import type { LoadedCard } from "./inputs";
import { safeLines } from "../report/escape";
import { isNotable, type ReviewJson } from "./review-json";

/**
 * The human-readable review for a terminal: header, validity problems with pointers (for an
 * invalid card, the one reason every class is rejected), a table of task class → decision, then
 * per task class of a valid card the reasons, the findings that matter (violated,
 * not evaluated, or holding by an exception) with their docs path, and the degradations.
 * Plain text: readable without colour, greppable, stable enough to paste into a ticket.
 */
export function formatReviewText(review: Review, json: ReviewJson, card: LoadedCard): string {
  const out: string[] = [];
  const name = review.card?.name ?? "(unnamed card)";
  out.push(`${name} — ${card.source}`);
  if (card.fetched) {
    const f = card.fetched;
    out.push(`  fetched ${f.finalUrl} (${f.discoveredVia}, HTTP ${f.status}, ${f.size} bytes, sha256 ${f.sha256})`);
  }
  out.push(`  shape ${json.shape}, ${json.valid ? "valid" : "INVALID"}; profile "${review.profile.name}"; engine ${review.engine.name} ${review.engine.version}`);
  if (json.advisory) out.push(`  advisory: ${json.advisory}`);
  out.push("");

  out.push(json.validity.length === 0 ? "Validity: no problems." : `Validity: ${countBySeverity(json)}`);
  for (const p of json.validity) {
    const at = p.line !== undefined ? ` (line ${p.line}, column ${p.column})` : "";
    out.push(`  ${p.severity.padEnd(7)} ${p.pointer || "/"}${at}  ${p.message}  [${p.code}]`);
  }
  if (json.signature) out.push(`Signature: ${json.signature.message}`);
  out.push("");

  const ids = Object.keys(json.decisions);
  // An invalid card is rejected for every class for one reason: said once, above the table, and
  // each class then shows its decision alone (its findings are a best-effort reading of a card
  // no conforming client accepts).
  const invalidReason = json.valid ? undefined : ids.map((id) => json.decisions[id]!.reasons.find((r) => r.reason === "invalidCard")).find((r) => r !== undefined);
  if (invalidReason) out.push(explainEveryClassRejected(invalidReason.message ?? ""), "");
  const width = Math.max(10, ...ids.map((id) => id.length));
  out.push(`${"TASK CLASS".padEnd(width)}  DECISION`);
  for (const id of ids) {
    const d = json.decisions[id]!;
    out.push(`${id.padEnd(width)}  ${invalidReason ? d.decision : decisionLabel(d)}`);
  }

  for (const id of invalidReason ? [] : ids) {
    const d = json.decisions[id]!;
    const notable = d.findings.filter(isNotable);
    if (d.decision === "accept" && notable.length === 0) continue;
    // Not for this client reads so here too: a rejection of the card it is not.
    out.push("", `${id}: ${isNotForClient(d) ? decisionLabel(d) : d.decision}`);
    for (const r of d.reasons) if (r.reason !== "noViolation") out.push(`  why: ${r.message}`);
    for (const f of notable) {
      out.push(`  ${FINDING_MARK[f.status] ?? "-"} ${f.invariant} (${f.status}${f.exception ? `, ${f.exception}` : ""}): ${f.message}`);
      if (f.cuts) out.push(`      ${describeCut(f.cuts)}`);
      if (f.missing?.length) out.push(`      declare in the profile: ${f.missing.join(", ")}`);
      // Identical items listed once: every interface of a card can cite the same field.
      const listed = capList([...new Set((f.evidence ?? []).map(describeEvidence))]);
      const evidence = [...listed.items, describeUnlisted(listed.more)].filter(Boolean).join("; ");
      if (evidence) out.push(`      evidence: ${evidence}`);
      out.push(`      docs: ${f.docs ?? docsPath(f.invariant)}`);
    }
    for (const g of d.degradations) {
      out.push(`  degraded: gives up ${g.lost.join(", ")}; falls back to ${g.fallback.join(", ") || "nothing"} (${g.invariant})`);
    }
  }
  // Each entry is one line: a line break or control character in it came from the card, and is shown, not obeyed.
  return safeLines(out) + "\n";
}

const FINDING_MARK: Record<string, string> = { violated: "x", "not-evaluated": "?", holds: "ok" };


/** The counts line, with what a capped list left out counted in (its total said once). */
function countBySeverity(json: ReviewJson): string {
  return describeProblemCounts(json.validity.map((p) => ({ severity: p.severity, code: p.code, pointer: p.pointer, data: (p.data ?? {}) as ValidityProblem["data"] })));
}


function describeEvidence(e: EvidenceRef): string {
  return `${e.source} ${e.pointer || "/"}${evidenceValueText(e)}`;
}

