import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { startLocalServer } from "./local-server";
import { REGISTRY_TOKEN } from "./registry-settings";
import { digestCardText, findPreset, formatDecisionRecord, review } from "../lib/negotiation";

// The Registry page against the second server playwright.config.ts starts (the same build with
// PARLEY_DATABASE_URL on a fresh embedded database): watch an agent on loopback, see its
// decisions, change its card, check now, see the decision change in the history.

const STREAMING = readFileSync("examples/cards/contoso-streaming.json", "utf8");
const PLAIN = readFileSync("examples/cards/contoso.json", "utf8");

test.describe.configure({ timeout: 120_000 });

async function vendor(initial: string) {
  let card = initial;
  const server = await startLocalServer((req, res) => {
    if (req.url === "/.well-known/agent-card.json") {
      res.setHeader("content-type", "application/json");
      res.end(card);
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  return { ...server, setCard: (text: string) => void (card = text) };
}

async function openRegistry(page: Page) {
  await page.goto("/registry");
  // A fresh browser has no session: the page asks for the team token once.
  await page.getByLabel(/needs the team token/).fill(REGISTRY_TOKEN);
  await page.getByRole("button", { name: "Open the registry" }).click();
  await expect(page.getByRole("heading", { name: "Watch an agent" })).toBeVisible();
}

async function watch(page: Page, url: string) {
  const form = page.locator("form", { has: page.getByLabel("Agent URL") });
  await form.getByLabel("Agent URL").fill(url);
  // Three classes, so the card change below moves exactly one decision (live-input).
  await form.getByLabel("Fire and forget").uncheck();
  await form.getByLabel("Streaming output").uncheck();
  await form.getByRole("button", { name: "Watch this agent" }).click();
  await expect(page.getByRole("list", { name: "Watched agents" }).getByRole("button", { name: `${url}/` })).toBeVisible();
}

test("a wrong token is refused with the reason, and the nav links the registry", async ({ page }) => {
  await page.goto("/registry");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Registry" })).toHaveAttribute("aria-current", "page");
  await page.getByLabel(/needs the team token/).fill("not-the-token");
  await page.getByRole("button", { name: "Open the registry" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("that is not the team token");
});

test("watch a loopback agent, see its decisions, change the card, check now, see the event", async ({ page }) => {
  const agent = await vendor(STREAMING);
  try {
    await openRegistry(page);
    await watch(page, agent.url);
    const panel = page.locator("section[aria-labelledby=registry-agent]");
    await expect(panel.getByText(`${agent.url}/`, { exact: true })).toBeVisible();
    const status = panel.getByRole("status");
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(status).toHaveText("Checked: a new card version, no decision changed.");
    const decisions = page.locator("section[aria-labelledby=registry-decisions] > ul > li");
    // Northwind against the streaming card: async-completion is degraded (push behind mTLS), the others accepted; worst first.
    await expect(decisions).toHaveCount(3);
    await expect(decisions.first()).toContainText("async-completion");
    await expect(decisions.first()).toContainText("accept-degraded");
    await expect(decisions.filter({ hasText: "live-input" })).toContainText("accept");
    await expect(page.locator("section[aria-labelledby=registry-history] ol > li")).toHaveCount(1);

    agent.setCard(PLAIN);
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(status).toHaveText("Checked: 1 decision changed.");
    // The rejection is listed first, with the rule behind it.
    await expect(decisions.first()).toContainText("reject");
    await expect(decisions.first()).toContainText("live-input");
    await expect(decisions.first().getByRole("link", { name: "live-input-needs-streaming" })).toBeVisible();
    const timeline = page.getByRole("list", { name: "Card versions and decision changes, newest first" });
    await expect(timeline.locator("> li")).toHaveCount(3);
    await expect(timeline.locator("> li").first()).toContainText("live-input");
    await expect(timeline.locator("> li").first()).toContainText("worse");
    await expect(timeline.locator("> li").first()).toContainText("live-input-needs-streaming");

    // The agents × profiles matrix: the pair's worst decision and how many classes are not accepted.
    const pair = page.getByRole("region", { name: "Agents × profiles, worst decision per pair" }).getByRole("row").filter({ hasText: agent.url });
    await expect(pair).toContainText("reject");
    await expect(pair).toContainText("2 of 3 not accepted");
    // The watched-agents list shows the worst decision too.
    const row = page.getByRole("list", { name: "Watched agents" }).locator("> li", { hasText: agent.url });
    await expect(row.getByRole("list")).toContainText("reject");

    // Acknowledge the finding, by keyboard: it stays shown, marked acknowledged.
    await decisions.first().getByRole("button", { name: /Acknowledge a finding of live-input/ }).click();
    const ack = page.getByRole("form", { name: /Acknowledge a finding of live-input/ });
    await ack.getByLabel("Because (required)").fill("live input goes through the batch bridge");
    await ack.getByLabel("By").fill("e2e");
    await ack.getByLabel("By").press("Enter");
    await expect(decisions.first()).toContainText("acknowledged");
    await expect(decisions.first()).toContainText("reject");

    // Reloaded, the agent from the address comes back with the same history.
    await page.goto(page.url());
    await expect(page.getByRole("list", { name: "Card versions and decision changes, newest first" }).locator("> li")).toHaveCount(3);

    // One click from the decision change to the diff of its two versions.
    await page.getByRole("button", { name: /^Diff the card versions behind live-input accept to reject/ }).click();
    await expect(page).toHaveURL(/\/diff#d1\./);
    await expect(page.getByRole("main")).toContainText("live-input");
    await expect(page.getByRole("main")).toContainText("/capabilities/streaming");
    // And from a stored version to its review in the workspace.
    await page.goBack();
    await page.getByRole("button", { name: /^Review card version/ }).first().click();
    await expect(page).toHaveURL(/\/(\?[^#]*)?#/);
    await expect(page.getByRole("main")).toContainText("live-input");
    // Any two versions: the oldest and the newest are picked to start, one click to their diff.
    await page.goBack();
    const compare = page.getByRole("group", { name: "Compare two card versions" });
    await expect(compare.getByLabel("Older version").locator("option")).toHaveCount(2);
    await compare.getByRole("button", { name: /^Diff card version/ }).click();
    await expect(page).toHaveURL(/\/diff#d1\./);
    await expect(page.getByRole("main")).toContainText("/capabilities/streaming");
  } finally {
    await agent.close();
  }
});

test("/explain finds a record's card in the registry by its digest, checks the record against it, and diffs it with the card served now", async ({ page }) => {
  // A card only the registry has now: the agent has since moved on to another.
  const card = PLAIN.replace("Contoso Voice Desk", "Contoso Voice Desk (registry lookup)");
  const agent = await vendor(card);
  try {
    await openRegistry(page);
    await watch(page, agent.url);
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(page.locator("section[aria-labelledby=registry-agent]").getByRole("status")).toContainText("Checked");
    // Since then the agent serves another card, and the registry has checked it.
    agent.setCard(STREAMING);
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(page.locator("section[aria-labelledby=registry-agent]").getByRole("status")).toHaveText("Checked: 1 decision changed.");

    // A record written without its review link names the card only by digest.
    const js = findPreset("a2a-js")!;
    const record = formatDecisionRecord(review(card, js), "live-input", digestCardText(card));
    expect(record).not.toContain("reviewLink");
    await page.goto("/explain");
    await page.getByLabel("Log lines").fill(record);
    const form = page.getByTestId("record-card-form");
    await expect(form.getByTestId("record-card-check")).toHaveAttribute("data-same", "true");
    await expect(form).toContainText(`the team registry (served at ${agent.url}/`);
    await expect(form.getByTestId("open-review")).toBeVisible();
    await expect(form.getByTestId("record-card-registry")).toHaveCount(0);
    // What changed since: the diff of that card and the one the agent serves now.
    await form.getByTestId("record-card-since").click();
    await expect(page).toHaveURL(/\/diff#d1\./);
    await expect(page.getByRole("main")).toContainText("/capabilities/streaming");
  } finally {
    await agent.close();
  }
});

test("triage starts from the registry: every watched agent's latest card against the profiles they are held to", async ({ page }) => {
  // A card no other journey serves: triage keeps one copy of identical cards.
  const agent = await vendor(JSON.stringify({ ...(JSON.parse(PLAIN) as object), name: `Triage from the registry ${Date.now()}` }));
  try {
    await openRegistry(page);
    await watch(page, agent.url);
    await page.getByRole("button", { name: "Check now" }).click();
    await expect(page.locator("section[aria-labelledby=registry-agent]").getByRole("status")).toHaveText(/^Checked/);
    await page.goto("/triage");
    await page.getByTestId("triage-from-registry").click();
    await expect(page.getByRole("status").filter({ hasText: "From the registry" })).toContainText("pairs the registry does not watch are shown too");
    // The card is labelled by its agent's address; Northwind is among the profiles.
    await expect(page.getByRole("rowheader", { name: new RegExp(`^${agent.url.replace(/[.]/g, "\\.")}/ \\(`) })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Northwind discovery agent" })).toBeVisible();
  } finally {
    await agent.close();
  }
});

test("without PARLEY_DATABASE_URL: no Registry link, and the page and the API say how to turn it on", async ({ page, request }) => {
  // The stateless server the other journeys use (playwright.config.ts).
  const stateless = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100)}`;
  await page.goto(`${stateless}/`);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Rules" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Registry" })).toHaveCount(0);
  await page.goto(`${stateless}/registry`);
  await expect(page.getByRole("heading", { name: "The registry is off on this server" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("PARLEY_DATABASE_URL");
  const api = await request.get(`${stateless}/api/v1/agents`);
  expect(api.status()).toBe(404);
  expect(((await api.json()) as { error: { message: string } }).error.message).toMatch(/Turn it on with PARLEY_DATABASE_URL/);
});

for (const scheme of ["light", "dark"] as const) {
  test(`the page in the ${scheme} theme: no serious accessibility problem, and no sideways scroll at 390 px`, async ({ page }) => {
    const agent = await vendor(PLAIN);
    try {
      await page.emulateMedia({ colorScheme: scheme });
      await openRegistry(page);
      await watch(page, agent.url);
      await page.getByRole("button", { name: "Check now" }).click();
      await expect(page.locator("section[aria-labelledby=registry-agent]").getByRole("status")).toHaveText(/^Checked/);
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
      expect(serious).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.locator("section[aria-labelledby=registry-decisions]")).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    } finally {
      await agent.close();
    }
  });
}
