import { describe, expect, it } from "vitest";
import { readCorpusCard } from "../../../fixtures/corpus";
import { CONTOSO } from "../examples/incidents";
import { LIVE_AUDIO_STREAMING } from "../examples/rule-page-cards";
import { NORTHWIND, PRESETS } from "../profile";
import { review } from "../review";
import { whatWouldChange } from "./findings";
import { explainCellOfInvalidCard, summarizeVerdict } from "./verdict";

describe("summarizeVerdict", () => {
  it("says the incident in one line, then why for each class that is not a plain accept, most severe first", () => {
    const verdict = summarizeVerdict(review(CONTOSO.text, NORTHWIND));
    expect(verdict.tone).toBe("bad");
    expect(verdict.headline).toMatchInlineSnapshot(
      `"2 of 5 rejected (Live input and Streaming output); 1 of 5 accepted degraded (Async completion); 2 of 5 accepted."`,
    );
    expect(verdict.lines.map((l) => `${l.taskClasses.map((t) => t.id).join(", ")} ${l.decision}: ${l.why}`)).toMatchInlineSnapshot(`
      [
        "live-input reject: The card takes audio/pcm as input but does not stream (capabilities.streaming is false), and the client has audio/pcm only live and cannot buffer it: the input path is unreachable.",
        "streaming-output reject: The card does not stream (capabilities.streaming is false), so results cannot arrive over a stream.",
        "async-completion accept-degraded: Push callbacks go out under contosoMtls, which requires mutual TLS, but the client's callback listener is plain HTTPS: every callback would be dropped, so push is unreachable.",
      ]
    `);
  });

  it.each([
    // [context, headline's rejection, does every rejected line say the card is the target?]
    [{}, "2 of 5 rejected (Live input and Streaming output);", false],
    [{ cardKnownStale: true, serverKnownGood: true }, "2 of 5 rejected (Live input and Streaming output) — the card, not the server: refetch the card;", true],
    [{ cardKnownStale: true }, "2 of 5 rejected (Live input and Streaming output);", false],
  ] as const)("names the card as what is rejected when the matrix does (context %j)", (context, headline, card) => {
    const r = review(CONTOSO.text, NORTHWIND, { context });
    const verdict = summarizeVerdict(r);
    expect(verdict.headline.startsWith(headline)).toBe(true);
    const rejected = verdict.lines.filter((l) => l.decision === "reject");
    expect(rejected.length).toBeGreaterThan(0);
    for (const line of rejected) expect(line.why.includes("reject the card and refetch it, not the server")).toBe(card);
    // What would change the answer does not ask for the context it already has.
    const live = r.decisions.find((d) => d.taskClass === "live-input")!;
    const cut = live.findings.find((f) => f.status === "violated")!;
    expect(whatWouldChange(cut, live).some((c) => c.includes("set cardKnownStale and serverKnownGood"))).toBe(!card);
    // The same target the matrix shows.
    expect(r.decisions.filter((d) => d.decision === "reject").every((d) => (d.target === "card") === card)).toBe(true);
  });

  it("says a reason shared by several task classes once, naming every class it decides", () => {
    // Magic 8-ball's only interface states no version (read as A2A 0.3); the JS SDK client speaks 1.0: one cause rejects all five.
    const jsSdk = PRESETS.find((p) => p.name === "A2A JS SDK client (Node)")!;
    const verdict = summarizeVerdict(review(readCorpusCard("a2a-docs-v0.3.0-extensions-magic8ball.json"), jsSdk));
    // Live input is not for this client whatever the card says (no live mode): counted apart, not as a rejection.
    expect(verdict.headline).toBe(
      "4 of 5 rejected (Request–response, Async completion, Fire and forget and Streaming output); 1 of 5 not for this client (Live input) — the client itself cannot perform it, whatever the card says.",
    );
    expect(verdict.lines).toHaveLength(2);
    expect(verdict.lines[0]!.taskClasses.map((t) => t.title)).toEqual(["Request–response", "Async completion", "Fire and forget", "Streaming output"]);
    expect(verdict.lines[0]!.why).toBe(
      "The card's JSONRPC interfaces state no protocol version, which is read as A2A 0.3, and the client speaks 1.0: no version is shared, so nothing can reach the server.",
    );
    expect(verdict.lines[1]!.decision).toBe("not-for-client");
    expect(verdict.lines[1]!.why).toMatch(/no live mode|live/i);
    expect(verdict.lines[1]!.why).toMatch(/not for this client, and the card is not at fault\.$/);
  });

  it("keeps classes apart when their reasons differ, even with the same decision", () => {
    const textOnly = PRESETS.find((p) => p.name === "Text-only JSON-RPC client")!;
    const verdict = summarizeVerdict(review(readCorpusCard("a2a-docs-v0.3.0-extensions-magic8ball.json"), textOnly));
    expect(verdict.lines.map((l) => [l.decision, l.taskClasses.map((t) => t.id)])).toEqual([
      ["not-for-client", ["live-input"]],
      ["not-for-client", ["streaming-output"]],
    ]);
  });

  it("an SDK client with no live mode: every other class accepted reads good, live input apart", () => {
    const jsSdk = PRESETS.find((p) => p.name === "A2A JS SDK client (Node)")!;
    const verdict = summarizeVerdict(review(LIVE_AUDIO_STREAMING, jsSdk));
    const live = verdict.counts.find((c) => c.decision === "not-for-client");
    expect(live?.titles).toEqual(["Live input"]);
    expect(verdict.counts.some((c) => c.decision === "reject")).toBe(false);
    expect(verdict.headline).toMatch(/1 of 5 not for this client \(Live input\) — the client itself cannot perform it, whatever the card says\.$/);
    expect(verdict.headline).not.toMatch(/rejected/);
  });

  it("says so when everything is accepted", () => {
    const full = PRESETS.find((p) => p.name === "Full-featured SDK client");
    const card = CONTOSO.text.replace('"streaming": false', '"streaming": true');
    const verdict = summarizeVerdict(review(card, { ...(full ?? NORTHWIND), callback: { supported: true, mtls: true } }));
    expect(verdict.tone).toBe("good");
    expect(verdict.headline).toBe("All 5 task classes accepted.");
    expect(verdict.lines).toEqual([]);
  });

  it("says an invalid card is the card's fault, not the server's", () => {
    const verdict = summarizeVerdict(review('{"name": "x"}', NORTHWIND));
    expect(verdict.tone).toBe("bad");
    expect(verdict.headline).toMatch(/^Not a valid Agent Card \(\d+ errors?\): all 5 task classes are rejected — the card, not the server\./);
  });

  it("says why there is nothing to decide when the profile is unusable", () => {
    expect(summarizeVerdict(review(CONTOSO.text, { ...NORTHWIND, name: "" })).headline).toMatch(/^No decisions: The client profile is invalid at \/profile\/name/);
  });

  it("words a cell of an invalid card as not evaluated, with the count of errors", () => {
    expect(explainCellOfInvalidCard(review('{"name": ', NORTHWIND))).toMatch(/^Not evaluated: the card is not a valid Agent Card \(1 error\), so no invariant is checked/);
  });
});
