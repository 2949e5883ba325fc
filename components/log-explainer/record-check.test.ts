import { describe, expect, it } from "vitest";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { readLogLine } from "@/lib/negotiation/log";
import { digestCardText, ENGINE_VERSION, NORTHWIND, parseDecisionRecord, review, writeDecisionRecord } from "@/lib/negotiation";
import { encodeLiveLink, encodeReviewLink } from "@/lib/share";
import { claimOf } from "./record-claim";
import { cardOfLink, checkRecord, describeRecordCheck, type CardAtHand } from "./record-check";

// Issue 41: a record whose decision was flipped showed "Accept live-input" with an Open review to
// the real card, which rejects; a wrong digest was not flagged.
const LINK = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });
const RECORD = JSON.parse(writeDecisionRecord(review(CONTOSO.text, NORTHWIND), "live-input", CONTOSO.text, { reviewLink: `#${LINK}` })) as Record<string, unknown>;

function recordOf(fields: Record<string, unknown> = {}) {
  const parsed = parseDecisionRecord(JSON.stringify({ ...RECORD, ...fields }));
  if (!parsed.ok) throw new Error(parsed.error.code);
  return parsed.record;
}

function cardInLink(link: string): CardAtHand {
  const opened = cardOfLink(link);
  if (!opened.ok) throw new Error(opened.why);
  return { cardText: opened.state.cardText, digest: digestCardText(opened.state.cardText), profile: opened.state.profile, context: opened.state.context };
}

describe("a record checked against the card its link carries", () => {
  it("a genuine record matches: same digest, same decision today", () => {
    const check = checkRecord(claimOf(recordOf()), cardInLink(`#${LINK}`));
    expect(check.status).toBe("matches");
    expect(describeRecordCheck(check, "the card in its review link")).toContain(`still gives reject for live-input`);
  });

  it("a flipped decision is said plainly: what the record says, what the card gives, with which engine", () => {
    const check = checkRecord(claimOf(recordOf({ decision: "accept", target: undefined })), cardInLink(`#${LINK}`));
    expect(check.status).toBe("differs");
    expect(describeRecordCheck(check, "the card in its review link")).toBe(
      `This record does not match its card: the record says accept; the card gives reject for live-input with this engine (parley/${ENGINE_VERSION}, the engine the record names).`,
    );
  });

  it("a wrong digest is flagged first, even when the decision agrees", () => {
    const forged = recordOf({ card: { ...(RECORD.card as object), digest: `sha256:${"0".repeat(64)}` } });
    const check = checkRecord(claimOf(forged), cardInLink(`#${LINK}`));
    expect(check.status).toBe("digest-mismatch");
    expect(describeRecordCheck(check, "the card in its review link")).toMatch(/^Wrong digest: this record names card sha256:0{64}, but the card in its review link is sha256:[0-9a-f]{64}\./);
  });

  it("the record line read from a log keeps its link, and a live link holds no card to check", () => {
    const entry = readLogLine(JSON.stringify(RECORD), 1);
    expect(entry.reviewLink).toBe(`#${LINK}`);
    const live = encodeLiveLink({ cardUrl: "https://agent.example/.well-known/agent-card.json", profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });
    expect(cardOfLink(live)).toEqual({ ok: false, why: "liveLink" });
    expect(cardOfLink("#v1.not-a-link")).toEqual({ ok: false, why: "badLink" });
  });
});
