import { BUILT_IN_TASK_CLASS_IDS, type ClientProfile, type DecisionRecord, ENGINE_VERSION, findPreset, type LogEntry, type ReviewContext } from "@/lib/negotiation";
import { decodeReviewLink, describeLinkError, tryEncodeReviewLink, type DecodedLink, type SnapshotLinkState } from "@/lib/share";
import { checkCardLimits, type CardLimitProblem } from "@/components/session/link-limits";
import { count, formatBytes } from "@/components/ui/file-words";
import { workspaceHref } from "@/components/session/task-class-param";

/**
 * The "Open review" of an explained log line. A line that carries a review link (a record's
 * `reviewLink` field, or a workspace URL anywhere in the line) opens it, once it decodes. A decision
 * record without one names the card only by its digest: the review opens once the user gives that
 * card (its URL, a file, a paste), and the card given is checked against the digest first, so the
 * review never opens empty and never passes another card off as the one the decision was made on.
 */
export type OpenReview =
  | { status: "open"; href: string; kind: DecodedLink["kind"] }
  | { status: "unavailable"; why: string }
  | { status: "needs-card"; need: CardNeed };

/** What a record without a link needs to open its review, and what it already holds. */
export interface CardNeed {
  /** The record's card digest, "sha256:<hex>": the bytes the decision was made on. */
  digest: string;
  cardName?: string;
  /** Where to look for the card first: the URL it was fetched from, else the agent's origin (well-known discovery). */
  suggestedUrl?: string;
  suggestedFrom?: "source" | "origin";
  /** The record's profile (a built-in preset, by name), marked renegotiable when the record's reasons say it was. */
  profile: ClientProfile;
  context: ReviewContext;
  taskClass: string;
  decision: DecisionRecord["decision"];
  /** The record's engine, as written ("parley/0.2.0"). */
  engine: string;
  /** The engine version that wrote the record, when it reads as one a link can carry. */
  engineVersion?: string;
}

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const ENGINE = /^[a-z0-9-]+\/(\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.+-]+)?)$/;

export function buildOpenReview(entry: LogEntry): OpenReview | undefined {
  if (entry.reviewLink !== undefined) {
    const decoded = decodeReviewLink(entry.reviewLink);
    if (!decoded.ok) return { status: "unavailable", why: `The review link on this line cannot be opened: ${describeLinkError(decoded.error)}` };
    return { status: "open", href: workspaceHref(fragmentOf(entry.reviewLink), taskClassOf(entry)), kind: decoded.link.kind };
  }
  if (entry.kind !== "record") return undefined;
  return needFromRecord(entry.record);
}

/** The task class a line is about: the record's, or the one a log line names. The review opens on its row. */
function taskClassOf(entry: LogEntry): string | undefined {
  if (entry.kind === "record") return entry.record.taskClass;
  if (entry.kind === "mention" || entry.kind === "seed") return entry.taskClass;
  return undefined;
}

function needFromRecord(record: DecisionRecord): OpenReview {
  const preset = findPreset(record.profile);
  if (!preset) {
    return {
      status: "unavailable",
      why: `To open the review, the record's profile must be a built-in preset or the record must carry a reviewLink; "${record.profile}" is neither.`,
    };
  }
  // A deferral for a renegotiable client only reproduces with the preset marked renegotiable.
  const renegotiable = record.reasons.some((r) => r.reason === "renegotiableClient");
  const suggested = cardLocation(record);
  const engineVersion = ENGINE.exec(record.engine)?.[1];
  return {
    status: "needs-card",
    need: {
      digest: record.card.digest,
      ...(record.card.name ? { cardName: record.card.name } : {}),
      ...(suggested ? { suggestedUrl: suggested.url, suggestedFrom: suggested.from } : {}),
      profile: renegotiable ? { ...preset, fixed: false } : preset,
      context: contextFromRecord(record),
      taskClass: record.taskClass,
      decision: record.decision,
      engine: record.engine,
      ...(engineVersion ? { engineVersion } : {}),
    },
  };
}

/**
 * Where the card may be: `card.source` (where it was fetched from) when the record has it; else the
 * origin of `card.url`, the agent's endpoint, from which a fetch discovers the card
 * (/.well-known/agent-card.json, then agent.json). The endpoint itself serves tasks, not the card.
 */
