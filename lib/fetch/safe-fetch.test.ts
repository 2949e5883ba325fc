import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import net from "node:net";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { CardFetchError, type CardFetchErrorCode } from "./errors";
import { fetchCard, type FetchCardOptions } from "./safe-fetch";
import { json, redirect, type Route, startTestServer, type TestServer } from "./test-server";

// Every request in this file goes to 127.0.0.1 only; other addresses are refused before any traffic.
const CARD = { name: "Test agent", version: "1.0" };
const LOOPBACK: FetchCardOptions = { allowLoopback: true };

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function failure(p: Promise<unknown>): Promise<CardFetchError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(CardFetchError);
    return e as CardFetchError;
  }
  throw new Error("expected the fetch to fail");
}

describe("discovery", () => {
  it("prefers /.well-known/agent-card.json over agent.json", async () => {
    server = await startTestServer({
      "/.well-known/agent-card.json": json({ ...CARD, name: "new" }),
      "/.well-known/agent.json": json({ ...CARD, name: "old" }),
    });
    const got = await fetchCard(server.base, LOOPBACK);
    expect(got.discoveredVia).toBe("agent-card.json");
    expect(JSON.parse(got.text).name).toBe("new");
    expect(got.finalUrl).toBe(`${server.base}/.well-known/agent-card.json`);
    expect(server.requests.map((r) => r.url)).toEqual(["/.well-known/agent-card.json"]);
  });

  it("falls back to /.well-known/agent.json and says so", async () => {
    server = await startTestServer({ "/.well-known/agent.json": json(CARD) });
    const got = await fetchCard(`${server.base}/`, LOOPBACK);
    expect(got.discoveredVia).toBe("agent.json");
    expect(got.attempts).toEqual([
      { url: `${server.base}/.well-known/agent-card.json`, status: 404 },
      { url: `${server.base}/.well-known/agent.json`, status: 200 },
    ]);
  });

  it("falls back when agent-card.json serves an HTML page", async () => {
    server = await startTestServer({
      "/.well-known/agent-card.json": json("<html></html>", "text/html"),
      "/.well-known/agent.json": json(CARD),
    });
    expect((await fetchCard(server.base, LOOPBACK)).discoveredVia).toBe("agent.json");
  });

  it("reports notFound naming both paths when neither answers", async () => {
    server = await startTestServer({});
    const e = await failure(fetchCard(server.base, LOOPBACK));
    expect(e.code).toBe("notFound");
    expect(e.message).toContain("/.well-known/agent-card.json (HTTP 404)");
    expect(e.message).toContain("/.well-known/agent.json (HTTP 404)");
    expect(e.details.attempts).toHaveLength(2);
  });

  it("fetches a full URL as is, without discovery", async () => {
    server = await startTestServer({ "/cards/main.json": json(CARD) });
    const got = await fetchCard(`${server.base}/cards/main.json`, LOOPBACK);
    expect(got.discoveredVia).toBe("direct");
    expect(server.requests.map((r) => r.url)).toEqual(["/cards/main.json"]);
  });

  it("reports a full URL's 404 as notFound and a 500 as httpStatus", async () => {
    server = await startTestServer({
      "/boom": (_q, s) => {
        s.statusCode = 500;
        s.end();
      },
    });
    expect((await failure(fetchCard(`${server.base}/missing.json`, LOOPBACK))).code).toBe("notFound");
    const e = await failure(fetchCard(`${server.base}/boom`, LOOPBACK));
    expect(e).toMatchObject({ code: "httpStatus", details: { status: 500 } });
  });
});

describe("what is returned and sent", () => {
  it("returns status, content type, size and the SHA-256 of the exact bytes", async () => {
    const body = JSON.stringify(CARD, null, 2) + "\n";
    server = await startTestServer({ "/card": json(body, "application/json; charset=utf-8") });
    const got = await fetchCard(`${server.base}/card`, LOOPBACK);
    expect(got).toMatchObject({ status: 200, contentType: "application/json; charset=utf-8", text: body });
    expect(got.size).toBe(Buffer.byteLength(body));
    expect(got.sha256).toBe(bytesToHex(sha256(new TextEncoder().encode(body))));
  });

  it("sends Accept and User-Agent, and no cookie or credentials even after a Set-Cookie redirect", async () => {
    server = await startTestServer({ "/a": redirect("/b"), "/b": json(CARD) });
    await fetchCard(`${server.base}/a`, LOOPBACK);
    for (const req of server.requests) {
      expect(req.headers.accept).toBe("application/json");
      expect(req.headers["user-agent"]).toMatch(/^parley\/\d+\.\d+\.\d+$/);
      expect(req.headers.cookie).toBeUndefined();
      expect(req.headers.authorization).toBeUndefined();
    }
  });

  it("decompresses a gzip body", async () => {
    server = await startTestServer({
      "/gz": (_q, s) => {
        s.setHeader("content-type", "application/json");
        s.setHeader("content-encoding", "gzip");
        s.end(gzipSync(JSON.stringify(CARD)));
      },
    });
    expect(JSON.parse((await fetchCard(`${server.base}/gz`, LOOPBACK)).text)).toEqual(CARD);
  });
});

