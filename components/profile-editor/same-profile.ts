import type { ClientProfile } from "@/lib/negotiation/profile";

/** Key order does not matter to a profile; compare canonical JSON. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

export function sameProfile(a: ClientProfile, b: ClientProfile): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