function cardLocation(record: DecisionRecord): { url: string; from: "source" | "origin" } | undefined {
  if (record.card.source && isHttp(record.card.source)) return { url: record.card.source, from: "source" };
  if (!record.card.url || !isHttp(record.card.url)) return undefined;
  return { url: new URL(record.card.url).origin, from: "origin" };
}

function isHttp(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** "https://host/#v1.abc" or "#v1.abc" → "v1.abc" (the link is re-rooted on this site). */
function fragmentOf(link: string): string {
  const hash = link.indexOf("#");
  return (hash >= 0 ? link.slice(hash + 1) : link).trim();
}

/** The card the user gave for a record: its text, its digest ("sha256:<hex>"), and the URL it was fetched from, if it was. */
export interface GivenCard {
  text: string;
  digest: string;
  fetchedFrom?: string;
}

export type CardCheck =
  | { ok: true; same: boolean; href: string; note?: string }
  | { ok: false; why: string };

/**
 * The review of the card the user gave, as a snapshot link (the card's bytes travel in it, so the
 * workspace opens exactly what was checked here), and whether it is the card the record was made on.
 * The same card carries the record's engine and decision, so the workspace says whether this engine
 * still decides it so; another card is reviewed now, with nothing claimed about the record's decision.
 */
export function checkGivenCard(need: CardNeed, card: GivenCard): CardCheck {
  const limit = checkCardLimits(card.text);
  if (limit) return { ok: false, why: tooBig(limit) };
  const same = card.digest === need.digest;
  const builtIn = BUILT_IN_TASK_CLASS_IDS.includes(need.taskClass);
  const state: SnapshotLinkState = {
    cardText: card.text,
    profile: need.profile,
    context: need.context,
    engineVersion: same && need.engineVersion ? need.engineVersion : ENGINE_VERSION,
    ...(card.fetchedFrom && isHttp(card.fetchedFrom) ? { cardUrl: card.fetchedFrom } : {}),
    ...(same && builtIn && KEBAB.test(need.taskClass) ? { decisions: { [need.taskClass]: need.decision } } : {}),
  };
  const encoded = tryEncodeReviewLink(state);
  if (!encoded.ok) return { ok: false, why: `The review cannot be linked: ${describeLinkError(encoded.error)}` };
  return {
    ok: true,
    same,
    // The record is about one class: the review opens on its row (a class the review lacks selects nothing).
    href: workspaceHref(encoded.fragment, need.taskClass),
    ...(builtIn ? {} : { note: `The record's task class "${need.taskClass}" is not a built-in one, and a record does not carry its definition: the review shows the built-in classes.` }),
  };
}

/** A card the workspace would refuse from a link, said of the card given here. */
function tooBig(problem: CardLimitProblem): string {
  return problem.code === "cardTooLarge"
    ? `This card is ${count(problem.bytes)} bytes; a review opens cards of up to ${count(problem.limit)} bytes (${formatBytes(problem.limit)}, the limit of fetching one), so it cannot be opened from here.`
    : `This card nests more than ${problem.limit} levels deep; Agent Cards nest a few levels, so it cannot be opened from here.`;
}

/**
 * What the record says about the review context: the conditions of validity its reasons name and
 * the context values in its evidence. Everything else stays unknown (an empty context).
 */
function contextFromRecord(record: DecisionRecord): ReviewContext {
  const context: ReviewContext = {};
  for (const reason of record.reasons) {
    const data = reason.data;
    if (reason.reason === "honoredExtension" && Array.isArray(data.extensions)) {
      // The extensions escalated this reason's invariant: each resolves it (the record's own words).
      const resolves = reason.invariant ? [reason.invariant] : [];
      context.honoredExtensions = data.extensions.map((uri) => ({ uri, resolves }));
    }
    if (reason.reason === "otherDiscoveryChannel" && Array.isArray(data.channels)) {
      if (data.channels.includes("outOfBandCapabilityExchange")) context.outOfBandCapabilityExchange = true;
      if (data.channels.includes("priorTaskHistory")) context.priorTaskHistory = true;
    }
    if (reason.reason === "staleCard") {
      context.cardKnownStale = true;
      context.serverKnownGood = true;
    }
  }
  for (const item of record.evidence) {
    if (item.source !== "context") continue;
    const key = item.pointer.slice(1);
    const value = item.value;
    const isList = Array.isArray(value) && value.every((v) => typeof v === "string" && v.trim() !== "");
    if ((key === "documentedFallbackOutputModes" || key === "resubscribeOnlyOutputModes") && isList) {
      context[key] = value as string[];
    }
  }
  return context;
}
