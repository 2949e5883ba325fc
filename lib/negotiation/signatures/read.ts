import { isObject, own } from "../card/json-value";
import { overallStatus, SIGNATURE_LIMITS, signaturePointer, type SignatureEntry, type SignatureReport } from "./types";

/**
 * What review() knows of a card's signatures without verifying them: how many there are. Kept this
 * small on purpose (it ships with every review); reading each JWS and checking it is verify.ts's,
 * which loads only for a card that has signatures.
 */

/** The card's `signatures` array when it is a non-empty array, else undefined (an unsigned card). */
export function signatureList(card: unknown): unknown[] | undefined {
  if (!isObject(card)) return undefined;
  const list = own(card, "signatures");
  return Array.isArray(list) && list.length > 0 ? list : undefined;
}

/**
 * The report for a card whose signatures were not checked (no report given): every signature
 * `notChecked` (those past the limit `beyondLimit`). Undefined for an unsigned card.
 */
export function uncheckedReport(card: unknown): SignatureReport | undefined {
  const list = signatureList(card);
  if (!list) return undefined;
  const signatures = list.map((_, index): SignatureEntry => {
    const beyond = index >= SIGNATURE_LIMITS.maxSignatures;
    return {
      index,
      pointer: signaturePointer(index),
      status: "unverifiable",
      reason: beyond ? "beyondLimit" : "notChecked",
      data: beyond ? { limit: SIGNATURE_LIMITS.maxSignatures } : {},
    };
  });
  return { status: overallStatus(signatures), total: list.length, signatures };
}
