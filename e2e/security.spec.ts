import { crossSiteAttempts, postFromAnotherSite, startCountingTarget } from "./cross-site";
import { expect, test } from "./fixtures";
import { recordFigures } from "./figures";
import { startLocalServer } from "./local-server";

// The headers every page and route carries, framing, and the fetch route as another site sees it.

const PAGES = ["/", "/check", "/explain", "/rule", "/rules", "/rules/live-input-needs-streaming", "/rules/no-such-rule", "/no-such-page"];
const ROUTES = ["/api/health", "/icon.svg"];

test("every page and route carries the security headers, and no X-Powered-By", async ({ request }) => {
  const scriptSrcs: string[] = [];
  for (const path of [...PAGES, ...ROUTES]) {
    const response = await request.get(path);
    const headers = response.headers();
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("no-referrer");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    expect(headers["x-powered-by"], path).toBeUndefined();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toMatch(/unsafe-inline|unsafe-eval/);
    if (PAGES.includes(path)) {
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect(scriptSrc, path).toMatch(/'nonce-[A-Za-z0-9+/=]{24}' 'strict-dynamic'/);
      scriptSrcs.push(scriptSrc);
      // Next put this response's nonce on its scripts.
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
      expect(await response.text(), path).toContain(`nonce="${nonce}"`);
    }
  }
  expect(new Set(scriptSrcs).size, "a fresh nonce per response").toBe(scriptSrcs.length);
  // A static chunk is served with nosniff too.
  const html = await (await request.get("/")).text();
  const chunk = /src="(\/_next\/static\/[^"]+\.js)"/.exec(html)![1]!;
  expect((await request.get(chunk)).headers()["x-content-type-options"]).toBe("nosniff");
});

test("the trailing-slash redirect carries the security headers too, and stays on this origin", async ({ request, baseURL }) => {
  // Issue 41: Next's own 308 went out before its configured headers applied, with none of them.
  for (const [path, target] of [
    ["/explain/", "/explain"],
    ["/rules/live-input-needs-streaming/?x=1", "/rules/live-input-needs-streaming?x=1"],
    // Repeated slashes are collapsed first (a path on this origin, never a protocol-relative address).
    ["//other.example/", "/other.example/"],
  ] as const) {
    // Against the server itself: a bare "//other.example/" would be read as another host by the client.
    const response = await request.get(`${baseURL}${path}`, { maxRedirects: 0 });
    const headers = response.headers();
    expect(response.status(), path).toBe(308);
    expect((headers["location"] ?? "").replace(baseURL!, ""), path).toBe(target);
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("no-referrer");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["cross-origin-opener-policy"], path).toBe("same-origin");
    expect(headers["permissions-policy"], path).toContain("camera=()");
    // The slash redirects proxy.ts makes carry the page policy too (Next's own `//` one has no page to guard).
    if (!path.startsWith("//")) expect(headers["content-security-policy"] ?? "", path).toContain("frame-ancestors 'none'");
  }
});

test("another site cannot frame a page", async ({ page, baseURL }) => {
  const attacker = await startLocalServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html" });
    response.end(`<!doctype html><title>framer</title><iframe id="victim" src="${baseURL}/"></iframe>`);
  });
  try {
    const blocked = page.waitForEvent("console", { predicate: (m) => /frame-ancestors|X-Frame-Options|refused to display/i.test(m.text()), timeout: 10_000 }).catch(() => null);
    await page.goto(attacker.url);
    // The browser's refusal is the event to wait for; then the frame must hold nothing of the page.
    expect(await blocked).not.toBeNull();
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(await frame?.locator("body").textContent().catch(() => "")).not.toContain("Review workspace");
  } finally {
    await attacker.close();
  }
});

test("another site's form posts, no-cors fetches, beacons and JSON fetches make the server fetch nothing", async ({ page, baseURL }) => {
  // The URL each attempt asks Parley to fetch: a listener that counts every connection it gets.
  const counter = await startCountingTarget();
  const target = counter.url;
  const route = `${baseURL}/api/fetch-card`;
  const body = JSON.stringify({ url: target });
  // Each attempt is a page on another origin that posts to the route as soon as it loads.
  const ATTEMPTS = crossSiteAttempts(route, body, target);
  try {
    const { sent, answered } = await postFromAnotherSite(page, route, ATTEMPTS);
    expect(counter.connections(), "outbound connections caused by another site").toBe(0);
    expect(sent.filter((m) => m === "POST").length, `sent: ${sent.join(", ")}`).toBeGreaterThanOrEqual(6);
    expect(answered.length).toBeGreaterThanOrEqual(3);
    expect(answered.every((s) => s === 403 || s === 415), `route answered ${answered.join(", ")}`).toBe(true);
    recordFigures("cross-site", {
      attempts: Object.keys(ATTEMPTS).length,
      postsSent: sent.filter((m) => m === "POST").length,
      answersSeen: answered.length,
      answersThatWereRefusals: answered.filter((s) => s === 403 || s === 415).length,
      outboundConnections: counter.connections(),
    });

    // The control: the same request from the app's own page does reach the listener.
    await page.goto(`${baseURL}/explain`);
    const status = await page.evaluate(
      async ([url, payload]) => (await fetch(url!, { method: "POST", headers: { "content-type": "application/json" }, body: payload })).status,
      [route, body],
    );
    expect(status).toBe(200);
    expect(counter.connections()).toBe(1);
  } finally {
    await counter.close();
  }
});

test("the fetch route limits each client: 429 with Retry-After once the burst is spent", async ({ request, baseURL }) => {
  // A client of its own (the e2e server trusts one proxy hop), so no other journey shares its bucket.
  const client = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
  const headers = { "content-type": "application/json", origin: baseURL!, "x-forwarded-for": client };
  const statuses: number[] = [];
  let limited;
  for (let i = 0; i < 100 && !limited; i++) {
    // A private address: refused by the fetcher without any connection.
    const response = await request.post("/api/fetch-card", { data: { url: "http://10.255.255.1/" }, headers });
    statuses.push(response.status());
    if (response.status() === 429) limited = response;
  }
  expect(limited, `statuses: ${statuses.join(",")}`).toBeDefined();
  expect(statuses.slice(0, -1).every((s) => s === 403)).toBe(true);
  expect(Number(limited!.headers()["retry-after"])).toBeGreaterThanOrEqual(1);
  expect(await limited!.json()).toMatchObject({ code: "rateLimited" });
  // Another client is not affected.
  const other = await request.post("/api/fetch-card", { data: { url: "http://10.255.255.1/" }, headers: { ...headers, "x-forwarded-for": "198.51.100.200" } });
  expect(other.status()).toBe(403);
});
