import { type CardDiff, type ClientProfile, ENGINE_VERSION, type ReviewContext, type TaskClass } from "@/lib/negotiation";
import type { DiffLinkState } from "@/lib/share";
import type { CardVersion } from "./card-version";

/** What the page shows: the diff and the exact texts it was computed from, with the inputs around them. */
export interface SharedDiff {
  diff: CardDiff;
  before: CardVersion;
  after: CardVersion;
  profiles: ClientProfile[];
  context: ReviewContext;
  taskClasses?: Array<string | TaskClass>;
}

/** The diff as a link carries it: where each version came from, said as it will read when the link is opened later. */
export function diffLinkState(shared: SharedDiff): DiffLinkState {
  return {
    before: { text: shared.before.text, origin: linkOrigin(shared.before.origin) },
    after: { text: shared.after.text, origin: linkOrigin(shared.after.origin) },
    profiles: shared.profiles,
    context: shared.context,
    ...(shared.taskClasses ? { taskClasses: shared.taskClasses } : {}),
    engineVersion: ENGINE_VERSION,
  };
}

/** "…, fetched just now" is not true when the link is opened tomorrow; a link's own mark is not kept twice. */
export function linkOrigin(origin: string): string {
  return origin.replace(/ \(from the diff link\)$/, "").replace(/, fetched just now$/, ", fetched when the link was made");
}

/** A version's origin as a diff link brings it back. */
export function fromDiffLink(origin: string): string {
  return `${origin || "pasted"} (from the diff link)`;
}
