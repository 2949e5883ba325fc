import type { DecisionRecord, LogEntry, ReviewContext } from "@/lib/negotiation";
import { findPreset } from "@/lib/negotiation/profile";
import { ENGINE_VERSION } from "@/lib/negotiation/version";
import { decodeReviewLink, describeLinkError, tryEncodeLiveLink, type DecodedLink } from "@/lib/share";

/**
 * The "Open review" link of an explained log line: the link the line carries (a record's
 * `reviewLink` field, or a workspace URL anywhere in the line), checked by decoding it; else, for a
 * decision record, a live link made from the card URL and the profile (a built-in preset by name)
 * with the record's digest and decision, so the workspace can show what moved since.
 */
export type OpenReview =
  | { ok: true; href: string; kind: DecodedLink["kind"]; source: "line" | "record" }
  | { ok: false; why: string };

const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export function buildOpenReview(entry: LogEntry): OpenReview | undefined {
  if (entry.reviewLink !== undefined) {
    const decoded = decodeReviewLink(entry.reviewLink);
    if (!decoded.ok) return { ok: false, why: `The review link on this line cannot be opened: ${describeLinkError(decoded.error)}` };
    return { ok: true, href: `/#${fragmentOf(entry.reviewLink)}`, kind: decoded.link.kind, source: "line" };
  }
  if (entry.kind !== "record") return undefined;
  return liveLinkFromRecord(entry.record);
}

/**
 * Where to fetch the card again: `card.source` (where it was fetched from) when the record has it;
 * else the origin of `card.url`, the agent's endpoint, which the workspace's fetch discovers the card
 * from (/.well-known/agent-card.json, then agent.json). The endpoint itself serves tasks, not the card.
 */
function cardLocation(record: DecisionRecord): string | undefined {
  if (record.card.source) return record.card.source;
  if (!record.card.url) return undefined;
  try {
    const url = new URL(record.card.url);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** "https://host/#v1.abc" or "#v1.abc" → "v1.abc" (the link is re-rooted on this site). */
function fragmentOf(link: string): string {
  const hash = link.indexOf("#");
  return (hash >= 0 ? link.slice(hash + 1) : link).trim();
}

function liveLinkFromRecord(record: DecisionRecord): OpenReview {
  const cardUrl = cardLocation(record);
  if (!cardUrl) return { ok: false, why: "To open the review, the record needs where the card is (card.source or card.url) or a reviewLink field." };
  const preset = findPreset(record.profile);
  if (!preset) {
    return {
      ok: false,
      why: `To open the review, the record's profile must be a built-in preset or the record must carry a reviewLink; "${record.profile}" is neither.`,
    };
  }
  // A deferral for a renegotiable client only reproduces with the preset marked renegotiable.
  const renegotiable = record.reasons.some((r) => r.reason === "renegotiableClient");
  const profile = renegotiable ? { ...preset, fixed: false } : preset;
  const digest = record.card.digest.replace(/^sha256:/, "");
  const encoded = tryEncodeLiveLink({
    cardUrl,
    profile,
    context: contextFromRecord(record),
    engineVersion: ENGINE_VERSION,
    snapshotDigest: digest,
    ...(KEBAB.test(record.taskClass) ? { snapshotDecisions: { [record.taskClass]: record.decision } } : {}),
  });
  if (!encoded.ok) return { ok: false, why: `The review cannot be linked: ${describeLinkError(encoded.error)}` };
  return { ok: true, href: `/#${encoded.fragment}`, kind: "live", source: "record" };
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
