import { type ClientProfile, type DecisionRecord, ENGINE_NAME, ENGINE_VERSION, findTaskClass, review, type ReviewContext, type TaskClass } from "@/lib/negotiation";
import { decodeReviewLink, type SnapshotLinkState } from "@/lib/share";
import type { RecordClaim } from "./record-claim";

export type { RecordClaim } from "./record-claim";

/**
 * A decision record is a log line anyone can edit: its decision can be flipped and its link can
 * point at a real card that decides otherwise. When the record's card is at hand (the review link
 * it carries, or a card the user gave), /explain checks it in this order: the card's digest against
 * the record's first (a wrong digest is said before anything else), then the card reviewed again
 * with the record's profile and task class by this engine, and the two decisions compared.
 */
export type RecordCheck =
  | { status: "digest-mismatch"; recordDigest: string; cardDigest: string; now?: RecordDecisionNow }
  | { status: "matches"; now: RecordDecisionNow }
  | { status: "differs"; now: RecordDecisionNow }
  | { status: "not-reviewed"; why: "unknownTaskClass" | "liveLink" | "badLink" };

/** What this engine decides today, next to what the record says. */
export interface RecordDecisionNow {
  recorded: DecisionRecord["decision"];
  today: DecisionRecord["decision"];
  taskClass: string;
  engine: string;
  recordEngine: string;
}

/** What a re-review needs: the card, the profile and context to review it with, the classes that define the record's own. */
export interface CardAtHand {
  cardText: string;
  digest: string;
  profile: ClientProfile;
  context: ReviewContext;
  taskClasses?: ReadonlyArray<string | TaskClass>;
}

/** The card of a snapshot link a record carries, or why there is none to check. */
export function cardOfLink(link: string): { ok: true; state: SnapshotLinkState } | { ok: false; why: "liveLink" | "badLink" } {
  const hash = link.indexOf("#");
  const decoded = decodeReviewLink((hash >= 0 ? link.slice(hash + 1) : link).trim());
  if (!decoded.ok) return { ok: false, why: "badLink" };
  if (decoded.link.kind !== "snapshot") return { ok: false, why: "liveLink" };
  return { ok: true, state: decoded.link.state };
}

/** The record checked against a card: digest first, then the decision this engine gives it today. */
export function checkRecord(record: RecordClaim, card: CardAtHand): RecordCheck {
  const now = decideNow(record, card);
  if (card.digest !== record.digest) return { status: "digest-mismatch", recordDigest: record.digest, cardDigest: card.digest, ...(now ? { now } : {}) };
  if (!now) return { status: "not-reviewed", why: "unknownTaskClass" };
  return { status: now.today === now.recorded ? "matches" : "differs", now };
}

function decideNow(record: RecordClaim, card: CardAtHand): RecordDecisionNow | undefined {
  const own = card.taskClasses?.find((t): t is TaskClass => typeof t === "object" && t.id === record.taskClass);
  const taskClass = findTaskClass(record.taskClass) ?? own;
  if (!taskClass) return undefined;
  const result = review(card.cardText, card.profile, { context: card.context, taskClasses: [taskClass] });
  const decision = result.decisions.find((d) => d.taskClass === record.taskClass);
  if (!decision) return undefined;
  return { recorded: record.decision, today: decision.decision, taskClass: record.taskClass, engine: `${ENGINE_NAME}/${ENGINE_VERSION}`, recordEngine: record.engine };
}

/** The check in one plain sentence, the mismatch first. */
export function describeRecordCheck(check: RecordCheck, where: string): string {
  switch (check.status) {
    case "digest-mismatch": {
      const head = `Wrong digest: this record names card ${check.recordDigest}, but ${where} is ${check.cardDigest}. The record was not made on this card, or it was changed.`;
      if (!check.now) return head;
      return `${head} That card gives ${check.now.today} for ${check.now.taskClass} with this engine (${check.now.engine}); the record says ${check.now.recorded}.`;
    }
    case "differs":
      return `This record does not match its card: the record says ${check.now.recorded}; the card gives ${check.now.today} for ${check.now.taskClass} with this engine (${check.now.engine}${check.now.recordEngine === check.now.engine ? ", the engine the record names" : `; the record names ${check.now.recordEngine}`}).`;
    case "matches":
      return `Checked: ${where} has the record's digest, and this engine (${check.now.engine}) still gives ${check.now.today} for ${check.now.taskClass}, as the record says.`;
    case "not-reviewed":
      return check.why === "unknownTaskClass"
        ? "The record's task class is not a built-in one and its card does not define it: the decision could not be checked again."
        : check.why === "liveLink"
          ? "The record's link is a live link (it fetches the card when opened): it holds no card to check the record against."
          : "The record's review link cannot be read, so the record could not be checked against its card.";
  }
}
