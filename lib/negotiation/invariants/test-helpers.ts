import type { NormalizedCard } from "../card/model";
import type { ReviewContext } from "../context";
import type { ClientProfile } from "../profile";
import { findTaskClass, type TaskClass } from "../task-classes";
import type { Finding, Invariant } from "./types";

/** Shared by the invariant table tests: run one check with sensible defaults. */
export function taskClass(id: string): TaskClass {
  const found = findTaskClass(id);
  if (!found) throw new Error(`no built-in task class ${id}`);
  return found;
}

export function runCheck(
  invariant: Invariant,
  card: NormalizedCard,
  profile: ClientProfile,
  classId: string,
  context: ReviewContext = {},
): Finding {
  return invariant.check({ card, profile, context, taskClass: taskClass(classId) });
}

/** The evidence pointers of one source, for compact assertions. */
export function pointers(finding: Finding, source: "card" | "profile" | "context"): string[] {
  return finding.evidence.filter((e) => e.source === source).map((e) => e.pointer);
}

/** A copy of the profile with these fields left out (unknown, not "no"). */
export function omitFields(profile: ClientProfile, ...keys: Array<keyof ClientProfile>): ClientProfile {
  const copy: Record<string, unknown> = { ...profile };
  for (const key of keys) delete copy[key];
  return copy as ClientProfile;
}
