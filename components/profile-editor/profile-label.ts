import { type ClientProfile, PRESETS } from "@/lib/negotiation";
import { sameProfile } from "./same-profile";

/**
 * The name a review is said to be for, everywhere it is named (the review's header, the client
 * line, "Copy as Markdown"): a profile that keeps a preset's name but no longer says what the
 * preset says is that preset *edited*, and is never shown as the stock preset. A profile renamed by
 * the user is shown by its own name.
 */
export function profileLabel(profile: ClientProfile): string {
  const name = profile.name.trim() || "unnamed profile";
  return isEditedPreset(profile) ? `${name} (edited)` : name;
}

/** The profile carries a preset's name and differs from that preset. */
export function isEditedPreset(profile: ClientProfile): boolean {
  const preset = PRESETS.find((p) => p.name === profile.name);
  return preset !== undefined && !sameProfile(preset, profile);
}
