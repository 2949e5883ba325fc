import { describe, expect, it } from "vitest";
import { describeCardLocation, describeProblem, findPreset, locateCard, locateCardFor, review } from "./index";

/**
 * Where a client looks for a card (issue 39), against the URL the card was fetched from: the SDKs
 * read /.well-known/agent-card.json, Reactive Agents' client agent.json and /agent/card, and
 * VoltAgent serves one card per agent at /.well-known/<agentId>/agent-card.json.
 */
const SDK = ["/.well-known/agent-card.json"];
const REACTIVE = ["/.well-known/agent.json", "/agent/card"];

describe("locateCard", () => {
  it.each([
    ["the SDK path, for an SDK client", "https://a.example/.well-known/agent-card.json", SDK, "found"],
    ["the SDK path under a base path", "https://a.example/agents/voice/.well-known/agent-card.json", SDK, "found"],
    ["VoltAgent's per-agent path, for an SDK client", "https://a.example/.well-known/voice/agent-card.json", SDK, "notFound"],
    ["the SDK path, for Reactive Agents' client", "https://a.example/.well-known/agent-card.json", REACTIVE, "notFound"],
    ["/agent/card, for Reactive Agents' client", "http://127.0.0.1:4000/agent/card", REACTIVE, "found"],
    ["a look-alike file name is not the path", "https://a.example/x.well-known/agent-card.json.bak", SDK, "notFound"],
  ])("%s", (_label, url, paths, status) => {
    expect(locateCard(url, paths).status).toBe(status);
  });

  it("says which URLs the client would try for that agent", () => {
    const voltagent = locateCard("https://a.example/.well-known/voice/agent-card.json", SDK);
    expect(voltagent.wouldTry).toEqual(["https://a.example/.well-known/agent-card.json"]);
    expect(locateCard("https://a.example/base/.well-known/agent-card.json", REACTIVE).wouldTry).toEqual([
      "https://a.example/base/.well-known/agent.json",
      "https://a.example/base/agent/card",
    ]);
  });

  it("a profile that does not say where it looks, and a source that is no http(s) URL, decide nothing and never throw", () => {
    expect(locateCard("https://a.example/.well-known/agent-card.json", undefined).status).toBe("unknown");
    for (const source of ["examples/cards/contoso.json", "file:///etc/passwd", "", "http://[::1", "x".repeat(100_000)]) {
      expect(locateCard(source, SDK).status).toBe("notAUrl");
    }
  });

  it("is worded in the explain modules: the not-found case says the client will not find the card, and where it looks", () => {
    const text = describeCardLocation(locateCardFor("https://a.example/.well-known/voice/agent-card.json", findPreset("a2a-js")!));
    expect(text).toMatch(/^This client will not find this card/);
    expect(text).toContain("https://a.example/.well-known/agent-card.json");
  });
});

describe("review with the card's source URL", () => {
  const card = JSON.stringify({
    name: "Voice",
    description: "d",
    version: "1",
    supportedInterfaces: [{ url: "https://a.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: {},
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "S", description: "d", tags: ["t"] }],
  });
  const warningOf = (url: string, preset: string) =>
    review(card, findPreset(preset)!, { cardUrl: url, taskClasses: ["request-response"] }).validity.problems.find((p) => p.code === "cardNotWhereClientLooks");

  it("warns, with data, when this client will not find the card there; the decision is the card's", () => {
    const warning = warningOf("https://a.example/.well-known/voice/agent-card.json", "a2a-js");
    expect(warning).toMatchObject({ severity: "warning", data: { path: "/.well-known/voice/agent-card.json", cardPaths: SDK } });
    expect(describeProblem(warning!)).toMatch(/^This client will not find this card/);
    expect(review(card, findPreset("a2a-js")!, { cardUrl: "https://a.example/.well-known/voice/agent-card.json" }).validity.valid).toBe(true);
  });

  it("says nothing where the client looks, or with no URL", () => {
    expect(warningOf("https://a.example/.well-known/agent-card.json", "a2a-js")).toBeUndefined();
    expect(warningOf("https://a.example/.well-known/agent.json", "text-only")).toBeUndefined();
    expect(review(card, findPreset("a2a-js")!).validity.problems).toEqual([]);
  });
});
