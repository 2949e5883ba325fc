import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { startLocalServer } from "./local-server";

/** A listener a route would reach if another site could make it fetch: it counts every connection. */
export async function startCountingTarget(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const counter = createServer((_q, s) => {
    s.writeHead(200, { "content-type": "application/json" });
    s.end("{}");
  });
  counter.on("connection", () => connections++);
  await new Promise<void>((resolve) => counter.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(counter.address() as AddressInfo).port}/card.json`,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => counter.close(() => resolve())),
  };
}

/**
 * Every way a page on another origin can post to `route` as soon as it loads: form posts in the
 * three encodings a form may use, no-cors fetches, a beacon and a CORS JSON fetch. `body` is the
 * route's JSON; `target` the URL a form names.
 */
export function crossSiteAttempts(route: string, body: string, target: string): Record<string, string> {
  const field = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const post = (options: string) => `<script>fetch(${JSON.stringify(route)},{method:"POST",${options}body:${JSON.stringify(body)}})`;
  return {
    "form text/plain": `<form method="post" enctype="text/plain" action="${route}"><input name="${field(body.slice(0, -2))}" value="${field(body.slice(-2))}"></form><script>document.forms[0].submit()</script>`,
    "form urlencoded": `<form method="post" action="${route}"><input name="url" value="${field(target)}"></form><script>document.forms[0].submit()</script>`,
    "form multipart": `<form method="post" enctype="multipart/form-data" action="${route}"><input name="url" value="${field(target)}"></form><script>document.forms[0].submit()</script>`,
    "no-cors fetch, text/plain": `${post(`mode:"no-cors",headers:{"content-type":"text/plain"},`)}.finally(()=>document.title="sent")</script>`,
    "no-cors fetch, no type": `${post(`mode:"no-cors",`)}.finally(()=>document.title="sent")</script>`,
    "no-cors fetch with credentials": `${post(`mode:"no-cors",credentials:"include",`)}.finally(()=>document.title="sent")</script>`,
    "CORS fetch, application/json": `${post(`headers:{"content-type":"application/json"},`)}.catch(()=>0).finally(()=>document.title="sent")</script>`,
    "beacon, text/plain": `<script>navigator.sendBeacon(${JSON.stringify(route)},${JSON.stringify(body)});document.title="sent"</script>`,
  };
}

/**
 * Opens each attempt as a page on another origin and records what left the browser for `route` and
 * what came back where the browser let us see it (a no-cors answer is blocked by
 * Cross-Origin-Resource-Policy before the page could read it).
 */
export async function postFromAnotherSite(page: Page, route: string, attempts: Record<string, string>): Promise<{ sent: string[]; answered: number[] }> {
  const attacker = await startLocalServer((request, response) => {
    const html = attempts[decodeURIComponent((request.url ?? "/").slice(1))];
    response.writeHead(html ? 200 : 404, { "content-type": "text/html" });
    response.end(html ? `<!doctype html><title>attack</title>${html}` : "");
  });
  const sent: string[] = [];
  const answered: number[] = [];
  page.on("request", (request) => {
    if (request.url() === route) sent.push(request.method());
  });
  page.on("response", (response) => {
    if (response.url() === route && response.request().method() === "POST") answered.push(response.status());
  });
  try {
    for (const name of Object.keys(attempts)) {
      await page.goto(`${attacker.url}/${encodeURIComponent(name)}`);
      await page.waitForTimeout(400);
    }
  } finally {
    await attacker.close();
  }
  return { sent, answered };
}
