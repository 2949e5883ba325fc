import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./fixtures";
import { startLocalServer } from "./local-server";
import { startAgent } from "../reality/agents";
import { bringUpRichEditor, expectDecision, pasteCard } from "./workspace-helpers";

/** A plain text agent: valid, unsigned, no security, one JSON-RPC interface. */
const TEXT_DESK = JSON.parse(readFileSync("examples/cards/text-desk.json", "utf8")) as Record<string, unknown>;
/** The same card with its streaming flag written as a number: a conforming client refuses it. */
const BROKEN = JSON.stringify({ ...TEXT_DESK, name: "Half-typed Desk", capabilities: { streaming: 7, pushNotifications: false } }, null, 2);

let server: Awaited<ReturnType<typeof startLocalServer>>;

test.beforeAll(async () => {
  server = await startLocalServer((request, response) => {
    if (request.url === "/.well-known/agent-card.json" || request.url === "/.well-known/desk/agent-card.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(JSON.stringify(TEXT_DESK, null, 2));
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not here");
    }
  });
});

test.afterAll(() => server.close());

async function openCheck(page: Page): Promise<void> {
  await page.goto("/check");
  await expect(page.getByTestId("check-empty")).toBeVisible();
  await bringUpRichEditor(page);
}

test("a pasted card with an error: said first, located in the editor, and every preset rejects it", async ({ page }) => {
  await openCheck(page);
  await expect(page.getByRole("link", { name: "Card check" })).toHaveAttribute("aria-current", "page");
  await pasteCard(page, BROKEN);
  const report = page.getByTestId("lint-report");
  await expect(report).toHaveAttribute("data-status", "invalid");
  await expect(page.getByTestId("check-status")).toHaveText("The card is not valid: a conforming client refuses it, and every preset rejects it.");
  const problem = page.getByTestId("check-problems").locator('li[data-code="wrongType"]');
  await expect(problem).toContainText("capabilities.streaming must be a boolean, found a number.");
  await expect(problem).toHaveAttribute("data-severity", "error");
  // The pointer shows its field in the editor, as the workspace's evidence does.
  await problem.getByRole("button", { name: "Show /capabilities/streaming in the editor" }).click();
  await expect(page.getByTestId("card-editor").locator(".cm-parley-highlight")).toHaveText('"streaming": 7');
  for (const id of ["northwind", "a2a-python", "a2a-js", "full-sdk"]) await expect(page.getByTestId(`preset-${id}`)).toHaveAttribute("data-worst", "reject");
  await expect(page.getByTestId("check-works-for")).toContainText("No preset");
});

test("a fetched card: fine, which presets it works for, rule links, and a preset opened in the workspace (by keyboard)", async ({ page, context }) => {
  await openCheck(page);
  await page.getByLabel(/Fetch from URL/).fill(server.url);
  await page.getByRole("button", { name: "Fetch" }).click();
  await expect(page.getByTestId("fetch-details")).toContainText("/.well-known/agent-card.json");
  const report = page.getByTestId("lint-report");
  await expect(report).toHaveAttribute("data-status", "clean");
  await expect(page.getByTestId("check-signature")).toContainText("Signature: Not signed.");
  const python = page.getByTestId("preset-a2a-python");
  await expect(python).toHaveAttribute("data-worst", "accept");
  await expect(page.getByTestId("preset-a2a-python-live-input")).toHaveAttribute("data-outcome", "not-for-client");
  await expect(page.getByTestId("check-works-for")).toContainText("A2A Python SDK client");
  // The gRPC backend cannot reach a JSON-RPC-only card: the rule behind it links to its page.
  const grpc = page.getByTestId("preset-grpc-backend");
  await expect(grpc).toHaveAttribute("data-worst", "reject");
  await expect(grpc.getByRole("link", { name: "shared-transport" }).first()).toHaveAttribute("href", "/rules/shared-transport");

  const open = python.getByRole("button", { name: "Open in the workspace with A2A Python SDK client" });
  await open.focus();
  const [workspace] = await Promise.all([context.waitForEvent("page"), page.keyboard.press("Enter")]);
  await workspace.waitForLoadState();
  await expect(workspace.getByTestId("card-editor")).toContainText("Fabrikam Text Desk");
  await expectDecision(workspace, "request-response", "accept");
  // Under the Python preset, not the workspace's default Northwind profile (which rejects live input).
  await expectDecision(workspace, "live-input", "not-for-client");
  await expect(page.getByTestId("check-open-notice")).toContainText("The review with A2A Python SDK client opened in a new tab");
});

