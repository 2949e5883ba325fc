import { describe, expect, it } from "vitest";
import { CONTOSO } from "./examples/incidents";
import { NORTHWIND } from "./profile";
import { digestCardText, formatDecisionRecord, parseDecisionRecord, writeDecisionRecord } from "./record";
import { review } from "./review";
import { ENGINE_VERSION } from "./version";

describe("decision records", () => {
  const r = review(CONTOSO.text, NORTHWIND);

  it("digests the exact card bytes (FIPS 180-2 test vectors, UTF-8)", () => {
    expect(digestCardText("abc")).toBe("sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(digestCardText("")).toBe("sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it.each([["the Contoso card", CONTOSO.text], ["non-ASCII text", "Café ☕ 𝄞"]])(
    "agrees with WebCrypto's SHA-256 over the UTF-8 bytes of %s",
    async (_name, text) => {
      const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
      const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
      expect(digestCardText(text)).toBe(`sha256:${hex}`);
    },
  );

  it.each(["live-input", "request-response", "async-completion"])(
    "formats the same %s record from a digest computed elsewhere (the browser's WebCrypto)",
    (taskClass) => {
      expect(formatDecisionRecord(r, taskClass, digestCardText(CONTOSO.text))).toBe(writeDecisionRecord(r, taskClass, CONTOSO.text));
    },
  );

  it("puts the given digest in the record, untouched", () => {
    const digest = "sha256:" + "ab".repeat(32);
    expect(JSON.parse(formatDecisionRecord(r, "live-input", digest)).card.digest).toBe(digest);
    expect(formatDecisionRecord(r, "no-such-class", digest)).toBe("");
  });

  it("writes one JSON line with the documented keys, in order", () => {
    const line = writeDecisionRecord(r, "live-input", CONTOSO.text);
    expect(line).not.toContain("\n");
    const value = JSON.parse(line);
    expect(Object.keys(value)).toEqual([
      "type", "v", "engine", "decision", "taskClass", "target", "rules", "card", "profile", "evidence", "degradations", "reasons", "findings", "interface",
    ]);
    // The interface the client would call: the first shared one in the card's order.
    expect(value.interface).toEqual({ url: "https://agents.contoso.example/a2a/v1", binding: "JSONRPC", protocolVersion: "1.0" });
    // The finding behind the rejection travels with it, ids and data (its text is the explainer's).
    expect(value.findings).toEqual([
      {
        invariant: "live-input-needs-streaming",
        status: "violated",
        messageId: "liveOnlyModesUnservable",
        data: { modes: ["audio/pcm"] },
        cuts: { kind: "input", modes: ["audio/pcm"] },
        cause: { acquirable: ["buffering"], cardClaim: "capabilities", contradiction: true },
      },
    ]);
    expect(value).toMatchObject({
      type: "parley.decision",
      v: 1,
      engine: `parley/${ENGINE_VERSION}`,
      decision: "reject",
      taskClass: "live-input",
      target: "server",
      rules: ["live-input-needs-streaming"],
      card: { name: "Contoso Voice Desk", url: "https://agents.contoso.example/a2a/v1", digest: digestCardText(CONTOSO.text) },
      profile: "Northwind discovery agent",
      degradations: [],
    });
    expect(Object.keys(value.card)).toEqual(["name", "url", "digest"]);
    expect(value.evidence).toContainEqual({ source: "card", pointer: "/capabilities/streaming", value: false });
    expect(value.evidence).toContainEqual({ source: "profile", pointer: "/liveOnlyInputModes", value: ["audio/pcm"] });
  });

  it("carries the card's source and a review link when the writer has them, and reads them back", () => {
    const line = writeDecisionRecord(r, "live-input", CONTOSO.text, {
      cardSource: "https://agents.contoso.example/.well-known/agent-card.json",
      reviewLink: "https://parley.example/#v1.abc",
    });
    const value = JSON.parse(line);
    expect(Object.keys(value).at(-1)).toBe("reviewLink");
    expect(Object.keys(value.card)).toEqual(["name", "url", "source", "digest"]);
    const parsed = parseDecisionRecord(line);
    expect(parsed.ok && parsed.record.reviewLink).toBe("https://parley.example/#v1.abc");
    expect(parsed.ok && parsed.record.card.source).toBe("https://agents.contoso.example/.well-known/agent-card.json");
  });

  it("records the degradation and the rule that drove an accept-degraded", () => {
    const value = JSON.parse(writeDecisionRecord(r, "async-completion", CONTOSO.text));
    expect(value.decision).toBe("accept-degraded");
    expect(value.target).toBeUndefined();
    expect(value.rules).toEqual(["push-callback-mtls"]);
    expect(value.degradations).toEqual([
      expect.objectContaining({ lost: ["push"], fallback: ["polling"], path: { kind: "completion", channel: "push" } }),
    ]);
  });

  it("names no rule and no evidence for a plain accept", () => {
    const value = JSON.parse(writeDecisionRecord(r, "request-response", CONTOSO.text));
    expect(value).toMatchObject({ decision: "accept", rules: [], evidence: [] });
  });

  it("says the card is rejected for a stale card on a good server", () => {
    const stale = review(CONTOSO.text, NORTHWIND, { context: { cardKnownStale: true, serverKnownGood: true } });
    expect(JSON.parse(writeDecisionRecord(stale, "live-input", CONTOSO.text))).toMatchObject({ decision: "reject", target: "card" });
  });

  it("returns an empty string for a task class the review did not decide", () => {
    expect(writeDecisionRecord(r, "no-such-class", CONTOSO.text)).toBe("");
  });

  it.each(["request-response", "live-input", "async-completion", "fire-and-forget", "streaming-output"])(
    "round-trips the %s record",
    (id) => {
      const line = writeDecisionRecord(r, id, CONTOSO.text);
      const parsed = parseDecisionRecord(line);
      expect(parsed.ok).toBe(true);
      if (parsed.ok) expect(parsed.record).toEqual(JSON.parse(line));
    },
  );

  it("reads a record pasted with surrounding whitespace", () => {
    expect(parseDecisionRecord(`  ${writeDecisionRecord(r, "live-input", CONTOSO.text)}\n`).ok).toBe(true);
  });

  const good = JSON.parse(writeDecisionRecord(r, "live-input", CONTOSO.text));
  const hostile: Array<[string, string, { code: string; pointer: string }]> = [
    ["not JSON", "rejected but valid", { code: "notJson", pointer: "" }],
    ["JSON array", "[1,2]", { code: "notRecord", pointer: "" }],
    ["JSON string", '"parley.decision"', { code: "notRecord", pointer: "" }],
    ["another log line", '{"level":"info","msg":"ok"}', { code: "notRecord", pointer: "/type" }],
    ["a future format", JSON.stringify({ ...good, v: 2 }), { code: "unsupportedVersion", pointer: "/v" }],
    ["a bad digest", JSON.stringify({ ...good, card: { digest: "md5:abc" } }), { code: "invalidField", pointer: "/card/digest" }],
    ["an unknown decision", JSON.stringify({ ...good, decision: "maybe" }), { code: "invalidField", pointer: "/decision" }],
    ["rules not a list", JSON.stringify({ ...good, rules: "live-input-needs-streaming" }), { code: "invalidField", pointer: "/rules" }],
    ["a huge line", JSON.stringify({ ...good, profile: "x".repeat(1_100_000) }), { code: "tooLong", pointer: "" }],
    ["deep nesting", "[".repeat(50_000) + "]".repeat(50_000), { code: "notRecord", pointer: "" }],
  ];
  it.each(hostile)("refuses %s with a clear error, without throwing", (_name, line, error) => {
    const parsed = parseDecisionRecord(line);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatchObject(error);
  });

  it("does not let a __proto__ key pollute anything", () => {
    const line = JSON.stringify(good).replace('"type"', '"__proto__":{"polluted":true},"type"');
    const parsed = parseDecisionRecord(line);
    expect(parsed.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
