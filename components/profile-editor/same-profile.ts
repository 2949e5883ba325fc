import type { ClientProfile } from "@/lib/negotiation";

/**
 * Key order does not matter to a profile; compare canonical JSON. Keys sort by code unit, not
 * localeCompare: any fixed order serves an equality test, and the first localeCompare builds an
 * ICU collator (about 45 ms on first load at 4× CPU slowdown, one long task on its own).
 */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

// Profiles are immutable values here (every edit makes a new object), so each one's canonical
// form is computed once: the preset picker compares the profile with every preset on each render.
const canonical = new WeakMap<ClientProfile, string>();

function canonicalOf(profile: ClientProfile): string {
  let text = canonical.get(profile);
  if (text === undefined) {
    text = canonicalJson(profile);
    canonical.set(profile, text);
  }
  return text;
}

export function sameProfile(a: ClientProfile, b: ClientProfile): boolean {
  return a === b || canonicalOf(a) === canonicalOf(b);
}
