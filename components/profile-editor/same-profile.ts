import type { ClientProfile } from "@/lib/negotiation";

/** Key order does not matter to a profile; compare canonical JSON. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
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
