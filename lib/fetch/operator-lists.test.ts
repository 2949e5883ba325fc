import { afterEach, describe, expect, it } from "vitest";
import { parseHostRules } from "./host-rules";
import { CardFetchError } from "./errors";
import { fetchCard, type FetchCardOptions } from "./safe-fetch";
import { json, redirect, startTestServer, type TestServer } from "./test-server";

// The operator's allow- and deny-lists, applied to the first URL and every redirect, before DNS
// for names and after it for ranges. Names resolve through a test resolver to the local server.
const CARD = { name: "Listed agent" };
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

let lookups: string[] = [];
const resolveHost = async (host: string) => {
  lookups.push(host);
  return [{ address: "127.0.0.1", family: 4 }];
};
const base = (opts: Partial<FetchCardOptions>): FetchCardOptions => ({ allowLoopback: true, resolveHost, ...opts });

async function refusal(p: Promise<unknown>): Promise<CardFetchError> {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(CardFetchError);
  return e as CardFetchError;
}

describe("operator host lists", () => {
  it("a deny-listed name is refused before any DNS query or connection", async () => {
    lookups = [];
    server = await startTestServer({ "/card": json(CARD) });
    const e = await refusal(fetchCard(`http://blocked.example:${server.port}/card`, base({ deny: parseHostRules("*.example") })));
    expect(e.code).toBe("notAllowed");
    expect(e.message).toContain("blocked.example");
    expect(lookups).toEqual([]);
    expect(server.requests).toHaveLength(0);
  });

  it("a deny-listed range is refused once a name resolves into it, without naming the address", async () => {
    server = await startTestServer({ "/card": json(CARD) });
    const e = await refusal(fetchCard(`http://cards.test:${server.port}/card`, base({ deny: parseHostRules("127.0.0.0/8") })));
    expect(e.code).toBe("notAllowed");
    expect(e.message).not.toContain("127.0.0.1");
    expect(server.requests).toHaveLength(0);
  });

  it("with an allow-list, a listed name is fetched and any other is refused before DNS", async () => {
    lookups = [];
    server = await startTestServer({ "/card": json(CARD) });
    const allow = parseHostRules("cards.test");
    expect((await fetchCard(`http://cards.test:${server.port}/card`, base({ allow }))).status).toBe(200);
    const e = await refusal(fetchCard(`http://other.test:${server.port}/card`, base({ allow })));
    expect(e.code).toBe("notAllowed");
    expect(lookups).toEqual(["cards.test"]);
    expect(server.requests).toHaveLength(1);
  });

  it("an allow-listed range admits a name that resolves into it", async () => {
    server = await startTestServer({ "/card": json(CARD) });
    const got = await fetchCard(`http://anything.test:${server.port}/card`, base({ allow: parseHostRules("127.0.0.0/8") }));
    expect(got.status).toBe(200);
  });

  it("a redirect to a host off the allow-list is refused", async () => {
    server = await startTestServer({ "/go": redirect("http://elsewhere.test/card") });
    const e = await refusal(fetchCard(`http://cards.test:${server.port}/go`, base({ allow: parseHostRules("cards.test") })));
    expect(e.code).toBe("notAllowed");
    expect(server.requests.map((r) => r.url)).toEqual(["/go"]);
  });

  it("an allow-list never opens a private address", async () => {
    const e = await refusal(
      fetchCard("http://internal.test/card", {
        allow: parseHostRules("internal.test 10.0.0.0/8"),
        resolveHost: async () => [{ address: "10.1.2.3", family: 4 }],
      }),
    );
    expect(e.code).toBe("noPublicAddress");
  });

  it("a literal address is matched against the ranges", async () => {
    server = await startTestServer({ "/card": json(CARD) });
    expect((await refusal(fetchCard(`${server.base}/card`, base({ deny: parseHostRules("127.0.0.1") })))).code).toBe("notAllowed");
    expect((await refusal(fetchCard(`${server.base}/card`, base({ allow: parseHostRules("192.0.2.0/24") })))).code).toBe("notAllowed");
    expect((await fetchCard(`${server.base}/card`, base({ allow: parseHostRules("127.0.0.0/8") }))).status).toBe(200);
  });

  it.each(["[64:ff9b::808:808]", "[2002:808:808::1]", "[::ffff:8.8.8.8]"])(
    "a deny-listed IPv4 range also refuses its IPv6 wrapping %s, before any connection",
    async (host) => {
      const e = await refusal(fetchCard(`http://${host}/card`, { deny: parseHostRules("8.8.8.0/24"), resolveHost }));
      expect(e.code).toBe("notAllowed");
    },
  );
});
