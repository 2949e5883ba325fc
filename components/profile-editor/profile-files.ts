import { findJsonSyntaxError } from "@/lib/negotiation/card";
import { positionAt } from "@/lib/negotiation/card";
import { describeProfileIssue } from "@/lib/negotiation/explain";
import type { ClientProfile } from "@/lib/negotiation";
import { parseProfileText, validateProfile } from "./parse-profile";

/**
 * Saved profiles as files: an export is one profile (an object) or all of them (a list); an
 * import takes either. Every entry is checked as a profile; the ones that fail are named with why.
 */
export const MAX_PROFILE_FILE_BYTES = 1024 * 1024;

export function profilesFileText(profiles: readonly ClientProfile[] | ClientProfile): string {
  return `${JSON.stringify(profiles, null, 2)}\n`;
}

export function profileFileName(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${slug || "profile"}.parley-profile.json`;
}

export interface ProfilesFileReading {
  profiles: ClientProfile[];
  /** Entries that are not valid profiles, by position (1-based) and, when they have one, name. */
  problems: { entry: number; name?: string; message: string }[];
}

export function readProfilesFile(text: string): ProfilesFileReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // Said where it is: a file has no cursor to point at, so its line and column.
    const syntax = findJsonSyntaxError(text);
    if (!syntax) {
      const parsed = parseProfileText(text);
      return { profiles: [], problems: [{ entry: 0, message: parsed.ok ? "The file is not JSON." : (parsed.issues[0]?.message ?? "The file is not JSON.") }] };
    }
    const { line, column } = positionAt(text, syntax.offset);
    return { profiles: [], problems: [{ entry: 0, message: describeProfileIssue({ code: "notJson", problem: syntax.code, line, column }) }] };
  }
  const entries = Array.isArray(value) ? value : [value];
  if (entries.length === 0) return { profiles: [], problems: [{ entry: 0, message: "The file holds an empty list: no profiles to import." }] };
  const reading: ProfilesFileReading = { profiles: [], problems: [] };
  entries.forEach((entry, i) => {
    const checked = validateProfile(entry);
    if (checked.ok) reading.profiles.push(checked.profile);
    else {
      const name = typeof (entry as { name?: unknown } | null)?.name === "string" ? (entry as { name: string }).name : undefined;
      reading.problems.push({ entry: i + 1, ...(name ? { name } : {}), message: checked.issues.map((issue) => issue.message).join(" ") });
    }
  });
  return reading;
}
