import type { Outcome } from "@/lib/negotiation";

/** Worst first: the order the page lists decisions in (a rejection aimed at the client is not the card's fault, so it ranks below accept-degraded). */
const SEVERITY: Record<Outcome, number> = { reject: 5, escalate: 4, defer: 3, "accept-degraded": 2, "not-for-client": 1, accept: 0 };

export const severity = (outcome: Outcome): number => SEVERITY[outcome] ?? 0;

export function worstFirst<T extends { outcome: Outcome; profile: string; taskClass: string }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => severity(b.outcome) - severity(a.outcome) || a.profile.localeCompare(b.profile) || a.taskClass.localeCompare(b.taskClass));
}

export function worstOf(rows: ReadonlyArray<{ outcome: Outcome }>): Outcome | null {
  let worst: Outcome | null = null;
  for (const r of rows) if (worst === null || severity(r.outcome) > severity(worst)) worst = r.outcome;
  return worst;
}

/** A time as people read it here: date and minutes in UTC, the same on every machine. */
export function when(iso: string | null | undefined): string {
  if (!iso) return "never";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/** A card digest, shortened for lists; the full one is in the element's title and its link. */
export const shortDigest = (digest: string): string => digest.replace(/^sha256:/, "").slice(0, 12);
