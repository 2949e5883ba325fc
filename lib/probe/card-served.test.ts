import { describe, expect, it } from "vitest";
import { type CardFetch, checkServedCards, judgeLegacyUrl } from "./card-served";
import { bothShapesNote, wireClientsSummary, wireFindingSentence } from "./wire-explain";

// What came back from the card requests, judged without a server: the answers real hosts give at
// the well-known paths (a single-page app's catch-all, an error page, a JSON that is not a card).
const origin = "https://agent.example";
const cardUrl = `${origin}/.well-known/agent-card.json`;
const card = JSON.stringify({ name: "A", url: `${origin}/a2a`, protocolVersion: "0.3.0", skills: [], capabilities: {} });
let seq = 0;
const got = (url: string, header: string | null, status: number, text: string): CardFetch => ({ seq: seq++, url, header, status, text });
const byHeader = (text = card) => [got(cardUrl, null, 200, text), got(cardUrl, "0.3", 200, text), got(cardUrl, "1.0", 200, text)];

describe("the card requests' answers, judged", () => {
  it("a page answering 200 with HTML at /.well-known/agent.json (a single-page app's catch-all) does not count as serving the card there", () => {
    const html = "<!doctype html><html><body>app</body></html>";
    const { findings } = checkServedCards(cardUrl, byHeader(), [got(`${origin}/.well-known/agent.json`, null, 200, html)], undefined, { name: "Old client", cardPaths: ["/.well-known/agent.json"] });
    expect(findings.map((f) => f.id)).toEqual(["card-path-missed"]);
    expect(findings[0]!.data).toMatchObject({ profileClient: "Old client", served: "/.well-known/agent-card.json" });
  });

  it("JSON that is no card (an array, an error object, null) is not a card, and nothing throws on it", () => {
    for (const text of ["[]", '{"error":"not found"}', "null", "{", "\u0000".repeat(10)]) {
      const { findings } = checkServedCards(`${origin}/agents/a/card`, [got(`${origin}/agents/a/card`, null, 200, card), got(`${origin}/agents/a/card`, "1.0", 200, text)], [
        got(`${origin}/.well-known/agent-card.json`, null, 200, text),
      ]);
      // The only card is where no SDK client looks; what the header got is no card, so it is not compared.
      expect(findings.map((f) => f.id)).toEqual(["card-path-missed"]);
    }
  });

  it("the same content in both shapes is A2A's versioning: no finding, and each shape said per header", () => {
    const v1 = JSON.stringify({ name: "A", supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }], skills: [], capabilities: {} });
    const { findings, shapes } = checkServedCards(cardUrl, [got(cardUrl, null, 200, card), got(cardUrl, "1.0", 200, v1)], []);
    expect(findings).toEqual([]);
    expect(shapes).toEqual([
      { header: null, shape: "0.3" },
      { header: "1.0", shape: "1.0" },
    ]);
  });

  it("a $case scheme served only to A2A-Version: 1.0: the JS SDK 0.3 client, served the other card, works", () => {
    const v1 = JSON.stringify({ ...JSON.parse(card), securitySchemes: { bearer: { scheme: { $case: "httpAuthSecurityScheme", value: { scheme: "bearer" } } } } });
    const v03 = JSON.stringify({ ...JSON.parse(card), securitySchemes: { bearer: { type: "http", scheme: "bearer" } } });
    const { findings } = checkServedCards(cardUrl, [got(cardUrl, null, 200, v03), got(cardUrl, "1.0", 200, v1)], []);
    expect(findings.map((f) => f.id)).toEqual(["card-scheme-shape"]);
    expect(wireClientsSummary(findings[0]!)).toBe("fails with the Python SDK client; works with the JS SDK 1.x client and the JS SDK 0.3 client");
  });

  // What a2a-python's agent_card_to_dict writes: the 1.0 card with the 0.3 projection of its 0.3
  // interfaces merged in (its own test's card: 1.0 and 0.3 interfaces on each binding).
  const python = {
    name: "Complex Agent",
    version: "1.2.3",
    supportedInterfaces: [
      { url: `${origin}/jsonrpc/v10`, protocolBinding: "JSONRPC", protocolVersion: "1.0.0" },
      { url: `${origin}/jsonrpc/v03`, protocolBinding: "JSONRPC", protocolVersion: "0.3.0" },
      { url: `${origin}/rest/v03`, protocolBinding: "HTTP+JSON", protocolVersion: "0.3.0" },
    ],
    url: `${origin}/jsonrpc/v03`,
    preferredTransport: "JSONRPC",
    protocolVersion: "0.3.0",
    additionalInterfaces: [{ url: `${origin}/rest/v03`, transport: "HTTP+JSON" }],
    capabilities: {},
    skills: [],
  };

  it("the Python SDK server's card in both shapes: no finding, and the note says which interface each client reads", () => {
    const { findings, bothShapes, legacyUrl } = checkServedCards(cardUrl, byHeader(JSON.stringify(python)), []);
    expect(findings).toEqual([]);
    expect(legacyUrl).toBeUndefined();
    expect(bothShapes).toEqual({ url: `${origin}/jsonrpc/v03`, transport: "JSONRPC", version: "0.3.0" });
    expect(bothShapesNote(bothShapes!)).toContain(`the JS SDK 0.3 client goes to its url ${origin}/jsonrpc/v03 (JSONRPC), which supportedInterfaces declare 0.3.0 too`);
  });

  it("a card in both shapes whose url supportedInterfaces declare 1.0 only: the probe must ask that url; refused with -32601, the JS SDK 0.3 client fails there", () => {
    const hybrid = { ...python, url: `${origin}/jsonrpc/v10` };
    const { findings, bothShapes, legacyUrl } = checkServedCards(cardUrl, byHeader(JSON.stringify(hybrid)), []);
    expect(findings).toEqual([]);
    expect(bothShapes).toBeUndefined();
    expect(legacyUrl).toEqual({ url: `${origin}/jsonrpc/v10`, transport: "JSONRPC", declared: "1.0.0", servedToJs03: true });
    const refusal = JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "Method not found" } });
    const f = judgeLegacyUrl(legacyUrl!, got(`${origin}/jsonrpc/v10`, null, 200, refusal))!;
    expect(f.id).toBe("card-0.3-url-not-0.3");
    expect(wireFindingSentence(f)).toMatch(/is declared 1\.0\.0 in supportedInterfaces, not 0\.3; asked 0\.3's tasks\/get there, the agent refused it \(JSON-RPC error -32601\)/);
    expect(wireClientsSummary(f)).toBe("fails with the JS SDK 0.3 client; works with the JS SDK 1.x client and the Python SDK client");
    // Answered (task not found is an answer in 0.3): the endpoint speaks 0.3 too, no finding.
    const answered = JSON.stringify({ jsonrpc: "2.0", id: 1, error: { code: -32001, message: "Task not found" } });
    expect(judgeLegacyUrl(legacyUrl!, got(`${origin}/jsonrpc/v10`, null, 200, answered))).toBeUndefined();
    // Hostile answers are read without throwing.
    for (const text of ["", "null", "[", "\u0000"]) expect(() => judgeLegacyUrl(legacyUrl!, got(`${origin}/jsonrpc/v10`, null, 200, text))).not.toThrow();
  });
});
