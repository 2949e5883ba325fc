import { ClientProfile } from "@/lib/negotiation";
import type { CardVersion } from "./card-version";

/**
 * The /diff page's inputs, kept in this browser (localStorage) so a reload loses nothing. A review
 * link in the address wins over them. Cards too large for the browser's storage are simply not kept
 * (the write fails quietly; the page works the same).
 */
const KEY = "parley.diff.v1";

export interface StoredDiff {
  before: CardVersion;
  after: CardVersion;
  profiles: ClientProfile[];
}

function version(value: unknown): CardVersion {
  const v = value as { text?: unknown; origin?: unknown } | null;
  return { text: typeof v?.text === "string" ? v.text : "", origin: typeof v?.origin === "string" ? v.origin : "" };
}

export function readStoredDiff(): StoredDiff | undefined {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return undefined;
    const value = JSON.parse(raw) as { before?: unknown; after?: unknown; profiles?: unknown };
    const profiles = Array.isArray(value.profiles) ? value.profiles.flatMap((p) => {
      const parsed = ClientProfile.safeParse(p);
      return parsed.success ? [parsed.data] : [];
    }) : [];
    return { before: version(value.before), after: version(value.after), profiles };
  } catch {
    return undefined;
  }
}

export function storeDiff(diff: StoredDiff): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(diff));
  } catch {
    // Quota or disabled storage: the page works the same, it is just not kept.
  }
}
