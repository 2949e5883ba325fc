import { describe, expect, it } from "vitest";
import { CONTOSO, CONTOSO_LIVE_AUDIO } from "@/lib/negotiation/examples/incidents";
import { readLogLine } from "@/lib/negotiation/log";
import { digestCardText, ENGINE_VERSION, NORTHWIND, PRESETS, review, writeDecisionRecord } from "@/lib/negotiation";
import { decodeReviewLink, encodeReviewLink } from "@/lib/share";
import { buildOpenReview, checkGivenCard, type CardNeed, type OpenReview } from "./open-review";

const RECORD = writeDecisionRecord(review(CONTOSO.text, NORTHWIND), "live-input", CONTOSO.text);
const SNAPSHOT = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });

function withFields(line: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ ...(JSON.parse(line) as object), ...fields });
}

/** The snapshot an Open review address holds; the address names the record's task class, so the review opens on its row. */
function decodeHref(href: string, taskClass = "live-input") {
  expect(href.startsWith(`/?class=${taskClass}#v1.`)).toBe(true);
  const decoded = decodeReviewLink(href.slice(href.indexOf("#")));
  if (!decoded.ok) throw new Error(decoded.error.code);
  return decoded.link;
}

function needOf(open: OpenReview | undefined): CardNeed {
  if (open?.status !== "needs-card") throw new Error(`expected a card to be asked for, got ${open?.status}`);
  return open.need;
}

function given(text: string, fetchedFrom?: string) {
  return { text, digest: digestCardText(text), ...(fetchedFrom ? { fetchedFrom } : {}) };
}

describe("Open review from a line with a link", () => {
  it.each([
    ["a whole workspace URL", `https://parley.example/#${SNAPSHOT}`],
    ["a fragment with #", `#${SNAPSHOT}`],
    ["a bare fragment", SNAPSHOT],
  ])("uses the record's reviewLink given as %s, re-rooted on this site", (_name, reviewLink) => {
    const open = buildOpenReview(readLogLine(withFields(RECORD, { reviewLink })));
    expect(open).toMatchObject({ status: "open", kind: "snapshot" });
    const link = decodeHref(open?.status === "open" ? open.href : "");
    expect(link.kind === "snapshot" && link.state.cardText).toBe(CONTOSO.text);
  });

  it("says why a broken reviewLink cannot be opened", () => {
    const open = buildOpenReview(readLogLine(withFields(RECORD, { reviewLink: SNAPSHOT.slice(0, 40) + "x" + SNAPSHOT.slice(41) })));
    expect(open?.status).toBe("unavailable");
    expect(open?.status === "unavailable" && open.why).toMatch(/^The review link on this line cannot be opened: ./);
  });

  it("uses a workspace URL found in any line", () => {
    const open = buildOpenReview(readLogLine(`rule=live-input-needs-streaming see https://parley.example/#${SNAPSHOT}`));
    expect(open).toMatchObject({ status: "open", kind: "snapshot", href: `/#${SNAPSHOT}` });
  });

  it("names the task class a log line names, so the review opens on its row", () => {
    const open = buildOpenReview(readLogLine(`rule=push-callback-mtls taskClass=async-completion see https://parley.example/#${SNAPSHOT}`));
    expect(open).toMatchObject({ status: "open", href: `/?class=async-completion#${SNAPSHOT}` });
  });

  it("offers nothing for a line without a link that is not a record", () => {
    expect(buildOpenReview(readLogLine("rule=live-input-needs-streaming"))).toBeUndefined();
    expect(buildOpenReview(readLogLine("garbage"))).toBeUndefined();
  });
});

