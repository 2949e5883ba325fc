import { describe, expect, it } from "vitest";
import type { SnapshotComparison } from "@/lib/share";
import { describeNotice, formatMove, type LinkNotice } from "./link-notice";

const noMoves: SnapshotComparison = { cardChanged: false, moved: [], decisionsCompared: true };
const liveMoved: SnapshotComparison = {
  cardChanged: true,
  moved: [{ taskClass: "live-input", from: "reject", to: "accept" }],
  decisionsCompared: true,
};
const DIGEST_A = "a".repeat(64);
const DIGEST_B = "b".repeat(64);

describe("describeNotice", () => {
  it.each<[string, LinkNotice, { tone: string; text: string[]; moves: string[] }]>([
    [
      "a snapshot from an older engine, nothing moved",
      { kind: "snapshot", engineThen: "0.0.9", engineNow: "0.1.0", comparison: noMoves },
      { tone: "info", text: ["Made with engine 0.0.9, you run 0.1.0; no decision differs."], moves: [] },
    ],
    [
      "a snapshot from an older engine whose decision moved",
      {
        kind: "snapshot",
        engineThen: "0.0.9",
        engineNow: "0.1.0",
        comparison: { ...noMoves, moved: [{ taskClass: "live-input", from: "reject", to: "accept" }] },
      },
      { tone: "warning", text: ["Made with engine 0.0.9, you run 0.1.0; 1 decision differs."], moves: ["live-input: reject → accept"] },
    ],
    [
      "a snapshot without decisions cannot claim that nothing moved",
      { kind: "snapshot", engineThen: "0.0.9", engineNow: "0.1.0", comparison: { ...noMoves, decisionsCompared: false } },
      { tone: "info", text: ["Made with engine 0.0.9, you run 0.1.0; the link carries no decisions to compare."], moves: [] },
    ],
    [
      "a snapshot from this engine",
      { kind: "snapshot", engineThen: "0.1.0", engineNow: "0.1.0", comparison: noMoves },
      { tone: "info", text: ["reviewed by engine 0.1.0 as when it was made"], moves: [] },
    ],
    [
      "a live link whose card changed and moved a decision",
      { kind: "live", cardUrl: "https://a.example/", engineThen: "0.1.0", engineNow: "0.1.0", digestNow: DIGEST_B, then: { digest: DIGEST_A, comparison: liveMoved } },
      {
        tone: "warning",
        text: ["Fetched the card from https://a.example/", "The card has changed", "aaaaaaaaaaaa… then, bbbbbbbbbbbb… now", "1 decision moved:"],
        moves: ["live-input: reject → accept"],
      },
    ],
    [
      "a live link whose card is the same",
      { kind: "live", cardUrl: "https://a.example/", engineThen: "0.1.0", engineNow: "0.1.0", digestNow: DIGEST_A, then: { digest: DIGEST_A, comparison: noMoves } },
      { tone: "info", text: ["The card is unchanged", "No decision moved."], moves: [] },
    ],
    [
      "a live link from an older engine",
      { kind: "live", cardUrl: "https://a.example/", engineThen: "0.0.9", engineNow: "0.1.0", digestNow: DIGEST_A, then: { digest: DIGEST_A, comparison: noMoves } },
      { tone: "info", text: ["made with engine 0.0.9; you run 0.1.0"], moves: [] },
    ],
    [
      "a live link made without a snapshot",
      { kind: "live", cardUrl: "https://a.example/", engineThen: "0.1.0", engineNow: "0.1.0", digestNow: DIGEST_A },
      { tone: "info", text: ["no snapshot of the card"], moves: [] },
    ],
    [
      "a link that could not be read",
      { kind: "failed", message: "The link is cut short." },
      { tone: "error", text: ["cannot be opened", "The link is cut short.", "Nothing was loaded"], moves: [] },
    ],
    [
      "a live link whose card could not be fetched",
      { kind: "fetchFailed", cardUrl: "https://a.example/", code: "timeout", message: "The server did not answer within 5 seconds." },
      { tone: "error", text: ["could not be fetched from https://a.example/", "within 5 seconds. (timeout)"], moves: [] },
    ],
  ])("%s", (_, notice, expected) => {
    const text = describeNotice(notice);
    const all = [text.title, ...text.lines].join("\n");
    expect(text.tone).toBe(expected.tone);
    for (const part of expected.text) expect(all).toContain(part);
    expect(text.moves).toEqual(expected.moves);
  });
});

describe("formatMove", () => {
  it.each([
    [{ taskClass: "live-input", from: "reject", to: "accept" } as const, "live-input: reject → accept"],
    [{ taskClass: "custom", from: null, to: "defer" } as const, "custom: not reviewed → defer"],
    [{ taskClass: "custom", from: "escalate", to: null } as const, "custom: escalate → not reviewed"],
  ])("%j", (move, expected) => {
    expect(formatMove(move)).toBe(expected);
  });
});
