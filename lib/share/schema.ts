import * as z from "../negotiation/zod";
import { ReviewContext } from "../negotiation/context";
import { OUTCOMES } from "../negotiation/decision-types";
import { ClientProfile } from "../negotiation/profile";
import { TaskClass } from "../negotiation/task-classes";
import { Acknowledgement, MAX_ACKNOWLEDGEMENTS } from "../negotiation/acknowledgements";

/**
 * The zod schemas of what a link carries. Decoding validates a fragment with these before
 * anything reads it; encoding validates with them too, so a link that encodes always decodes.
 */
const MAX_URL_LENGTH = 2048;

const TaskClassId = z
  .string()
  .check(z.maxLength(100), z.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: "task class ids are kebab-case" }));

/** Only http(s): the UI renders it as a link and fetches it, so `javascript:` and friends never get in. */
const CardUrl = z
  .string()
  .check(z.maxLength(MAX_URL_LENGTH), z.refine(isHttpUrl, { error: "the card URL must be an absolute http(s) URL" }));

export const EngineVersion = z
  .string()
  .check(
    z.maxLength(64),
    z.regex(/^\d+\.\d+\.\d+([-+][0-9A-Za-z.+-]+)?$/, { error: "the engine version must be a semantic version" }),
  );

/**
 * Task class id → decision as shown (an outcome: "not-for-client" is a reject aimed at the client).
 * Links written before that value existed carry the five decisions only, and still open; a class
 * they called "reject" that is now not for this client shows as having moved, which it has, on
 * screen. Keys are kebab-case, which also keeps `__proto__` and friends out.
 */
export const DecisionMap = z.record(TaskClassId, z.enum(OUTCOMES));
export type DecisionMap = z.infer<typeof DecisionMap>;

/** A built-in task class by id, or a user-defined class in full (its id alone would not reproduce the review). */
export const LinkTaskClass = z.union([TaskClassId, TaskClass]);
export type LinkTaskClass = z.infer<typeof LinkTaskClass>;

export const Sha256Hex = z.string().check(z.regex(/^[0-9a-f]{64}$/, { error: "a digest is 64 lowercase hex digits" }));

/** Everything a snapshot link carries except the card bytes, which travel unescaped after the JSON. */
const SnapshotMeta = z.strictObject({
  kind: z.literal("snapshot"),
  engineVersion: EngineVersion,
  profile: ClientProfile,
  context: ReviewContext,
  taskClasses: z.optional(z.array(LinkTaskClass)),
  cardUrl: z.optional(CardUrl),
  decisions: z.optional(DecisionMap),
});

const LiveMeta = z.strictObject({
  kind: z.literal("live"),
  engineVersion: EngineVersion,
  cardUrl: CardUrl,
  profile: ClientProfile,
  context: ReviewContext,
  taskClasses: z.optional(z.array(LinkTaskClass)),
  snapshotDigest: z.optional(Sha256Hex),
  snapshotDecisions: z.optional(DecisionMap),
});

/** What a v1 link holds: frozen (a v1 link with anything else is refused, never half read). */
export const LinkMetaV1 = z.discriminatedUnion("kind", [SnapshotMeta, LiveMeta]);

/**
 * Most acknowledgements a link holds: the most a config file holds (MAX_ACKNOWLEDGEMENTS). Counted
 * before the schema reads them, so a hostile list costs one length check.
 */
export const MAX_LINK_ACKNOWLEDGEMENTS = MAX_ACKNOWLEDGEMENTS;

/** The acknowledged findings the review was shown with: the same shape as a config file's. */
const Acknowledgements = z.array(Acknowledgement);

/** A v2 link: a v1 state, plus the acknowledged findings. */
const SnapshotMetaV2 = z.extend(SnapshotMeta, { acknowledgements: z.optional(Acknowledgements) });
const LiveMetaV2 = z.extend(LiveMeta, { acknowledgements: z.optional(Acknowledgements) });
export const LinkMetaV2 = z.discriminatedUnion("kind", [SnapshotMetaV2, LiveMetaV2]);
export type LinkMeta = z.infer<typeof LinkMetaV2>;

/** A snapshot link: the exact card text plus everything needed to reproduce its review. */
export const SnapshotLinkState = z.extend(z.omit(SnapshotMetaV2, { kind: true }), { cardText: z.string() });
export type SnapshotLinkState = z.infer<typeof SnapshotLinkState>;

/** A live link: where to fetch the card, and (when made from a snapshot) what it looked like then. */
export const LiveLinkState = z.omit(LiveMetaV2, { kind: true });
export type LiveLinkState = z.infer<typeof LiveLinkState>;

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}
