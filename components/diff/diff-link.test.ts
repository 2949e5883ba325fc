import { describe, expect, it } from "vitest";
import { CONTOSO, CONTOSO_LIVE_AUDIO } from "@/lib/negotiation/examples/incidents";
import { diffCards, ENGINE_VERSION, findPreset, NORTHWIND } from "@/lib/negotiation";
import { decodeReviewLink, encodeReviewLink, tryEncodeDiffLink } from "@/lib/share";
import { diffLinkState, fromDiffLink, linkOrigin, type SharedDiff } from "./diff-link-state";
import { makeLink, readLink } from "./diff-tasks";

const SHARED: SharedDiff = {
  diff: diffCards(CONTOSO_LIVE_AUDIO.text, CONTOSO.text, [NORTHWIND]),
  before: { text: CONTOSO_LIVE_AUDIO.text, origin: "contoso-2026-10.json" },
  after: { text: CONTOSO.text, origin: "https://agents.contoso.example/.well-known/agent-card.json, fetched just now" },
  profiles: [NORTHWIND, findPreset("full-sdk")!],
  context: {},
};

function fragment(made: ReturnType<typeof makeLink>): string {
  if (!made.ok) throw new Error(made.message);
  return made.fragment;
}

describe("the /diff page's links", () => {
  it("a diff link made from the page reads back as the same diff, its origins said as they hold later", () => {
    const read = readLink(`https://parley.example/diff#${fragment(makeLink({ kind: "diff", state: diffLinkState(SHARED) }))}`);
    expect(read.kind).toBe("diff");
    if (read.kind !== "diff" || !read.result.ok) throw new Error(read.message);
    const { state } = read.result;
    expect(state.before).toEqual({ text: CONTOSO_LIVE_AUDIO.text, origin: "contoso-2026-10.json" });
    expect(state.after.text).toBe(CONTOSO.text);
    expect(state.after.origin).toBe("https://agents.contoso.example/.well-known/agent-card.json, fetched when the link was made");
    expect(state.profiles).toEqual(SHARED.profiles);
    expect(state.engineVersion).toBe(ENGINE_VERSION);
  });

  it("a version opened from a diff link and shared again is not marked twice", () => {
    expect(linkOrigin(fromDiffLink("contoso-2026-10.json"))).toBe("contoso-2026-10.json");
    expect(fromDiffLink("")).toBe("pasted (from the diff link)");
  });

  it("a review link still reads as a review link", () => {
    const link = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });
    expect(readLink(`#${link}`)).toMatchObject({ kind: "review", result: { ok: true } });
  });

  it("Open in the workspace makes a snapshot review link of that version with that profile", () => {
    const made = makeLink({ kind: "snapshot", state: { cardText: CONTOSO.text, profile: SHARED.profiles[1]!, context: {}, engineVersion: ENGINE_VERSION } });
    const decoded = decodeReviewLink(fragment(made));
    expect(decoded.ok && decoded.link.kind === "snapshot" && decoded.link.state.cardText).toBe(CONTOSO.text);
    expect(decoded.ok && decoded.link.state.profile).toEqual(findPreset("full-sdk"));
  });

  it("a version over a review link's 1 MiB is refused when making the link, naming the side and the limit", () => {
    const big = `{"name":"x","pad":"${"a".repeat(1024 * 1024)}"}`;
    const made = makeLink({ kind: "diff", state: diffLinkState({ ...SHARED, after: { text: big, origin: "big.json" } }) });
    expect(made).toEqual({ ok: false, message: `After is ${big.length.toLocaleString("en-US")} bytes; a link holds cards of up to 1,048,576 bytes (1 MiB, as a review link does). Save it as a file instead.` });
    const snapshot = makeLink({ kind: "snapshot", state: { cardText: big, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION } });
    expect(snapshot.ok).toBe(false);
  });

  it("and refused when reading a link someone made with one, as the workspace refuses such a card", () => {
    const big = `{"pad":"${"a".repeat(1024 * 1024)}"}`;
    const crafted = tryEncodeDiffLink({ ...diffLinkState(SHARED), before: { text: big, origin: "" } });
    if (!crafted.ok) throw new Error(crafted.error.code);
    const read = readLink(crafted.fragment);
    expect(read).toMatchObject({ kind: "diff", result: { ok: false } });
    expect(read.message).toMatch(/^Before: The card in this link is 1(\.0)? MiB once unpacked/);
  });

  it("a broken diff link is said to be a diff link that cannot be read", () => {
    expect(readLink("d1.zz!!")).toMatchObject({ kind: "diff", result: { ok: false }, message: expect.stringContaining('contains "!" at position 5') });
  });
});
