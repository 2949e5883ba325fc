import type { ClientProfile } from "@/lib/negotiation";

/** The profile as the JSON view shows it (and as profile pointers are located in). */
export function formatProfile(profile: ClientProfile): string {
  return JSON.stringify(profile, null, 2) + "\n";
}
