import { ACKNOWLEDGEMENT_DATE, acknowledgementExpiry, CARD_DIGEST, LIVE_PROBLEM_CODES, PROBLEM_CODES } from "../negotiation";

/**
 * Acknowledged lint findings: an entry of the config's `acknowledgements` that names a lint code
 * (`"lint": "missingSpecField"`) instead of a rule. It covers that finding of `parley lint` (every
 * one with that code, or the one at `pointer`), says why, and may expire; like a rule's
 * acknowledgement it never hides the finding: lint shows it as acknowledged, and an acknowledged
 * finding does not fail the run (an expired one does again). Pure: the config reader reads them,
 * lint's formats mark what they cover.
 */
export interface LintAcknowledgement {
  /** The lint code: a validity problem's or a live check's (lint's `code` in JSON, `[code]` in text). */
  lint: string;
  /** Only the finding at this JSON pointer into the card; left out: every finding with the code. */
  pointer?: string;
  reason: string;
  by?: string;
  /** Last day (YYYY-MM-DD, UTC, inclusive) or instant (ISO 8601 with zone) it holds. */
  until?: string;
  /** The card digest ("sha256:…") it is limited to. */
  card?: string;
}

/** The lint codes an acknowledgement can name: those that can fail a lint run (errors and warnings; notes never fail). */
export const ACKNOWLEDGEABLE_LINT_CODES: readonly string[] = [
  ...Object.keys(PROBLEM_CODES),
  ...Object.entries(LIVE_PROBLEM_CODES)
    .filter(([, severity]) => severity !== "note")
    .map(([code]) => code),
];

const KEYS = ["lint", "pointer", "reason", "by", "until", "card"];
const MAX_TEXT = 2_000;

/** Reads one entry; `at` is its pointer in the config file. Problems name the field and what is wrong. */
export function readLintAcknowledgement(value: Record<string, unknown>, at: string): { acknowledgement?: LintAcknowledgement; problems: Array<{ pointer: string; message: string }> } {
  const problems: Array<{ pointer: string; message: string }> = [];
  const text = (key: string, required: boolean): string | undefined => {
    const v = value[key];
    if (v === undefined) {
      if (required) problems.push({ pointer: `${at}/${key}`, message: `is required${key === "reason" ? " (an acknowledgement without a reason is a silenced finding)" : ""}` });
      return undefined;
    }
    if (typeof v !== "string" || v.trim() === "" || v.length > MAX_TEXT) {
      problems.push({ pointer: `${at}/${key}`, message: `must be a non-empty string of at most ${MAX_TEXT} characters` });
      return undefined;
    }
    return v.trim();
  };
  for (const key of Object.keys(value)) if (!KEYS.includes(key)) problems.push({ pointer: `${at}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`, message: `unknown field; a lint acknowledgement takes ${KEYS.join(", ")}` });
  const lint = text("lint", true);
  if (lint !== undefined && !ACKNOWLEDGEABLE_LINT_CODES.includes(lint)) {
    const note = (LIVE_PROBLEM_CODES as Record<string, string>)[lint] === "note" ? "it is a note, which never fails a lint run" : "no lint finding has that code";
    problems.push({ pointer: `${at}/lint`, message: `"${lint}": ${note}; name the code lint prints in brackets (e.g. missingSpecField, liveClaimRefused)` });
  }
  const pointer = value.pointer;
  if (pointer !== undefined && (typeof pointer !== "string" || (pointer !== "" && !pointer.startsWith("/")))) problems.push({ pointer: `${at}/pointer`, message: 'must be a JSON pointer into the card ("/capabilities/streaming"; "" for the whole card)' });
  const reason = text("reason", true);
  const by = text("by", false);
  const until = value.until;
  if (until !== undefined && (typeof until !== "string" || !ACKNOWLEDGEMENT_DATE.test(until) || Number.isNaN(acknowledgementExpiry(until)))) problems.push({ pointer: `${at}/until`, message: "must be a date that exists (YYYY-MM-DD) or an ISO 8601 time with a zone" });
  const card = value.card;
  if (card !== undefined && (typeof card !== "string" || !CARD_DIGEST.test(card))) problems.push({ pointer: `${at}/card`, message: 'must be a card digest: "sha256:" and 64 lowercase hex digits' });
  if (problems.length > 0) return { problems };
  return {
    acknowledgement: { lint: lint!, ...(typeof pointer === "string" ? { pointer } : {}), reason: reason!, ...(by ? { by } : {}), ...(typeof until === "string" ? { until } : {}), ...(typeof card === "string" ? { card } : {}) },
    problems,
  };
}

/** What the acknowledgements do to one lint finding: the one in force that covers it, and those that expired. */
export interface LintFindingAcknowledgement {
  applied?: LintAcknowledgement;
  expired: LintAcknowledgement[];
}

/** A matcher for lint's findings (by code and pointer) against the acknowledgements, at `now`, for the card with this digest. */
export function lintAcknowledger(acknowledgements: readonly LintAcknowledgement[], now: Date, cardDigest: string): (code: string, pointer: string) => LintFindingAcknowledgement | undefined {
  return (code, pointer) => {
    const covering = acknowledgements.filter((a) => a.lint === code && (a.pointer === undefined || a.pointer === pointer) && (a.card === undefined || a.card === cardDigest));
    if (covering.length === 0) return undefined;
    const expired = covering.filter((a) => a.until !== undefined && now.getTime() > acknowledgementExpiry(a.until));
    return { applied: covering.find((a) => !expired.includes(a)), expired };
  };
}

/** "Acknowledged by Ana until 2027-03-31: the vendor fixes it in Q1." (who and until only when given). */
export function describeLintAcknowledgement(a: LintAcknowledgement): string {
  return `Acknowledged${a.by ? ` by ${a.by}` : ""}${a.until ? ` until ${a.until}` : ""}: ${a.reason}`;
}

/** "The acknowledgement of missingSpecField expired on 2026-01-31: the finding counts again." */
export function describeExpiredLintAcknowledgement(a: LintAcknowledgement): string {
  return `The acknowledgement of ${a.lint}${a.pointer ? ` at ${a.pointer || "/"}` : ""} expired on ${a.until}: the finding counts again.`;
}
