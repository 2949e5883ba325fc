import { describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { INCIDENT_CARDS } from "../negotiation/examples/incidents";
import { type ClientProfile, ENGINE_VERSION, NORTHWIND, PRESETS } from "../negotiation";
import {
  decodeReviewLink,
  describeLinkError,
  cardDigestHex,
  encodeLiveLink,
  encodeReviewLink,
  MAX_PAYLOAD_BYTES,
  ReviewLinkEncodeError,
  liveStateFromSnapshot,
  MAX_LINK_ACKNOWLEDGEMENTS,
  tryEncodeReviewLink,
  type LinkError,
  type LiveLinkState,
  type SnapshotLinkState,
} from "./index";
import { craftLink, craftLinkV2, readLinkByTheBook, snapshotPayload } from "./v1-reference.testkit";

const corpus = corpusCardNames().map((name) => ({ name, text: readCorpusCard(name) }));

function snapshot(cardText: string, extra: Partial<SnapshotLinkState> = {}): SnapshotLinkState {
  return { cardText, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION, ...extra };
}

function decodeSnapshot(fragment: string): SnapshotLinkState {
  const result = decodeReviewLink(fragment);
  if (!result.ok) throw new Error(`expected a link, got ${JSON.stringify(result.error)}`);
  if (result.link.kind !== "snapshot") throw new Error(`expected a snapshot, got ${result.link.kind}`);
  return result.link.state;
}

describe("snapshot links round-trip every corpus card byte for byte", () => {
  it("reads the corpus", () => {
    // The corpus is the benchmark too: if it moved, these tests would silently test nothing.
    expect(corpus.length).toBeGreaterThanOrEqual(40);
  });

  it.each(corpus)("$name", ({ text }) => {
    const state = snapshot(text, { decisions: { "request-response": "accept", "live-input": "reject" } });
    const fragment = encodeReviewLink(state);
    expect(fragment).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    const back = decodeSnapshot(fragment);
    expect(back.cardText).toBe(text);
    expect(cardDigestHex(back.cardText)).toBe(cardDigestHex(text));
    expect(back).toEqual(state);
  });
});

describe("the rule's incident cards round-trip under every preset profile", () => {
  const cases = INCIDENT_CARDS.flatMap((card) => PRESETS.map((profile) => ({ card: card.id, profile, text: card.text })));
  it.each(cases)("$card with $profile.name", ({ text, profile }) => {
    const state = snapshot(text, { profile, cardUrl: "https://agents.contoso.example/.well-known/agent-card.json" });
    expect(decodeSnapshot(encodeReviewLink(state))).toEqual(state);
  });
});

describe("card text is kept exactly, whatever it contains", () => {
  const cases: { name: string; text: string }[] = [
    { name: "empty card text", text: "" },
    { name: "not JSON at all", text: "this is not a card" },
    { name: "emoji (astral plane)", text: '{"name":"Weather 🌦️ agent 👩🏽‍💻"}' },
    { name: "right-to-left text", text: '{"name":"وكيل الطقس","description":"סוכן מזג אוויר"}' },
    { name: "combining marks, not normalized", text: '{"name":"Cafe\u0301 vs Café"}' },
    { name: "a leading byte-order mark", text: '\uFEFF{"name":"BOM"}' },
    { name: "CRLF line endings and tabs", text: '{\r\n\t"name": "crlf"\r\n}\r\n' },
    { name: "NUL characters (the frame separator) inside the card", text: '{"name":"a\u0000b"}\u0000\u0000' },
    { name: "escaped lone surrogate (ASCII in the card bytes)", text: '{"name":"\\ud800"}' },
    { name: "C1 controls and noncharacters", text: "\u0085\u2028\u2029\uFFFE\uFFFF" },
    { name: "only whitespace", text: " \n\n  " },
  ];
  it.each(cases)("$name", ({ text }) => {
    expect(decodeSnapshot(encodeReviewLink(snapshot(text))).cardText).toBe(text);
  });

  it("replaces a raw lone surrogate with U+FFFD, as UTF-8 (and the card digest) does", () => {
    const text = '{"name":"half \uD83D of an emoji"}';
    const back = decodeSnapshot(encodeReviewLink(snapshot(text)));
    expect(back.cardText).toBe('{"name":"half \uFFFD of an emoji"}');
    // The link and the digest agree on what "this card" is, so a live link made from it shows no change.
    expect(cardDigestHex(back.cardText)).toBe(cardDigestHex(text));
  });

  it("round-trips a card with many distinct bytes across inflate steps", () => {
    // A pseudo-random card compresses poorly, so its deflate data spans many 1 KiB inflate steps.
    let seed = 7;
    const words = Array.from({ length: 40_000 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed.toString(36);
    });
    const text = JSON.stringify({ name: "big", words });
    expect(decodeSnapshot(encodeReviewLink(snapshot(text))).cardText).toBe(text);
  });

  it("accepts a card just under the unpacked-size cap and refuses one over it", () => {
    const under = " ".repeat(MAX_PAYLOAD_BYTES - 2_000);
    expect(decodeSnapshot(encodeReviewLink(snapshot(under))).cardText.length).toBe(under.length);
    const over = tryEncodeReviewLink(snapshot(" ".repeat(MAX_PAYLOAD_BYTES)));
    expect(over).toEqual({ ok: false, error: { code: "decompressedTooLarge", limit: MAX_PAYLOAD_BYTES } });
  });
});

describe("the rest of the state round-trips", () => {
  const fullProfile: ClientProfile = {
    name: "Kundendienst-Client «β» 🤖",
    description: "",
    transports: [],
    streaming: false,
    inputModes: [],
    liveOnlyInputModes: [],
    bufferableInputModes: [],
    acceptedOutputModes: [],
    callback: {},
    canPoll: false,
    fixed: false,
    supportedExtensions: ["https://example.com/ext/é"],
    securitySchemes: ["mutualTLS"],
  };
  const cases: { name: string; state: SnapshotLinkState }[] = [
    { name: "minimal profile, empty context", state: snapshot("{}", { profile: { name: "x" } }) },
    { name: "every profile field, empty values", state: snapshot("{}", { profile: fullProfile }) },
    {
      name: "every context field",
      state: snapshot("{}", {
        context: {
          priorTaskHistory: false,
          outOfBandCapabilityExchange: true,
          honoredExtensions: ["https://contoso.example/ext/mtls-fallback"],
          documentedFallbackOutputModes: ["text/plain"],
          resubscribeOnlyOutputModes: ["audio/pcm"],
          cardKnownStale: true,
          serverKnownGood: false,
        },
      }),
    },
    {
      name: "built-in and user-defined task classes, decisions, card URL",
      state: snapshot("{}", {
        taskClasses: [
          "request-response",
          {
            id: "nightly-batch",
            title: "Nightly batch",
            description: "",
            input: "whole",
            completion: "notification",
            output: "none",
          },
        ],
        decisions: { "request-response": "accept-degraded", "nightly-batch": "escalate" },
        cardUrl: "http://localhost:8080/.well-known/agent.json",
      }),
    },
    { name: "empty task class list and decisions", state: snapshot("{}", { taskClasses: [], decisions: {} }) },
    { name: "a pre-release engine version", state: snapshot("{}", { engineVersion: "2.0.0-rc.1+build.5" }) },
  ];
  it.each(cases)("$name", ({ state }) => {
    expect(decodeSnapshot(encodeReviewLink(state))).toEqual(state);
  });

  it("gives the same link for the same state whatever the key order", () => {
    const reordered = Object.fromEntries(Object.entries(NORTHWIND).reverse()) as ClientProfile;
    expect(encodeReviewLink(snapshot("{}", { profile: reordered }))).toBe(encodeReviewLink(snapshot("{}")));
  });
});

describe("live links", () => {
  const card = INCIDENT_CARDS[0]!.text;
  const live: LiveLinkState = {
    cardUrl: "https://agents.contoso.example/.well-known/agent-card.json",
    profile: NORTHWIND,
    context: { serverKnownGood: true },
    taskClasses: ["live-input", "async-completion"],
    engineVersion: ENGINE_VERSION,
    snapshotDigest: cardDigestHex(card),
    snapshotDecisions: { "live-input": "reject", "async-completion": "accept-degraded" },
  };

  it("round-trips, and carries no card bytes", () => {
    const fragment = encodeLiveLink(live);
    const result = decodeReviewLink(fragment);
    expect(result).toEqual({ ok: true, link: { format: "v1", kind: "live", state: live } });
    expect(readLinkByTheBook(fragment).cardText).toBeUndefined();
  });

  it("round-trips without snapshot data (made from a URL, not a snapshot)", () => {
    const bare: LiveLinkState = { cardUrl: live.cardUrl, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION };
    expect(decodeReviewLink(encodeLiveLink(bare))).toEqual({ ok: true, link: { format: "v1", kind: "live", state: bare } });
  });

  it("is refused without an http(s) card URL", () => {
    expect(() => encodeLiveLink({ ...live, cardUrl: "javascript:alert(1)" })).toThrow(ReviewLinkEncodeError);
    expect(() => encodeLiveLink({ ...live, cardUrl: "file:///etc/passwd" })).toThrow(ReviewLinkEncodeError);
  });
});

describe("where the fragment comes from", () => {
  const fragment = encodeReviewLink(snapshot("{}"));
  it.each([
    { name: "bare fragment", input: fragment },
    { name: "with the leading #", input: `#${fragment}` },
    { name: "a whole URL", input: `https://parley.example/review#${fragment}` },
    { name: "surrounding whitespace from a paste", input: `  #${fragment}\n` },
  ])("$name", ({ input }) => {
    expect(decodeSnapshot(input)).toEqual(snapshot("{}"));
  });
});

describe("encoding an invalid state", () => {
  it("returns the zod issue paths instead of a link", () => {
    const result = tryEncodeReviewLink(snapshot("{}", { profile: { name: " " } }));
    expect(result.ok).toBe(false);
    if (!result.ok && result.error.code === "invalidState") {
      expect(result.error.issues.map((i) => i.pointer)).toEqual(["/profile/name"]);
    } else throw new Error("expected invalidState");
  });

  it("throws a typed error from the non-try encoder", () => {
    const bad = { ...snapshot("{}"), engineVersion: "latest" };
    expect(() => encodeReviewLink(bad)).toThrow(ReviewLinkEncodeError);
  });
});

describe("acknowledgements travel in a v2 link", () => {
  const ACK = { invariant: "live-input-needs-streaming" as const, taskClass: "live-input", reason: "Contoso turns streaming on next quarter.", by: "Ana", until: "2099-12-31" };
  const contoso = INCIDENT_CARDS[0]!.text;

  it("a link with acknowledgements is v2 and opens with every field of each one; a link without any stays v1", () => {
    const withAcks = encodeReviewLink(snapshot(contoso, { acknowledgements: [ACK, { invariant: "signed-card", reason: "Unsigned until the vendor ships keys." }] }));
    expect(withAcks.startsWith("v2.")).toBe(true);
    expect(decodeSnapshot(withAcks).acknowledgements).toEqual([ACK, { invariant: "signed-card", reason: "Unsigned until the vendor ships keys." }]);
    expect(encodeReviewLink(snapshot(contoso)).startsWith("v1.")).toBe(true);
    // An empty list is no acknowledgement: the link is the v1 link of the same review.
    expect(encodeReviewLink(snapshot(contoso, { acknowledgements: [] }))).toBe(encodeReviewLink(snapshot(contoso)));
  });

  it("a live link made from a snapshot keeps them", () => {
    const state = snapshot(contoso, { cardUrl: "https://agents.example/card.json", acknowledgements: [ACK] });
    const live = liveStateFromSnapshot(state)!;
    const result = decodeReviewLink(encodeLiveLink(live));
    expect(result.ok && result.link.format === "v2" && result.link.kind === "live" && result.link.state.acknowledgements).toEqual([ACK]);
  });

  it("a v1 link that holds acknowledgements is refused as not what v1 holds, never read half", () => {
    const { cardText, ...rest } = snapshot(contoso, { acknowledgements: [ACK] });
    const result = decodeReviewLink(craftLink(snapshotPayload({ kind: "snapshot", ...rest }, cardText)));
    expect(result.ok).toBe(false);
    if (!result.ok && result.error.code === "invalidState") expect(result.error.issues[0]).toMatchObject({ pointer: "", issue: "unrecognized_keys" });
    else throw new Error(`expected invalidState, got ${JSON.stringify(result)}`);
  });

  it("a hostile link with 100,000 acknowledgements is refused with a sentence that says so, before any is read", () => {
    const many = Array.from({ length: 100_000 }, () => ({ invariant: "signed-card", reason: "x" }));
    const { cardText, ...rest } = snapshot("{}");
    const result = decodeReviewLink(craftLinkV2(snapshotPayload({ kind: "snapshot", ...rest, acknowledgements: many }, cardText)));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    // 100,000 of them are megabytes of state: refused by the state's cap before JSON.parse.
    expect(result.error.code).toBe("stateTooLarge");
    expect(describeLinkError(result.error)).toMatch(/^The profile, context, task classes and acknowledgements in the link take 3\.\d MiB, more than the 64 KiB allowed\. It was not opened\.$/);
  });

  it("more acknowledgements than a config file holds, within the state's cap, are counted and refused", () => {
    const many = Array.from({ length: MAX_LINK_ACKNOWLEDGEMENTS + 1 }, () => ({ invariant: "signed-card", reason: "x" }));
    const { cardText, ...rest } = snapshot("{}");
    const result = decodeReviewLink(craftLinkV2(snapshotPayload({ kind: "snapshot", ...rest, acknowledgements: many }, cardText)));
    expect(result).toEqual({ ok: false, error: { code: "tooManyAcknowledgements", count: 501, limit: 500 } });
    expect(describeLinkError((result as { error: LinkError }).error)).toBe("The link holds 501 acknowledged findings, more than the 500 a review link may hold. It was not opened.");
    // The encoder refuses the same list: a link that encodes decodes.
    expect(tryEncodeReviewLink(snapshot("{}", { acknowledgements: many as never }))).toEqual({ ok: false, error: { code: "tooManyAcknowledgements", count: 501, limit: 500 } });
  });

  it("an acknowledgement that is not one (an unknown rule, no reason, a day that does not exist) is named by where it is", () => {
    const { cardText, ...rest } = snapshot("{}");
    const open = (acknowledgements: unknown[]) => decodeReviewLink(craftLinkV2(snapshotPayload({ kind: "snapshot", ...rest, acknowledgements }, cardText)));
    const pointers = (result: ReturnType<typeof decodeReviewLink>) => (!result.ok && result.error.code === "invalidState" ? result.error.issues.map((i) => i.pointer) : result);
    expect(pointers(open([ACK, { invariant: "no-such-rule", reason: "x" }]))).toEqual(["/acknowledgements/1/invariant"]);
    expect(pointers(open([{ invariant: "signed-card" }]))).toEqual(["/acknowledgements/0/reason"]);
    const badDay = open([{ ...ACK, until: "2026-02-31" }]);
    expect(pointers(badDay)).toEqual(["/acknowledgements/0/until"]);
    expect(describeLinkError((badDay as { error: LinkError }).error)).toContain("(2026-02-31) is not a date that exists");
  });
});
