import { describe, expect, it } from "vitest";
import { runReview, loadEngine } from "./workspace-review";
import type { FetchedCardResponse } from "@/lib/wire/fetch-card";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { ENGINE_VERSION, NORTHWIND, PRESETS } from "@/lib/negotiation";
import * as share from "@/lib/share";
import { seedFromFailedLink, seedFromSnapshot } from "./open-link";
import { seedFromFailedFetch, seedFromLive } from "./open-live-link";
import { snapshotOf } from "./snapshot";

// The workspace loads the review engine on demand; these tests use it from the start.
await loadEngine();

const STREAMING_CONTOSO = CONTOSO.text.replace('"streaming": false', '"streaming": true');

function fetched(text: string): FetchedCardResponse {
  return {
    requestedUrl: "https://contoso.example/",
    finalUrl: "https://contoso.example/.well-known/agent-card.json",
    discoveredVia: "agent-card.json",
    status: 200,
    contentType: "application/json",
    size: text.length,
    sha256: share.cardDigestHex(text),
    text,
  };
}

describe("snapshot links", () => {
  it("a link made from the workspace reopens the same card, profile, context and task classes", () => {
    const profile = PRESETS[1] ?? NORTHWIND;
    const { state } = snapshotOf({ cardText: CONTOSO.text, profile, context: { priorTaskHistory: true } });
    const decoded = share.decodeReviewLink(share.encodeReviewLink(state));
    if (!decoded.ok || decoded.link.kind !== "snapshot") throw new Error("did not decode");
    const seed = seedFromSnapshot(decoded.link.state, share);
    expect(seed.cardText).toBe(CONTOSO.text);
    expect(seed.profile).toEqual(profile);
    expect(seed.context).toEqual({ priorTaskHistory: true });
    expect(seed.taskClasses).toEqual(runReview(CONTOSO.text, profile, {}).taskClasses.map((t) => t.id));
    expect(seed.notice).toMatchObject({ kind: "snapshot", engineThen: ENGINE_VERSION, comparison: { moved: [], decisionsCompared: true } });
  });

  it("says which decisions an engine change moved, comparing the link's decisions with this engine's", () => {
    const { state } = snapshotOf({ cardText: CONTOSO.text, profile: NORTHWIND, context: {} });
    expect(state.decisions?.["live-input"]).toBe("reject");
    const older = { ...state, engineVersion: "0.0.1", decisions: { ...state.decisions, "live-input": "accept" as const } };
    const seed = seedFromSnapshot(older, share);
    expect(seed.notice).toMatchObject({
      kind: "snapshot",
      engineThen: "0.0.1",
      engineNow: ENGINE_VERSION,
      comparison: { cardChanged: false, moved: [{ taskClass: "live-input", from: "accept", to: "reject" }] },
    });
  });

  it("keeps the URL a snapshot's card was fetched from, for a live link made from it later", () => {
    const { state } = snapshotOf({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, cardUrl: "https://contoso.example/" });
    expect(seedFromSnapshot(state, share).source).toEqual({ kind: "link", cardUrl: "https://contoso.example/" });
  });
});

describe("live links", () => {
  const { state: snapshot } = snapshotOf({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, cardUrl: "https://contoso.example/" });
  const live = share.liveStateFromSnapshot(snapshot);
  if (!live) throw new Error("no live state");

  it("reports no drift when the card is byte for byte the same", () => {
    const seed = seedFromLive(live, fetched(CONTOSO.text), share);
    expect(seed.cardText).toBe(CONTOSO.text);
    expect(seed.notice).toMatchObject({ kind: "live", then: { comparison: { cardChanged: false, moved: [] } } });
  });

  it("reports a changed card and the decisions that moved", () => {
    const seed = seedFromLive(live, fetched(STREAMING_CONTOSO), share);
    expect(seed.source).toMatchObject({ kind: "fetch" });
    expect(seed.notice).toMatchObject({
      kind: "live",
      then: { digest: share.cardDigestHex(CONTOSO.text), comparison: { cardChanged: true } },
    });
    const moved = seed.notice?.kind === "live" ? seed.notice.then?.comparison.moved : undefined;
    expect(moved).toContainEqual({ taskClass: "live-input", from: "reject", to: "accept" });
  });

  it("a whitespace change is a changed card, even if no decision moves", () => {
    const seed = seedFromLive(live, fetched(`${CONTOSO.text}\n`), share);
    expect(seed.notice).toMatchObject({ kind: "live", then: { comparison: { cardChanged: true, moved: [] } } });
  });

  it("a failed fetch keeps the link's profile and context and loads no card", () => {
    const seed = seedFromFailedFetch(live, { code: "timeout", message: "slow" });
    expect(seed).toMatchObject({ cardText: "", source: null, profile: NORTHWIND, notice: { kind: "fetchFailed", code: "timeout" } });
  });
});

describe("unreadable links", () => {
  it("open an empty workspace with the reason, not the default example", () => {
    const decoded = share.decodeReviewLink("v1.AAAA");
    if (decoded.ok) throw new Error("decoded garbage");
    const seed = seedFromFailedLink(share.describeLinkError(decoded.error), NORTHWIND);
    expect(seed.cardText).toBe("");
    expect(seed.source).toBeNull();
    expect(seed.notice).toEqual({ kind: "failed", message: share.describeLinkError(decoded.error) });
  });
});
