import { afterEach, describe, expect, it } from "vitest";
import { fetchCard } from "./safe-fetch";
import { json, redirect, startTestServer, type TestServer } from "./test-server";

// Two loopback servers on different ports are two origins: the card's own, and somewhere else.
const CARD = { name: "Extended agent", version: "1.0" };
const SECRET = "Bearer s3cret-token";
let servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function serve(routes: Parameters<typeof startTestServer>[0]): Promise<TestServer> {
  const server = await startTestServer(routes);
  servers.push(server);
  return server;
}

const sentAuthorization = (server: TestServer) => server.requests.map((r) => [r.url, r.headers.authorization ?? null]);

describe("the Authorization header for an authenticated extended card", () => {
  it("is sent to the card's own origin, on every discovery path", async () => {
    const vendor = await serve({ "/.well-known/agent.json": json(CARD) });
    await fetchCard(vendor.base, { allowLoopback: true, authorization: SECRET });
    expect(sentAuthorization(vendor)).toEqual([
      ["/.well-known/agent-card.json", SECRET],
      ["/.well-known/agent.json", SECRET],
    ]);
  });

  it("follows a same-origin redirect", async () => {
    const vendor = await serve({ "/card": redirect("/v2/card"), "/v2/card": json(CARD) });
    await fetchCard(`${vendor.base}/card`, { allowLoopback: true, authorization: SECRET });
    expect(sentAuthorization(vendor)).toEqual([
      ["/card", SECRET],
      ["/v2/card", SECRET],
    ]);
  });

  it("is dropped on a redirect to another origin", async () => {
    const elsewhere = await serve({ "/card": json(CARD) });
    const vendor = await serve({ "/card": redirect(`${elsewhere.base}/card`) });
    const got = await fetchCard(`${vendor.base}/card`, { allowLoopback: true, authorization: SECRET });
    expect(got.finalUrl).toBe(`${elsewhere.base}/card`);
    expect(sentAuthorization(vendor)).toEqual([["/card", SECRET]]);
    expect(sentAuthorization(elsewhere)).toEqual([["/card", null]]);
  });

  it("stays dropped when a later redirect comes back to the card's origin", async () => {
    let vendorBase = "";
    const elsewhere = await serve({ "/bounce": (q, s) => redirect(`${vendorBase}/final`)(q, s) });
    const vendor = await serve({ "/card": redirect(`${elsewhere.base}/bounce`), "/final": json(CARD) });
    vendorBase = vendor.base;
    await fetchCard(`${vendor.base}/card`, { allowLoopback: true, authorization: SECRET });
    expect(sentAuthorization(vendor)).toEqual([
      ["/card", SECRET],
      ["/final", null],
    ]);
    expect(sentAuthorization(elsewhere)).toEqual([["/bounce", null]]);
  });

  it("counts a change of host name on the same address and port as another origin", async () => {
    const target = await serve({
      "/card": (q, s) => redirect(`http://other.test:${target.port}/final`)(q, s),
      "/final": json(CARD),
    });
    await fetchCard(`http://cards.test:${target.port}/card`, {
      allowLoopback: true,
      authorization: SECRET,
      resolveHost: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    expect(sentAuthorization(target)).toEqual([
      ["/card", SECRET],
      ["/final", null],
    ]);
  });

  it("is never part of an error message, a redirect list or the result", async () => {
    const vendor = await serve({ "/card": redirect("/missing") });
    const failed = await fetchCard(`${vendor.base}/card`, { allowLoopback: true, authorization: SECRET }).catch((e: Error) => e);
    expect(failed).toBeInstanceOf(Error);
    expect(JSON.stringify({ message: (failed as Error).message, ...(failed as object) })).not.toContain("s3cret");
    const ok = await serve({ "/card": json(CARD) });
    const got = await fetchCard(`${ok.base}/card`, { allowLoopback: true, authorization: SECRET });
    expect(JSON.stringify(got)).not.toContain("s3cret");
  });

  it("is not sent when none was given", async () => {
    const vendor = await serve({ "/card": json(CARD) });
    await fetchCard(`${vendor.base}/card`, { allowLoopback: true });
    expect(sentAuthorization(vendor)).toEqual([["/card", null]]);
  });
});
