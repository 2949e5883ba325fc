import { describe, expect, it } from "vitest";
import { type CardFetch, checkServedCards } from "./card-served";
import { wireClientsSummary } from "./wire-explain";

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
});
