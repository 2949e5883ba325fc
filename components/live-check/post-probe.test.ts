import { afterEach, describe, expect, it, vi } from "vitest";
import { findPreset } from "@/lib/negotiation";
import { postProbe, ProbeFailure } from "./post-probe";

// How the page reads /api/probe's answer: a long check's answer starts with spaces (heartbeats)
// before its JSON; each is a sign the check is alive, and a connection that breaks is said to.
const profile = findPreset("a2a-python")!;
const REPORT = { interfaces: [], contradictions: [], classes: {}, notes: [], wire: [] };

function answerIn(pieces: (string | Error)[]): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const piece = pieces[i++];
      if (piece === undefined) return controller.close();
      if (piece instanceof Error) return controller.error(piece);
      controller.enqueue(encoder.encode(piece));
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("postProbe", () => {
  it("counts each heartbeat of a long check and reads the report that follows them", async () => {
    vi.stubGlobal("fetch", () => Promise.resolve(answerIn([" ", " ", " ", JSON.stringify(REPORT)])));
    const beats: number[] = [];
    const report = await postProbe({ url: "https://agent.example/card.json", profile, send: true }, undefined, () => beats.push(beats.length + 1));
    expect(beats).toEqual([1, 2, 3]);
    expect(report.classes).toEqual({});
  });

  it("a long check that ends in an error: the error's own words, after the heartbeats", async () => {
    vi.stubGlobal("fetch", () => Promise.resolve(answerIn([" ", JSON.stringify({ code: "timeout", message: "The check took longer than Parley allows." })])));
    await expect(postProbe({ url: "https://agent.example/card.json", profile })).rejects.toMatchObject({ code: "timeout", message: "The check took longer than Parley allows." });
  });

  it("a connection that breaks while the check runs is said to have broken, not to be an unreadable answer", async () => {
    vi.stubGlobal("fetch", () => Promise.resolve(answerIn([" ", new Error("socket hang up")])));
    const failure = await postProbe({ url: "https://agent.example/card.json", profile, send: true }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProbeFailure);
    expect(failure).toMatchObject({ code: "network" });
    expect((failure as ProbeFailure).message).toContain("broke before the check's answer arrived");
  });
});