describe("content types", () => {
  const table: Array<[string | null, boolean]> = [
    ["application/json", true],
    ["application/json; charset=utf-8", true],
    ["application/a2a-card+json", true],
    ["text/json", true],
    ["text/plain; charset=utf-8", true],
    ["application/octet-stream", true],
    [null, true],
    ["text/html; charset=utf-8", false],
    ["image/png", false],
    ["application/xml", false],
  ];
  it.each(table)("content type %s accepted: %s", async (contentType, ok) => {
    server = await startTestServer({
      "/card": (_q, s) => {
        if (contentType) s.setHeader("content-type", contentType);
        s.end(JSON.stringify(CARD));
      },
    });
    const p = fetchCard(`${server.base}/card`, LOOPBACK);
    if (ok) expect((await p).text).toBe(JSON.stringify(CARD));
    else expect((await failure(p)).code).toBe("notJsonContent");
  });
});

describe("redirects", () => {
  it("follows up to three redirects and lists them", async () => {
    server = await startTestServer({ "/1": redirect("/2"), "/2": redirect("/3", 301), "/3": redirect("/card", 307), "/card": json(CARD) });
    const got = await fetchCard(`${server.base}/1`, LOOPBACK);
    expect(got.redirects).toEqual([`${server.base}/2`, `${server.base}/3`, `${server.base}/card`]);
    expect(got.finalUrl).toBe(`${server.base}/card`);
  });

  it("refuses a fourth redirect", async () => {
    server = await startTestServer({ "/0": redirect("/1"), "/1": redirect("/2"), "/2": redirect("/3"), "/3": redirect("/card"), "/card": json(CARD) });
    const e = await failure(fetchCard(`${server.base}/0`, LOOPBACK));
    expect(e.code).toBe("tooManyRedirects");
    expect(server.requests.map((r) => r.url)).toEqual(["/0", "/1", "/2", "/3"]);
  });

  const unsafeTargets: Array<[string, CardFetchErrorCode]> = [
    ["http://169.254.169.254/latest/meta-data/", "blockedAddress"],
    ["http://10.0.0.5/card.json", "blockedAddress"],
    ["http://[::ffff:192.168.0.1]/card.json", "blockedAddress"],
    ["http://0.0.0.0/card.json", "blockedAddress"],
    ["file:///etc/passwd", "blockedScheme"],
    ["ftp://example.com/card.json", "blockedScheme"],
    ["http://user:pw@example.com/card.json", "badUrl"],
  ];
  it.each(unsafeTargets)("refuses a redirect to %s (%s)", async (target, code) => {
    server = await startTestServer({ "/go": redirect(target) });
    const e = await failure(fetchCard(`${server.base}/go`, LOOPBACK));
    expect(e.code).toBe(code);
    expect(server.requests).toHaveLength(1);
  });

  it("re-resolves and re-checks a redirect to another host name", async () => {
    server = await startTestServer({ "/go": redirect("http://internal.test/card.json") });
    const resolveHost = async (host: string) =>
      host === "internal.test" ? [{ address: "192.168.10.20", family: 4 }] : [{ address: "127.0.0.1", family: 4 }];
    const e = await failure(fetchCard(`http://start.test:${server.port}/go`, { ...LOOPBACK, resolveHost }));
    expect(e).toMatchObject({ code: "noPublicAddress", details: { host: "internal.test", address: "192.168.10.20" } });
    expect(e.message).not.toContain("192.168");
    expect(server.requests.map((r) => r.url)).toEqual(["/go"]);
  });
});

