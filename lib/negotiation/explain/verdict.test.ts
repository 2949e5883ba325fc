import { describe, expect, it } from "vitest";
import { CONTOSO } from "../examples/incidents";
import { NORTHWIND, PRESETS } from "../profile";
import { review } from "../review";
import { explainCellOfInvalidCard, summarizeVerdict } from "./verdict";

describe("summarizeVerdict", () => {
  it("says the incident in one line, then why for each class that is not a plain accept, most severe first", () => {
    const verdict = summarizeVerdict(review(CONTOSO.text, NORTHWIND));
    expect(verdict.tone).toBe("bad");
    expect(verdict.headline).toMatchInlineSnapshot(
      `"2 of 5 rejected (Live input and Streaming output); 1 of 5 accepted degraded (Async completion); 2 of 5 accepted."`,
    );
    expect(verdict.lines.map((l) => `${l.taskClass} ${l.decision}: ${l.why}`)).toMatchInlineSnapshot(`
      [
        "live-input reject: The card takes audio/pcm as input but does not stream (capabilities.streaming is false), and the client has audio/pcm only live and cannot buffer it: the input path is unreachable.",
        "streaming-output reject: The card does not stream (capabilities.streaming is false), so results cannot arrive over a stream.",
        "async-completion accept-degraded: Push callbacks go out under contosoMtls, which requires mutual TLS, but the client's callback listener is plain HTTPS: every callback would be dropped, so push is unreachable.",
      ]
    `);
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
