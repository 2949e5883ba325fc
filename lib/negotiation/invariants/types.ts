import type { ReviewScope } from "../review-scope";
import type { NormalizedCard, Pointer } from "../card/model";
import type { ReviewContext } from "../context";
import type { ClientProfile } from "../profile";
import type { Path, TaskClass } from "../task-classes";

/**
 * Every invariant id, in the order findings are reported: the rule's three first, then the paths
 * every lifecycle needs. The one list of ids: the registry (index.ts) is a map typed by it, so an id
 * without an invariant, or an invariant without an id, does not compile.
 */
export const INVARIANT_IDS = [
  "live-input-needs-streaming",
  "push-callback-mtls",
  "resubscribe-only-output",
  "shared-transport",
  "required-extensions",
  "security-satisfiable",
  "input-modes",
  "output-modes",
  "stream-channel-available",
  "completion-channel-available",
  "signed-card",
] as const;
export type InvariantId = (typeof INVARIANT_IDS)[number];

/** Values a message template may interpolate. Lists are rendered as "a, b and c". */
export type MessageValue = string | number | boolean | string[];
export type MessageData = Record<string, MessageValue>;

/** A pointer into one of the three inputs, with the value read there (for display). */
export interface EvidenceRef {
  /** task-class: a field of the task class under review (its own inputModes/outputModes). */
  source: "card" | "profile" | "context" | "task-class";
  pointer: Pointer;
  value?: unknown;
  /**
   * The card does not state this field (or not as a value of its type): `value` is what Parley
   * reads it as (a left-out flag as false, a left-out mode list as none).
   */
  absent?: true;
}

export type FindingStatus = "not-applicable" | "holds" | "violated" | "not-evaluated";

/** Why a finding holds although the card alone would fire: the rule's own exceptions. */
export type RuleException = "client-buffers" | "client-configurable" | "documented-fallback";

/**
 * Capabilities a client may acquire at negotiation time when it is not fixed (the rule's first
 * condition names streaming, mTLS and content encodings; buffering is the client's own too).
 */
export type AcquirableCapability = "streaming" | "mtls-listener" | "buffering" | "encoding";

/**
 * What a cut rests on, so each condition of validity changes only the cuts it can fix:
 * - `acquirable`: capabilities the client lacks whose acquisition alone would reopen the path; a
 *   renegotiable client (`fixed: false`) defers such a cut, and only such a cut;
 * - `cardClaim`: the cut rests on what the card says ("capabilities", advisory in 0.x, or other
 *   "declarations"): another discovery channel, or a stale card on a known-good server, can
 *   override it; absent when the client's own limits cut the path whatever the card says;
 * - `contradiction`: the card contradicts itself (the rule's invariants): a server known to honor an
 *   extension that resolves this invariant escalates it.
 */
export interface CutCause {
  acquirable: AcquirableCapability[];
  cardClaim?: "capabilities" | "declarations";
  contradiction?: boolean;
}

/** One invariant's result for one task class. Text comes from explain/, never from here. */
export interface Finding {
  invariant: InvariantId;
  taskClass: string;
  status: FindingStatus;
  /** Key into the invariant's `meta.messages`. */
  messageId: string;
  data: MessageData;
  /**
   * `violated`: the path this finding makes unreachable. `not-evaluated`: the path at stake, the one
   * it would cut if the unknown turned out badly (decide defers only when that path is required).
   */
  cuts?: Path;
  /** `violated` only: what the cut rests on (see CutCause). */
  cause?: CutCause;
  exception?: RuleException;
  /** Profile fields (pointers) to declare so the invariant can be evaluated (`not-evaluated`). */
  missing?: Pointer[];
  /**
   * `not-evaluated` because of the card, not the profile: card fields it leaves out or states in a
   * shape Parley cannot read, which the invariant needs (the class defers, naming them).
   */
  unclear?: Pointer[];
  evidence: EvidenceRef[];
}

export interface CheckInput {
  card: NormalizedCard;
  profile: ClientProfile;
  context: ReviewContext;
  taskClass: TaskClass;
  /** The review under way (review-scope.ts): what its task classes share. Left out, a check shares nothing. */
  scope?: ReviewScope;
}

export interface InvariantMeta<M extends string = string> {
  id: InvariantId;
  /** The rule's own invariant, or a path Parley checks because every lifecycle needs it. */
  origin: "rule" | "parley";
  /** Noun phrase naming the invariant (rule pages, explanations, a header's full title). */
  title: string;
  /** One or two words for a matrix column header; the full title goes on hover and focus. */
  shortTitle: string;
  /** One-line imperative description, ESLint-style. */
  description: string;
  /** The section of docs/rule.md the invariant comes from: `docs/rule.md#<heading id>`. */
  specRef: string;
  /** Card fields the invariant reads (JSON pointers, version-neutral). */
  cardFields: string[];
  /** Profile fields the invariant reads. */
  profileFields: string[];
  /** Does the invariant concern this task class at all? Data-driven so user classes work. */
  concerns: (taskClass: TaskClass) => boolean;
  /**
   * The task-class fields the check reads (its id aside, which every finding carries): two classes
   * equal on these fields get the same finding, but for its taskClass, so a review checks each
   * once (reuse-plan.ts builds the key from exactly these fields). The registry test runs every
   * check on a class that records what is read and holds it to this list.
   */
  reads: ReadonlyArray<Exclude<keyof TaskClass, "id">>;
  /** Message templates keyed by message id; `{{name}}` placeholders filled from finding data. */
  messages: Record<M, string>;
  /**
   * Placeholders worded when a message is rendered, from data that names things (a skill, the
   * card's defaults, an extension's own description) rather than carrying English: the English
   * stays here beside the templates, and a finding's data stays plain names and values. A key the
   * data itself holds (a record written by an engine that put the words in the data) wins.
   */
  wording?: Record<string, (data: MessageData) => MessageValue>;
  /**
   * What would change a finding, per message id (templates, filled like messages): only the ids a
   * change to the profile, the context or the card can flip. Conditions of validity are added by
   * explain/ from the finding's cause, not listed here.
   */
  fixes: Partial<Record<M, FixTemplate[]>>;
  /** What would change the invariant's outcome in general, for a log line that names it without data. */
  generalFixes: string[];
}

/**
 * One "what would change the answer" template. A change the inputs may already hold (a profile
 * field already set to the value the fix names) is left out when the finding's data says so:
 * `unless` names a boolean of the finding's data that, when true, makes the fix moot.
 */
export type FixTemplate = string | { text: string; unless: string };

export function fixText(fix: FixTemplate): string {
  return typeof fix === "string" ? fix : fix.text;
}

/** The fixes of a finding's message id that can still change it, given what its data says. */
export function applicableFixes(fixes: readonly FixTemplate[], data: MessageData): string[] {
  return fixes.filter((fix) => typeof fix === "string" || data[fix.unless] !== true).map(fixText);
}

export interface Invariant<M extends string = string> {
  meta: InvariantMeta<M>;
  /** Returns exactly one finding for the task class in the input (not-applicable when not concerned). */
  check: (input: CheckInput) => Finding;
}

export function docsPath(id: InvariantId): string {
  return `/rules/${id}`;
}

/** Where the app shows a specRef's section: docs/rule.md is served as /rule, with the same heading ids. */
export function specHref(specRef: string): string {
  const hash = specRef.indexOf("#");
  return hash === -1 ? "/rule" : `/rule${specRef.slice(hash)}`;
}
