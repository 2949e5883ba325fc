import { describe, expect, it } from "vitest";
import { CONTOSO, CONTOSO_LIVE_AUDIO } from "@/lib/negotiation/examples/incidents";
import { readLogLine } from "@/lib/negotiation/log";
import { NORTHWIND, PRESETS } from "@/lib/negotiation/profile";
import { digestCardText, writeDecisionRecord } from "@/lib/negotiation/record";
import { review } from "@/lib/negotiation/review";
import { ENGINE_VERSION } from "@/lib/negotiation/version";
import { decodeReviewLink, encodeReviewLink } from "@/lib/share";
import { buildOpenReview } from "./open-review";

const RECORD = writeDecisionRecord(review(CONTOSO.text, NORTHWIND), "live-input", CONTOSO.text);
const SNAPSHOT = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });

function withFields(line: string, fields: Record<string, unknown>): string {
  return JSON.stringify({ ...(JSON.parse(line) as object), ...fields });
}

function decodeHref(href: string) {
  expect(href.startsWith("/#v1.")).toBe(true);
  const decoded = decodeReviewLink(href);
  if (!decoded.ok) throw new Error(decoded.error.code);
  return decoded.link;
}

describe("Open review from a decision record", () => {
  it.each([
    ["a whole workspace URL", `https://parley.example/#${SNAPSHOT}`],
    ["a fragment with #", `#${SNAPSHOT}`],
    ["a bare fragment", SNAPSHOT],
  ])("uses the record's reviewLink given as %s, re-rooted on this site", (_name, reviewLink) => {
    const open = buildOpenReview(readLogLine(withFields(RECORD, { reviewLink })));
    expect(open).toMatchObject({ ok: true, kind: "snapshot", source: "line" });
    const link = decodeHref(open?.ok ? open.href : "");
    expect(link.kind === "snapshot" && link.state.cardText).toBe(CONTOSO.text);
  });

  it("says why a broken reviewLink cannot be opened", () => {
    const open = buildOpenReview(readLogLine(withFields(RECORD, { reviewLink: SNAPSHOT.slice(0, 40) + "x" + SNAPSHOT.slice(41) })));
    expect(open?.ok).toBe(false);
    expect(open?.ok === false && open.why).toMatch(/^The review link on this line cannot be opened: ./);
  });

  it("builds a live link from the card's origin and a preset profile, carrying the digest and decision", () => {
    const open = buildOpenReview(readLogLine(RECORD));
    expect(open).toMatchObject({ ok: true, kind: "live", source: "record" });
    const link = decodeHref(open?.ok ? open.href : "");
    if (link.kind !== "live") throw new Error("expected a live link");
    // card.url is the agent's endpoint; the card is discovered from its origin.
    expect(link.state.cardUrl).toBe("https://agents.contoso.example");
    expect(link.state.profile).toEqual(NORTHWIND);
    expect(link.state.context).toEqual({});
    expect(`sha256:${link.state.snapshotDigest}`).toBe(digestCardText(CONTOSO.text));
    expect(link.state.snapshotDecisions).toEqual({ "live-input": "reject" });
  });

  it("prefers the record's card.source, where the card was actually fetched from", () => {
    const source = "https://cards.contoso.example/voice-desk.json";
    const line = writeDecisionRecord(review(CONTOSO.text, NORTHWIND), "live-input", CONTOSO.text, { cardSource: source });
    const link = decodeHref(buildOpenReview(readLogLine(line))?.ok ? (buildOpenReview(readLogLine(line)) as { href: string }).href : "");
    expect(link.kind === "live" && link.state.cardUrl).toBe(source);
  });

  it.each(PRESETS.map((p) => [p.name]))("finds the preset %s by name", (name) => {
    const preset = PRESETS.find((p) => p.name === name);
    const line = writeDecisionRecord(review(CONTOSO_LIVE_AUDIO.text, preset ?? NORTHWIND), "request-response", CONTOSO_LIVE_AUDIO.text);
    const open = buildOpenReview(readLogLine(line));
    const link = decodeHref(open?.ok ? open.href : "");
    expect(link.state.profile).toEqual(preset);
  });

  it("rebuilds the conditions of validity the record's reasons name", () => {
    const context = { priorTaskHistory: true, honoredExtensions: [{ uri: "https://contoso.example/ext/x", resolves: ["live-input-needs-streaming"] }] };
    const line = writeDecisionRecord(review(CONTOSO.text, { ...NORTHWIND, fixed: false }, { context }), "live-input", CONTOSO.text);
    const open = buildOpenReview(readLogLine(line));
    const link = decodeHref(open?.ok ? open.href : "");
    // honoredExtension won (escalate); the others are listed as otherConditions, not as their own reasons.
    expect(link.state.context).toEqual({ honoredExtensions: [{ uri: "https://contoso.example/ext/x", resolves: ["live-input-needs-streaming"] }] });
  });

  it.each([
    ["a profile that is not a preset", withFields(RECORD, { profile: "Acme client" }), /"Acme client" is neither/],
    ["no card URL", RECORD.replace(/"url":"[^"]*",/, ""), /needs where the card is \(card.source or card.url\)/],
    ["a non-http card URL", RECORD.replace(/"url":"[^"]*"/, '"url":"javascript:alert(1)"'), /needs where the card is/],
  ])("says why a record with %s cannot open a review", (_name, line, why) => {
    const open = buildOpenReview(readLogLine(line));
    expect(open?.ok).toBe(false);
    expect(open?.ok === false && open.why).toMatch(why);
  });
});

describe("Open review from other lines", () => {
  it("uses a workspace URL found in any line", () => {
    const open = buildOpenReview(readLogLine(`rule=live-input-needs-streaming see https://parley.example/#${SNAPSHOT}`));
    expect(open).toMatchObject({ ok: true, kind: "snapshot", href: `/#${SNAPSHOT}` });
  });

  it("offers nothing for a line without a link", () => {
    expect(buildOpenReview(readLogLine("rule=live-input-needs-streaming"))).toBeUndefined();
    expect(buildOpenReview(readLogLine("garbage"))).toBeUndefined();
  });
});
