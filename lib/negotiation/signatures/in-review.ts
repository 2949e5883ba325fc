import { capList } from "../caps";
import { makeProblem } from "../card/problems";
import { capWarnings, type ValidityProblem, type ValidityReport } from "../card/validity";
import { signatureList, uncheckedReport } from "./read";
import type { SignatureReport } from "./types";

/**
 * How review() takes a signature report in: synchronously, from a report the caller computed with
 * verifyCardSignatures() on the same card text (verification is async, review() is not). Pure, and
 * free of the JOSE libraries, so the review bundle stays small.
 */

/**
 * The report for this card: undefined when it is unsigned; the caller's report when it is one for
 * a signed card with as many signatures; else every signature "not checked" (a report for another
 * card, or none at all, never passes for this one's).
 */
export function signatureReportFor(card: unknown, given: SignatureReport | undefined): SignatureReport | undefined {
  const list = signatureList(card);
  if (!list) return undefined;
  if (given && given.status !== "unsigned" && given.total === list.length && Array.isArray(given.signatures)) return given;
  return uncheckedReport(card);
}

/**
 * The report as a review carries it: its entries capped (caps.ts) like every list a card can grow,
 * `total` still the card's count. A card of 40,001 signatures is 20 entries and a total.
 */
export function cappedSignatureReport(report: SignatureReport): SignatureReport {
  const { items, more } = capList(report.signatures);
  return more === 0 ? report : { status: report.status, total: report.total, signatures: items };
}

/**
 * The validity report with the signature report and a warning per signature that is not valid,
 * capped again with those warnings in (before, they were added after the cap and a card of 40,001
 * signatures carried 40,001 warnings to every output).
 */
export function withSignatureReport(validity: ValidityReport, given: SignatureReport): ValidityReport {
  const report = cappedSignatureReport(given);
  const problems: ValidityProblem[] = [];
  for (const s of report.signatures) {
    if (s.status === "valid") continue;
    const data: ValidityProblem["data"] = { signatureReason: s.reason, ...s.data };
    if (s.alg !== undefined) data.alg = s.alg;
    if (s.kid !== undefined) data.kid = s.kid;
    if (s.jku !== undefined) data.jku = s.jku;
    // Beside a signature that verifies, a failing one is not a sign the card was changed.
    const code = s.status !== "invalid" ? "signatureUnverifiable" : report.status === "valid" ? "signatureInvalidBesideValid" : "signatureInvalid";
    problems.push(makeProblem(code, s.pointer, data));
  }
  // The entries left out: past SIGNATURE_LIMITS.maxSignatures, so never checked (unverifiable).
  const unlisted = report.total - report.signatures.length;
  if (unlisted > 0) {
    problems.push({ severity: "warning", code: "moreOfThisKind", pointer: `/signatures/${report.signatures.length}`, data: { code: "signatureUnverifiable", more: unlisted } });
  }
  // Spelled out rather than spread: spreading the report and its problem list was most of the cost
  // of this step.
  const out: ValidityReport = {
    valid: validity.valid,
    shape: validity.shape,
    problems: problems.length === 0 ? validity.problems : capWarnings(validity.problems.concat(problems)),
    signature: report,
  };
  if (validity.truncated) out.truncated = validity.truncated;
  return out;
}
