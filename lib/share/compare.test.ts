import { describe, expect, it } from "vitest";
import { digestCardText as digestForRecord, NORTHWIND } from "../negotiation";
import {
  compareSnapshot,
  decodeReviewLink,
  cardDigestHex,
  encodeLiveLink,
  liveStateFromSnapshot,
  DecisionMap,
  type SnapshotComparison,
  type SnapshotSide,
} from "./index";

describe("cardDigestHex", () => {
  it.each([
    // Published SHA-256 test vectors (FIPS 180-2 "abc", and the empty string).
    { text: "", hex: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" },
    { text: "abc", hex: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" },
  ])("sha256($text)", ({ text, hex }) => {
    expect(cardDigestHex(text)).toBe(hex);
  });

  it("changes when one byte of the card changes (whitespace included)", () => {
    expect(cardDigestHex('{"a":1}')).not.toBe(cardDigestHex('{"a":1} '));
  });

  it.each(['{"name":"Météo 🌦️"}', "lone \uD83D surrogate", ""])("is a decision record's card.digest without its prefix (%j)", (text) => {
    // A live link's snapshotDigest and a record's card.digest must name the same card the same way.
    expect(`sha256:${cardDigestHex(text)}`).toBe(digestForRecord(text));
  });
});

describe("compareSnapshot", () => {
  const A = "a".repeat(64);
  const B = "b".repeat(64);
  const cases: { name: string; before: SnapshotSide; after: SnapshotSide; expected: SnapshotComparison }[] = [
    {
      name: "same card, same decisions",
      before: { digest: A, decisions: { "live-input": "reject" } },
      after: { digest: A, decisions: { "live-input": "reject" } },
      expected: { cardChanged: false, moved: [], decisionsCompared: true },
    },
    {
      name: "card changed, a decision moved",
      before: { digest: A, decisions: { "request-response": "accept", "live-input": "reject" } },
      after: { digest: B, decisions: { "request-response": "accept", "live-input": "accept-degraded" } },
      expected: {
        cardChanged: true,
        moved: [{ taskClass: "live-input", from: "reject", to: "accept-degraded" }],
        decisionsCompared: true,
      },
    },
    {
      name: "a task class appears and another disappears",
      before: { digest: A, decisions: { "fire-and-forget": "accept" } },
      after: { digest: A, decisions: { "streaming-output": "escalate" } },
      expected: {
        cardChanged: false,
        moved: [
          { taskClass: "fire-and-forget", from: "accept", to: null },
          { taskClass: "streaming-output", from: null, to: "escalate" },
        ],
        decisionsCompared: true,
      },
    },
    {
      name: "card changed but no decisions recorded then",
      before: { digest: A },
      after: { digest: B, decisions: { "live-input": "reject" } },
      expected: { cardChanged: true, moved: [], decisionsCompared: false },
    },
    {
      name: "digest case does not matter",
      before: { digest: A.toUpperCase() },
      after: { digest: A },
      expected: { cardChanged: false, moved: [], decisionsCompared: false },
    },
  ];
  it.each(cases)("$name", ({ before, after, expected }) => {
    expect(compareSnapshot(before, after)).toEqual(expected);
  });

  it("is not fooled by inherited keys such as constructor", () => {
    const after = JSON.parse('{"constructor":"accept"}') as DecisionMap;
    const result = compareSnapshot({ digest: A, decisions: {} }, { digest: A, decisions: after });
    expect(result.moved).toEqual([{ taskClass: "constructor", from: null, to: "accept" }]);
  });
});

describe("liveStateFromSnapshot", () => {
  const snapshot = {
    cardText: '{"name":"x"}',
    profile: NORTHWIND,
    context: {},
    engineVersion: "0.1.0",
    cardUrl: "https://a.example/.well-known/agent-card.json",
    decisions: { "live-input": "reject" } as DecisionMap,
  };

  it("carries the digest and decisions so the opener can show drift", () => {
    const live = liveStateFromSnapshot(snapshot);
    expect(live).toEqual({
      cardUrl: snapshot.cardUrl,
      profile: NORTHWIND,
      context: {},
      engineVersion: "0.1.0",
      snapshotDigest: cardDigestHex(snapshot.cardText),
      snapshotDecisions: { "live-input": "reject" },
    });
    const decoded = decodeReviewLink(encodeLiveLink(live!));
    if (!decoded.ok || decoded.link.kind !== "live") throw new Error("live link did not decode");
    const now: SnapshotSide = { digest: cardDigestHex('{"name":"x","v":2}'), decisions: { "live-input": "accept" } };
    const state = decoded.link.state;
    expect(compareSnapshot({ digest: state.snapshotDigest!, decisions: state.snapshotDecisions }, now)).toEqual({
      cardChanged: true,
      moved: [{ taskClass: "live-input", from: "reject", to: "accept" }],
      decisionsCompared: true,
    });
  });

  it("has nothing to make for a pasted card without a URL", () => {
    expect(liveStateFromSnapshot({ ...snapshot, cardUrl: undefined })).toBeUndefined();
  });
});

describe("compareSnapshot: not for this client", () => {
  it("a link written before the outcome existed still reads, and its reject that is now not for this client has moved", () => {
    const old = DecisionMap.safeParse({ "request-response": "accept", "live-input": "reject" });
    expect(old.success).toBe(true);
    const now = DecisionMap.parse({ "request-response": "accept", "live-input": "not-for-client" });
    const result = compareSnapshot({ digest: "a".repeat(64), decisions: old.data }, { digest: "a".repeat(64), decisions: now });
    expect(result.moved).toEqual([{ taskClass: "live-input", from: "reject", to: "not-for-client" }]);
    expect(DecisionMap.safeParse({ "live-input": "not-for-the-card" }).success).toBe(false);
  });
});
