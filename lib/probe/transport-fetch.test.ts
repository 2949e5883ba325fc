import { afterEach, describe, expect, it } from "vitest";
import { json, redirect, startTestServer, type TestServer } from "../fetch/test-server";
import { createProbeFetch, parseHeaderFlag } from "./transport-fetch";

// The SDK transports' fetch: the card fetch's address rules, credentials for one origin only, no
// redirect followed, answers capped in bytes and time.
const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function server(routes: Parameters<typeof startTestServer>[0]) {
  const s = await startTestServer(routes);
  servers.push(s);
  return s;
}

describe("createProbeFetch", () => {
  it("sends the credential headers to the card's origin and to no other", async () => {
    const card = await server({ "/a": json({ ok: true }) });
    const other = await server({ "/b": json({ ok: true }) });
    const probeFetch = createProbeFetch({ allowLoopback: true, timeoutMs: 2000, maxBytes: 1024, credentials: { origin: card.base, headers: [["Authorization", "Bearer only-here"]] } });
    expect((await probeFetch(`${card.base}/a`, { method: "POST", body: "{}" })).status).toBe(200);
    expect((await probeFetch(`${other.base}/b`)).status).toBe(200);
    expect(card.requests[0]!.headers.authorization).toBe("Bearer only-here");
    expect(other.requests[0]!.headers.authorization).toBeUndefined();
  });

  it("refuses loopback unless allowed, before connecting", async () => {
    const s = await server({ "/a": json({}) });
    await expect(createProbeFetch({ timeoutMs: 2000, maxBytes: 1024 })(`${s.base}/a`)).rejects.toMatchObject({ code: "blockedAddress" });
    expect(s.requests).toHaveLength(0);
  });

  it("hands a redirect back instead of following it", async () => {
    const target = await server({ "/t": json({}) });
    const s = await server({ "/r": redirect(`${target.base}/t`) });
    const res = await createProbeFetch({ allowLoopback: true, timeoutMs: 2000, maxBytes: 1024 })(`${s.base}/r`);
    expect(res.status).toBe(302);
    expect(target.requests).toHaveLength(0);
  });

  it("caps an answer's bytes and a request's time", async () => {
    const s = await server({
      "/big": (_q, r) => r.end("x".repeat(5000)),
      "/slow": () => undefined,
    });
    const probeFetch = createProbeFetch({ allowLoopback: true, timeoutMs: 300, maxBytes: 1024 });
    await expect((await probeFetch(`${s.base}/big`)).text()).rejects.toMatchObject({ code: "tooLarge" });
    await expect(probeFetch(`${s.base}/slow`)).rejects.toMatchObject({ code: "timeout" });
  });
});

describe("parseHeaderFlag", () => {
  it.each([
    ["Authorization: Bearer x", ["Authorization", "Bearer x"]],
    ["X-API-Key:k", ["X-API-Key", "k"]],
    ["no colon", undefined],
    [": value", undefined],
    ["Bad Name: v", undefined],
    ["Name: line\r\nInjected: yes", undefined],
  ])("%j", (text, expected) => {
    expect(parseHeaderFlag(text)).toEqual(expected);
  });
});