test("on a 390 px phone the check fits: the card first, then the report, no sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openCheck(page);
  await pasteCard(page, BROKEN);
  await expect(page.getByTestId("lint-report")).toHaveAttribute("data-status", "invalid");
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The card comes first, the report under it.
  const editorBox = await page.getByTestId("card-editor").boundingBox();
  const reportBox = await page.getByTestId("lint-report").boundingBox();
  expect(editorBox && reportBox && editorBox.y + editorBox.height <= reportBox.y).toBe(true);
  for (const testId of ["check-problems", "preset-northwind-buffering"]) {
    const box = await page.getByTestId(testId).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390, testId).toBe(true);
  }
});

test("a card fetched from VoltAgent's per-agent path: the presets whose clients will not find it there are named", async ({ page }) => {
  await openCheck(page);
  await page.getByLabel(/Fetch from URL/).fill(`${server.url}/.well-known/desk/agent-card.json`);
  await page.getByRole("button", { name: "Fetch" }).click();
  // One warning per set of card paths: the SDK presets' (agent-card.json), and text-only's (which also reads agent.json).
  const problems = page.getByTestId("check-problems").locator('li[data-code="cardNotWhereClientLooks"]');
  await expect(problems).toHaveCount(2);
  const sdk = problems.filter({ hasText: "A2A JS SDK client (Node)" });
  await expect(sdk).toContainText("This client will not find this card");
  await expect(sdk).toContainText(`${server.url}/.well-known/agent-card.json`);
  await expect(page.getByTestId("lint-report")).toHaveAttribute("data-status", "warnings");
});

test("a fetched card's interfaces asked live: a dead one the SDK picks is a contradiction of the card, and nothing is created", async ({ page }) => {
  const agent = await startAgent({ name: "half dead", bindings: ["JSONRPC", "HTTP+JSON"], lies: { deadFirstInterface: true } });
  try {
    await openCheck(page);
    await page.getByLabel(/Fetch from URL/).fill(agent.cardUrl);
    await page.getByRole("button", { name: "Fetch", exact: true }).click();
    await expect(page.getByTestId("lint-report")).toHaveAttribute("data-status", "clean");
    const live = page.getByTestId("check-live");
    await live.getByRole("button", { name: "Ask the interfaces" }).click();
    await expect(page.getByTestId("lint-report")).toHaveAttribute("data-status", "live-problems");
    await expect(page.getByTestId("check-status")).toHaveText("The card is valid, but the live agent contradicts it.");
    await expect(live.getByTestId("live-interface-0")).toHaveAttribute("data-reachable", "false");
    await expect(live.getByTestId("live-interface-1")).toHaveAttribute("data-reachable", "true");
    const problem = live.getByTestId("check-live-problems").locator('li[data-code="liveInterfaceUnreachable"]');
    await expect(problem).toContainText("Interface 0");
    await expect(problem).toContainText("the SDK picks it and never tries another");
    await problem.getByRole("button", { name: "Show /supportedInterfaces/0/url in the editor" }).click();
    await expect(page.getByTestId("card-editor").locator(".cm-parley-highlight")).toContainText("nothing-here");
    expect(agent.log.messages).toEqual([]);
  } finally {
    await agent.close();
  }
});
