import { crossSiteAttempts, postFromAnotherSite, startCountingTarget } from "./cross-site";
import { type RunningAgent, startAgent } from "../reality/agents";
import { expect, test } from "./fixtures";
import { recordFigures } from "./figures";
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
  const counter = await startCountingTarget();
  const target = counter.url;
  const route = `${baseURL}/api/probe`;
  const body = JSON.stringify({ url: target, profile: "a2a-js" });
  // Each attempt is a page on another origin that posts to the route as soon as it loads.
  const ATTEMPTS = crossSiteAttempts(route, body, target);
  try {
    const { sent, answered } = await postFromAnotherSite(page, route, ATTEMPTS);
    expect(counter.connections(), "outbound connections caused by another site").toBe(0);
    expect(sent.filter((m) => m === "POST").length).toBeGreaterThanOrEqual(4);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(answered.every((s) => s === 403 || s === 415), `route answered ${answered.join(", ")}`).toBe(true);
    recordFigures("cross-site-probe", {
      attempts: Object.keys(ATTEMPTS).length,
      postsSent: sent.filter((m) => m === "POST").length,
      answersSeen: answered.length,
      outboundConnections: counter.connections(),
    });
  } finally {
    await counter.close();
  }
});