describe("a record without a link asks for its card", () => {
  it("asks for the card by the record's digest, suggesting the agent's origin for discovery, never opening a review with no card", () => {
    const need = needOf(buildOpenReview(readLogLine(RECORD)));
    // card.url is the agent's endpoint; the card is discovered from its origin.
    expect(need).toMatchObject({
      digest: digestCardText(CONTOSO.text),
      suggestedUrl: "https://agents.contoso.example",
      suggestedFrom: "origin",
      taskClass: "live-input",
      decision: "reject",
      engineVersion: ENGINE_VERSION,
    });
    expect(need.profile).toEqual(NORTHWIND);
  });

  it("suggests the record's card.source, where the card was actually fetched from", () => {
    const source = "https://cards.contoso.example/voice-desk.json";
    const line = writeDecisionRecord(review(CONTOSO.text, NORTHWIND), "live-input", CONTOSO.text, { cardSource: source });
    expect(needOf(buildOpenReview(readLogLine(line)))).toMatchObject({ suggestedUrl: source, suggestedFrom: "source" });
  });

  it.each([
    ["no card URL", RECORD.replace(/"url":"[^"]*",/, "")],
    ["a non-http card URL", RECORD.replace(/"url":"[^"]*"/, '"url":"javascript:alert(1)"')],
  ])("with %s it still asks for the card, suggesting no URL", (_name, line) => {
    const need = needOf(buildOpenReview(readLogLine(line)));
    expect(need.suggestedUrl).toBeUndefined();
    expect(need.suggestedFrom).toBeUndefined();
  });

  it.each(PRESETS.map((p) => [p.name]))("finds the preset %s by name", (name) => {
    const preset = PRESETS.find((p) => p.name === name);
    const line = writeDecisionRecord(review(CONTOSO_LIVE_AUDIO.text, preset ?? NORTHWIND), "request-response", CONTOSO_LIVE_AUDIO.text);
    expect(needOf(buildOpenReview(readLogLine(line))).profile).toEqual(preset);
  });

  it("says why a record whose profile is not a preset cannot open a review", () => {
    const open = buildOpenReview(readLogLine(withFields(RECORD, { profile: "Acme client" })));
    expect(open?.status === "unavailable" && open.why).toMatch(/"Acme client" is neither/);
  });

  it("rebuilds the conditions of validity the record's reasons name", () => {
    const context = { priorTaskHistory: true, honoredExtensions: [{ uri: "https://contoso.example/ext/x", resolves: ["live-input-needs-streaming"] }] };
    const line = writeDecisionRecord(review(CONTOSO.text, { ...NORTHWIND, fixed: false }, { context }), "live-input", CONTOSO.text);
    // honoredExtension won (escalate); the others are listed as otherConditions, not as their own reasons.
    expect(needOf(buildOpenReview(readLogLine(line))).context).toEqual({
      honoredExtensions: [{ uri: "https://contoso.example/ext/x", resolves: ["live-input-needs-streaming"] }],
    });
  });
});

describe("checkGivenCard", () => {
  const need = needOf(buildOpenReview(readLogLine(RECORD)));

  it("the record's own card: same, and a snapshot with the card, the profile, and the record's engine and decision", () => {
    const check = checkGivenCard(need, given(CONTOSO.text, "https://agents.contoso.example/.well-known/agent-card.json"));
    expect(check).toMatchObject({ ok: true, same: true });
    const link = decodeHref(check.ok ? check.href : "");
    if (link.kind !== "snapshot") throw new Error("expected a snapshot link");
    expect(link.state.cardText).toBe(CONTOSO.text);
    expect(link.state.profile).toEqual(NORTHWIND);
    expect(link.state.cardUrl).toBe("https://agents.contoso.example/.well-known/agent-card.json");
    expect(link.state.engineVersion).toBe(ENGINE_VERSION);
    // The workspace compares this engine's decision with the record's on the very same bytes.
    expect(link.state.decisions).toEqual({ "live-input": "reject" });
  });

  it("one byte more is a different card: reviewed now, with no claim about the record's decision", () => {
    const check = checkGivenCard(need, given(`${CONTOSO.text}\n`));
    expect(check).toMatchObject({ ok: true, same: false });
    const link = decodeHref(check.ok ? check.href : "");
    expect(link.kind === "snapshot" && link.state.cardText).toBe(`${CONTOSO.text}\n`);
    expect(link.kind === "snapshot" && link.state.decisions).toBeUndefined();
    expect(link.state.profile).toEqual(NORTHWIND);
  });

  it("keeps an older engine's version for the same card, so the workspace says the engines differ", () => {
    const old = needOf(buildOpenReview(readLogLine(RECORD.replace(`"parley/${ENGINE_VERSION}"`, '"parley/0.1.0"'))));
    const link = decodeHref((checkGivenCard(old, given(CONTOSO.text)) as { href: string }).href);
    expect(link.state.engineVersion).toBe("0.1.0");
  });

  it("says a user-defined task class cannot be reproduced from a record, and opens the built-in classes", () => {
    const custom = { ...need, taskClass: "live-call" };
    const check = checkGivenCard(custom, given(CONTOSO.text));
    expect(check.ok && check.note).toMatch(/"live-call" is not a built-in one/);
    const link = decodeHref(check.ok ? check.href : "", "live-call");
    expect(link.kind === "snapshot" && link.state.decisions).toBeUndefined();
  });

  it("refuses a card too large for a review, saying its size and the limit", () => {
    const check = checkGivenCard(need, given(" ".repeat(1024 * 1024 + 1)));
    expect(check).toEqual({ ok: false, why: expect.stringMatching(/^This card is 1,048,577 bytes; a review opens cards of up to 1,048,576 bytes \(1 MiB/) });
  });
});
