import type { EvidenceRef } from "../invariants/types";

/**
 * The value part of an evidence line, as every surface shows it: ` = <JSON>` (cut to `max`
 * characters), and for a field the card leaves out, that the value is Parley's reading of it.
 * Empty when the evidence carries no value.
 */
export function evidenceValueText(ref: EvidenceRef, max = 60): string {
  if (ref.value === undefined) return "";
  const json = JSON.stringify(ref.value) ?? "";
  const shown = json.length > max ? json.slice(0, max - 1) + "…" : json;
  return ref.absent ? ` = ${shown} (the card states no valid value: read as this)` : ` = ${shown}`;
}