describe("address checks at connect time", () => {
  it("refuses loopback by default, naming the address the user typed", async () => {
    server = await startTestServer({ "/card": json(CARD) });
    const e = await failure(fetchCard(`${server.base}/card`));
    expect(e.code).toBe("blockedAddress");
    expect(e.message).toContain("127.0.0.1 is a loopback address");
    expect(server.requests).toHaveLength(0);
  });

  it("with loopback allowed, still refuses the NAT64 form of 127.0.0.1 (a translator's loopback, not this machine's)", async () => {
    const e = await failure(fetchCard("http://[64:ff9b::7f00:1]/card", LOOPBACK));
    expect(e.code).toBe("blockedAddress");
    expect(e.message).toContain("64:ff9b::7f00:1");
  });

  it("reads no environment variable: loopback is allowed only when the caller says so", async () => {
    server = await startTestServer({ "/card": json(CARD) });
    process.env.PARLEY_ALLOW_LOOPBACK_FETCH = "1";
    try {
      expect((await failure(fetchCard(`${server.base}/card`))).code).toBe("blockedAddress");
    } finally {
      delete process.env.PARLEY_ALLOW_LOOPBACK_FETCH;
    }
    expect((await fetchCard(`${server.base}/card`, LOOPBACK)).status).toBe(200);
  });

  it("refuses a name that resolves to loopback (localhost) without naming the address", async () => {
    server = await startTestServer({ "/card": json(CARD) });
    const e = await failure(fetchCard(`http://localhost:${server.port}/card`));
    expect(e.code).toBe("noPublicAddress");
    expect(e.message).toBe(
      "The host localhost has no public address (it may not exist, or it may point into a private network); card fetches only go to public addresses.",
    );
    expect(server.requests).toHaveLength(0);
  });

  it("says the same thing for a name that resolves privately and one that does not resolve", async () => {
    const privately = await failure(fetchCard("http://priv.test/card", { resolveHost: async () => [{ address: "10.0.0.1", family: 4 }] }));
    const nowhere = await failure(
      fetchCard("http://priv.test/card", {
        resolveHost: async () => {
          throw Object.assign(new Error("getaddrinfo ENOTFOUND priv.test"), { code: "ENOTFOUND" });
        },
      }),
    );
    expect(privately.code).toBe("noPublicAddress");
    expect(nowhere.code).toBe(privately.code);
    expect(nowhere.message).toBe(privately.message);
    expect(privately.message).not.toContain("10.0.0.1");
    expect(nowhere.message).not.toMatch(/ENOTFOUND|getaddrinfo/);
    // The server's own log may still tell them apart.
    expect(privately.details.address).toBe("10.0.0.1");
    expect(nowhere.details.cause).toBe("ENOTFOUND");
  });

  it("checks every DNS answer, not only the first (no rebinding through a mixed answer)", async () => {
    server = await startTestServer({ "/card": json(CARD) });
    const e = await failure(
      fetchCard(`http://rebind.test:${server.port}/card`, {
        allowLoopback: true,
        resolveHost: async () => [
          { address: "127.0.0.1", family: 4 },
          { address: "10.1.2.3", family: 4 },
        ],
      }),
    );
    expect(e.code).toBe("noPublicAddress");
    expect(e.details.address).toBe("10.1.2.3");
    expect(server.requests).toHaveLength(0);
  });

  it("connects to the checked address of a resolved name", async () => {
    server = await startTestServer({ "/card": json(CARD) });
    const got = await fetchCard(`http://cards.test:${server.port}/card`, {
      allowLoopback: true,
      resolveHost: async () => [{ address: "127.0.0.1", family: 4 }],
    });
    expect(got.finalUrl).toBe(`http://cards.test:${server.port}/card`);
    expect(server.requests[0]?.headers.host).toBe(`cards.test:${server.port}`);
  });

  it("reports a name that does not resolve as noPublicAddress, naming the host", async () => {
    const e = await failure(
      fetchCard("http://nowhere.test/card", {
        resolveHost: async () => {
          throw Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" });
        },
      }),
    );
    expect(e.code).toBe("noPublicAddress");
    expect(e.message).toContain("nowhere.test");
  });
});

