import { describe, expect, it } from "vitest";
import type { FetchedCardResponse } from "@/lib/wire/fetch-card";
import { runUrlQueue, type UrlJobStatus } from "./url-queue";

const card = (url: string): FetchedCardResponse => ({
  requestedUrl: url,
  finalUrl: `${url}/.well-known/agent-card.json`,
  discoveredVia: "agent-card.json",
  status: 200,
  contentType: "application/json",
  size: 2,
  sha256: "0".repeat(64),
  text: `{"url":"${url}"}`,
});

class Failure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

function harness() {
  const statuses = new Map<number, UrlJobStatus[]>();
  const cards: string[] = [];
  let clock = 0;
  const sleeps: number[] = [];
  return {
    statuses,
    cards,
    sleeps,
    options: (fetchCard: (url: string) => Promise<FetchedCardResponse>, signal = new AbortController().signal) => ({
      fetchCard,
      signal,
      onStatus: (i: number, s: UrlJobStatus) => statuses.set(i, [...(statuses.get(i) ?? []), s]),
      onCard: (_i: number, url: string) => void cards.push(url),
      now: () => clock,
      sleep: async (ms: number) => {
        sleeps.push(ms);
        clock += ms;
      },
    }),
    last: (i: number) => statuses.get(i)?.at(-1),
  };
}

describe("runUrlQueue", () => {
  it("fetches every URL, and a failure says its code and message without stopping the rest", async () => {
    const h = harness();
    const urls = ["https://a.example", "http://10.0.0.1/", "https://c.example"];
    await runUrlQueue(
      urls,
      h.options(async (url) => {
        if (url.includes("10.0.0.1")) throw new Failure("blockedAddress", "10.0.0.1 is not a public address.");
        return card(url);
      }),
    );
    expect(h.cards.sort()).toEqual(["https://a.example", "https://c.example"]);
    expect(h.last(0)).toEqual({ state: "done", finalUrl: "https://a.example/.well-known/agent-card.json" });
    expect(h.last(1)).toEqual({ state: "failed", code: "blockedAddress", message: "10.0.0.1 is not a public address." });
    expect(h.last(2)?.state).toBe("done");
  });

  it("never has more than `concurrency` fetches in flight", async () => {
    const h = harness();
    let inFlight = 0;
    let most = 0;
    const urls = Array.from({ length: 10 }, (_, i) => `https://h${i}.example`);
    await runUrlQueue(urls, {
      ...h.options(async (url) => {
        most = Math.max(most, ++inFlight);
        await new Promise((r) => setTimeout(r, 1));
        inFlight--;
        return card(url);
      }),
      concurrency: 3,
    });
    expect(most).toBe(3);
    expect(h.cards).toHaveLength(10);
  });

  it("waits and tries again when the route is rate limited, and gives up after the last delay", async () => {
    const h = harness();
    let calls = 0;
    await runUrlQueue(
      ["https://a.example"],
      h.options(async (url) => {
        if (++calls < 3) throw new Failure("rateLimited", "Too many fetches from your address.");
        return card(url);
      }),
    );
    expect(h.sleeps).toEqual([3000, 6000]);
    expect(h.statuses.get(0)!.map((s) => s.state)).toEqual(["fetching", "waiting", "fetching", "waiting", "fetching", "done"]);

    const always = harness();
    await runUrlQueue(["https://b.example"], { ...always.options(async () => Promise.reject(new Failure("busy", "Parley is busy."))), retryDelaysMs: [1, 2] });
    expect(always.last(0)).toEqual({ state: "failed", code: "busy", message: "Parley is busy." });
  });

  it("marks what is left as stopped when the user stops the fetches", async () => {
    const h = harness();
    const controller = new AbortController();
    const urls = ["https://a.example", "https://b.example", "https://c.example"];
    await runUrlQueue(urls, {
      ...h.options(async (url) => {
        controller.abort();
        return card(url);
      }, controller.signal),
      concurrency: 1,
    });
    expect(h.cards).toEqual([]);
    expect([0, 1, 2].map((i) => h.last(i)?.state)).toEqual(["stopped", "stopped", "stopped"]);
  });
});
