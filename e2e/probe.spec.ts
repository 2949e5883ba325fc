import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type RunningAgent, startAgent } from "../reality/agents";
import { expect, test } from "./fixtures";
import { recordFigures } from "./figures";
import { startLocalServer } from "./local-server";
import { openWorkspace } from "./workspace-helpers";

// The workspace's "Check against the live agent" against real @a2a-js/sdk servers on loopback
// (the reality kit), and the probe route as another site sees it.

const agents: RunningAgent[] = [];
test.afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

async function fetchIntoWorkspace(page: import("@playwright/test").Page, agent: RunningAgent) {
  await openWorkspace(page);
  await page.getByLabel(/Fetch from URL/).fill(agent.cardUrl);
  await page.getByRole("button", { name: "Fetch", exact: true }).click();
  await expect(page.getByTestId("fetch-details")).toBeVisible();
  return page.getByTestId("live-check");
}

test("a card that claims a stream the server refuses: the check names the field, marks it in the editor, and creates no task", async ({ page }) => {
  const agent = await startAgent({ name: "stream liar", lies: { streamRefused: true } });
  agents.push(agent);
  const check = await fetchIntoWorkspace(page, agent);
  await check.getByRole("button", { name: "Check against the live agent" }).click();
  const result = check.getByTestId("live-check-result");
  await expect(result).toContainText("1 claim of the card contradicted by the agent.");
  const contradiction = check.getByTestId("live-check-contradictions").locator("li");
  await expect(contradiction).toContainText("capabilities.streaming is true; the stream was refused");
  await expect(check.getByTestId("live-check-interfaces")).toContainText("task not found, as it should");
  await expect(check.getByTestId("live-check-classes")).toContainText("streaming-output");
  await contradiction.getByRole("button", { name: "/capabilities/streaming" }).click();
  await expect(page.getByTestId("card-editor").locator(".cm-parley-highlight")).toContainText("true");
  expect(agent.log.messages).toEqual([]);
});

test("an honest agent is confirmed; sending real messages needs a second confirmation and the operator's setting", async ({ page }) => {
  const agent = await startAgent({ name: "honest", bindings: ["JSONRPC", "HTTP+JSON"] });
  agents.push(agent);
  const check = await fetchIntoWorkspace(page, agent);
  await check.getByRole("button", { name: "Check against the live agent" }).click();
  await expect(check.getByTestId("live-check-result")).toContainText("The agent does what its card says");
  await expect(check.getByTestId("live-check-interfaces").locator("tbody tr")).toHaveCount(2);

  await check.getByRole("button", { name: "Also send real messages…" }).click();
  const confirm = check.getByRole("alertdialog");
  await expect(confirm).toContainText("creates real tasks there");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await check.getByRole("button", { name: "Also send real messages…" }).click();
  await check.getByRole("alertdialog").getByRole("button", { name: "Yes, create real tasks" }).click();
  // This server runs without PARLEY_PROBE_SEND: refused, nothing sent.
  await expect(check.getByTestId("live-check-error")).toContainText("sendDisabled");
  expect(agent.log.messages).toEqual([]);
});

test("another site's form posts and fetches at the probe route make the server call nothing", async ({ page, baseURL }) => {
  let connections = 0;
  const counter: Server = createServer((_q, s) => {
    s.writeHead(200, { "content-type": "application/json" });
    s.end("{}");
  });
  counter.on("connection", () => connections++);
  await new Promise<void>((resolve) => counter.listen(0, "127.0.0.1", resolve));
  const target = `http://127.0.0.1:${(counter.address() as AddressInfo).port}/card.json`;
  const route = `${baseURL}/api/probe`;
  const body = JSON.stringify({ url: target, profile: "a2a-js" });
  const field = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const ATTEMPTS: Record<string, string> = {
    "form text/plain": `<form method="post" enctype="text/plain" action="${route}"><input name="${field(body.slice(0, -2))}" value="${field(body.slice(-2))}"></form><script>document.forms[0].submit()</script>`,
    "form urlencoded": `<form method="post" action="${route}"><input name="url" value="${field(target)}"></form><script>document.forms[0].submit()</script>`,
    "no-cors fetch, text/plain": `<script>fetch(${JSON.stringify(route)},{method:"POST",mode:"no-cors",headers:{"content-type":"text/plain"},body:${JSON.stringify(body)}}).finally(()=>document.title="sent")</script>`,
    "CORS fetch, application/json": `<script>fetch(${JSON.stringify(route)},{method:"POST",headers:{"content-type":"application/json"},body:${JSON.stringify(body)}}).catch(()=>0).finally(()=>document.title="sent")</script>`,
    "beacon, text/plain": `<script>navigator.sendBeacon(${JSON.stringify(route)},${JSON.stringify(body)});document.title="sent"</script>`,
  };
  const attacker = await startLocalServer((request, response) => {
    const html = ATTEMPTS[decodeURIComponent((request.url ?? "/").slice(1))];
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
    for (const name of Object.keys(ATTEMPTS)) {
      await page.goto(`${attacker.url}/${encodeURIComponent(name)}`);
      await page.waitForTimeout(400);
    }
    expect(connections, "outbound connections caused by another site").toBe(0);
    expect(sent.filter((m) => m === "POST").length).toBeGreaterThanOrEqual(4);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(answered.every((s) => s === 403 || s === 415), `route answered ${answered.join(", ")}`).toBe(true);
    recordFigures("cross-site-probe", {
      attempts: Object.keys(ATTEMPTS).length,
      postsSent: sent.filter((m) => m === "POST").length,
      answersSeen: answered.length,
      outboundConnections: connections,
    });
  } finally {
    await attacker.close();
    await new Promise((resolve) => counter.close(resolve));
  }
});