describe("limits", () => {
  it("times out a server that never answers, within the budget", async () => {
    server = await startTestServer({ "/slow": () => undefined });
    // Within the budget: a fetch that ignored it would hang past vitest's timeout (no clock here).
    const e = await failure(fetchCard(`${server.base}/slow`, { ...LOOPBACK, timeoutMs: 300 }));
    expect(e.code).toBe("timeout");
  });

  it("times out a DNS lookup that never answers (the budget covers resolution too)", async () => {
    const e = await failure(fetchCard("https://hangs.test/card", { timeoutMs: 300, resolveHost: () => new Promise(() => {}) }));
    expect(e.code).toBe("timeout");
  });

  it("times out a body that trickles forever", async () => {
    server = await startTestServer({
      "/trickle": (_q, s) => {
        s.setHeader("content-type", "application/json");
        s.write("{");
        const t = setInterval(() => s.write(" "), 50);
        s.once("close", () => clearInterval(t));
      },
    });
    expect((await failure(fetchCard(`${server.base}/trickle`, { ...LOOPBACK, timeoutMs: 300 }))).code).toBe("timeout");
  });

  it("refuses a declared Content-Length over the cap before reading", async () => {
    server = await startTestServer({
      "/big": (_q, s) => {
        s.setHeader("content-type", "application/json");
        s.setHeader("content-length", String(2 * 1024 * 1024));
        s.write("{");
      },
    });
    expect((await failure(fetchCard(`${server.base}/big`, LOOPBACK))).code).toBe("tooLarge");
  });

  it("aborts an endless chunked body as soon as it passes the cap", async () => {
    let sent = 0;
    server = await startTestServer({
      "/endless": (_q, s) => {
        s.setHeader("content-type", "application/json");
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (!s.destroyed && sent < 64 * 1024 * 1024 && s.write(chunk)) sent += chunk.length;
          if (!s.destroyed) s.once("drain", pump);
        };
        pump();
      },
    });
    const e = await failure(fetchCard(`${server.base}/endless`, { ...LOOPBACK, maxBytes: 256 * 1024 }));
    expect(e.code).toBe("tooLarge");
    expect(sent).toBeLessThan(16 * 1024 * 1024);
  });

  it("caps the decompressed size, not the compressed one (gzip bomb)", async () => {
    const bomb = gzipSync(Buffer.alloc(8 * 1024 * 1024, 0x20));
    server = await startTestServer({
      "/bomb": (_q, s) => {
        s.setHeader("content-type", "application/json");
        s.setHeader("content-encoding", "gzip");
        s.end(bomb);
      },
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect((await failure(fetchCard(`${server.base}/bomb`, LOOPBACK))).code).toBe("tooLarge");
  });

  it("caps a brotli bomb's decoded size too", async () => {
    const bomb = brotliCompressSync(Buffer.alloc(16 * 1024 * 1024, 0x20));
    server = await startTestServer({
      "/br": (_q, s) => {
        s.setHeader("content-type", "application/json");
        s.setHeader("content-encoding", "br");
        s.end(bomb);
      },
    });
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect((await failure(fetchCard(`${server.base}/br`, LOOPBACK))).code).toBe("tooLarge");
  });

  it("caps the bytes on the wire of a compressed body that decodes to almost nothing", async () => {
    // Thousands of empty gzip members: over a MiB sent, zero bytes decoded.
    const empty = gzipSync(Buffer.alloc(0));
    const members = Buffer.concat(Array.from({ length: Math.ceil((1.2 * 1024 * 1024) / empty.length) }, () => empty));
    server = await startTestServer({
      "/empty": (_q, s) => {
        s.setHeader("content-type", "application/json");
        s.setHeader("content-encoding", "gzip");
        s.end(members);
      },
    });
    expect((await failure(fetchCard(`${server.base}/empty`, LOOPBACK))).code).toBe("tooLarge");
  });

  it("refuses an unknown content encoding without echoing the header", async () => {
    server = await startTestServer({
      "/zz": (_q, s) => {
        s.setHeader("content-type", "application/json");
        s.setHeader("content-encoding", "x-evil<b>");
        s.end("{}");
      },
    });
    const e = await failure(fetchCard(`${server.base}/zz`, LOOPBACK));
    expect(e.code).toBe("network");
    expect(e.message).not.toContain("x-evil");
  });

  it("names a content type only when it is a plain media type", async () => {
    server = await startTestServer({
      "/html": json("<p>", "text/html; charset=utf-8"),
      "/odd": json("<p>", "text/html<script>alert(1)</script>"),
    });
    expect((await failure(fetchCard(`${server.base}/html`, LOOPBACK))).message).toContain("text/html content, not JSON");
    const odd = await failure(fetchCard(`${server.base}/odd`, LOOPBACK));
    expect(odd.code).toBe("notJsonContent");
    expect(odd.message).not.toContain("script");
  });

  it("makes at most five outbound requests per call, discovery and redirects together", async () => {
    server = await startTestServer({
      "/.well-known/agent-card.json": redirect("/a1"),
      "/a1": redirect("/a2"),
      "/a2": redirect("/a3"),
      "/a3": (_q, s) => {
        s.statusCode = 404;
        s.end();
      },
      "/.well-known/agent.json": redirect("/b1"),
      "/b1": redirect("/b2"),
      "/b2": json(CARD),
    });
    const e = await failure(fetchCard(server.base, LOOPBACK));
    expect(e.code).toBe("tooManyRedirects");
    expect(e.message).toContain("at most 5");
    expect(server.requests).toHaveLength(5);
  });

  it("says in plain words when the answer is not HTTP, never the parser's code", async () => {
    const raw = net.createServer((socket) => socket.end("SSH-2.0-OpenSSH_9.6\r\n\r\n"));
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
    try {
      const port = (raw.address() as net.AddressInfo).port;
      const e = await failure(fetchCard(`http://127.0.0.1:${port}/card`, LOOPBACK));
      expect(e.code).toBe("network");
      expect(e.message).toBe("The fetch failed: the server's answer is not valid HTTP.");
      expect(e.details.cause).toMatch(/^HPE_/);
    } finally {
      raw.close();
    }
  });

  it("reports a refused connection as a network error", async () => {
    server = await startTestServer({});
    const port = server.port;
    await server.close();
    server = undefined;
    const e = await failure(fetchCard(`http://127.0.0.1:${port}/card`, LOOPBACK));
    expect(e.code).toBe("network");
    expect(e.message).toContain("refused");
  });
});

describe("bad URLs", () => {
  const table: Array<[string, CardFetchErrorCode]> = [
    ["", "badUrl"],
    ["   ", "badUrl"],
    ["http://", "badUrl"],
    ["https://exa mple.com/", "badUrl"],
    ["http://user:secret@example.com/", "badUrl"],
    ["https://:secret@example.com/card.json", "badUrl"],
    [`https://example.com/${"a".repeat(3000)}`, "badUrl"],
    ["file:///etc/passwd", "blockedScheme"],
    ["ftp://example.com/card.json", "blockedScheme"],
    ["javascript:alert(1)", "blockedScheme"],
    ["data:application/json,{}", "blockedScheme"],
    ["gopher://127.0.0.1:6379/_INFO", "blockedScheme"],
    ["http://127.0.0.1/", "blockedAddress"],
    ["http://2130706433/", "blockedAddress"],
    ["http://0x7f.1/", "blockedAddress"],
    ["http://[::1]/", "blockedAddress"],
    ["http://169.254.169.254/latest/meta-data/", "blockedAddress"],
    ["http://[fd00:ec2::254]/", "blockedAddress"],
    ["192.168.1.1", "blockedAddress"],
  ];
  it.each(table)("%s → %s, without sending anything", async (input, code) => {
    const e = await failure(fetchCard(input, { timeoutMs: 1000 }));
    expect(e.code).toBe(code);
    expect(e.message.length).toBeGreaterThan(10);
    expect(e.message).not.toContain("secret");
  });
});

describe("the answer's encoding", () => {
  /** Raw bytes, as a server in another encoding sends them. */
  const bytes = (body: Buffer, contentType = "application/json"): Route => (_req, res) => {
    res.setHeader("content-type", contentType);
    res.end(body);
  };
  // {"name": "Café"} in Latin-1: é is the single byte 0xE9, which does not begin a UTF-8 character here.
  const latin1 = Buffer.from('{"name": "Caf\u00e9"}', "latin1");

  it("refuses a card that is not UTF-8, where it breaks, instead of reading it with replacement characters", async () => {
    server = await startTestServer({ "/card.json": bytes(latin1) });
    const e = await failure(fetchCard(`${server.base}/card.json`, LOOPBACK));
    expect(e.code).toBe("notUtf8");
    expect(e.message).toBe(`${server.base}/card.json answered with text that is not UTF-8: byte 13 (counting from 0) does not begin a valid UTF-8 character. A card is JSON in UTF-8.`);
  });

  it("reads UTF-8 with a byte order mark, without the mark", async () => {
    server = await startTestServer({ "/card.json": bytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(JSON.stringify(CARD))])) });
    const got = await fetchCard(`${server.base}/card.json`, LOOPBACK);
    expect(got.text).toBe(JSON.stringify(CARD));
    expect(got.size).toBe(JSON.stringify(CARD).length + 3);
  });

  it("moves discovery on past an answer that is not UTF-8, and names it if nothing else is found", async () => {
    server = await startTestServer({ "/.well-known/agent-card.json": bytes(latin1, "text/plain"), "/.well-known/agent.json": json(CARD) });
    expect((await fetchCard(server.base, LOOPBACK)).discoveredVia).toBe("agent.json");
    await server.close();
    server = await startTestServer({ "/.well-known/agent-card.json": bytes(latin1, "text/plain") });
    const e = await failure(fetchCard(server.base, LOOPBACK));
    expect(e.code).toBe("notFound");
    expect(e.message).toContain("/.well-known/agent-card.json (text that is not UTF-8)");
  });
});
