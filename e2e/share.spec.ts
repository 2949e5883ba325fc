import { expect, test, type Browser, type BrowserContext, type Page } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { ENGINE_VERSION, NORTHWIND } from "../lib/negotiation";
import { encodeLiveLink, encodeReviewLink } from "../lib/share";
import { craftLinkV2, snapshotPayload } from "../lib/share/v1-reference.testkit";
import { startLocalServer } from "./local-server";
import { expectDecision, matrix, openWorkspace, TASK_CLASSES } from "./workspace-helpers";

// Review links: made in one browser, opened in another (a fresh context shares nothing but the URL).

const CLIPBOARD = ["clipboard-read", "clipboard-write"];
const STREAMING_CONTOSO = CONTOSO.text.replace('"streaming": false', '"streaming": true');

let server: Awaited<ReturnType<typeof startLocalServer>>;
let vendor: string;
let servedCard = CONTOSO.text;
let vendorDown = false;

test.beforeAll(async () => {
  // A vendor whose card can change between making a live link and opening it.
  server = await startLocalServer((request, response) => {
    if (vendorDown) {
      response.writeHead(503, { "content-type": "text/plain" });
      response.end("down for maintenance");
    } else if (request.url === "/.well-known/agent-card.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(servedCard);
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not here");
    }
  });
  vendor = server.url;
});

test.afterAll(() => server.close());

async function freshContext(browser: Browser, baseURL: string | undefined): Promise<BrowserContext> {
  return browser.newContext({ baseURL, permissions: CLIPBOARD });
}

/** Clicks a copy button and returns what reached the clipboard, after the polite "Copied" announcement. */
async function copy(page: Page, button: string): Promise<string> {
  await page.getByRole("button", { name: button, exact: true }).click();
  await expect(page.getByTestId("share-status")).toContainText("Copied");
  return page.evaluate(() => navigator.clipboard.readText());
}

async function decisionsOf(page: Page): Promise<Record<string, string | null>> {
  await expect(matrix(page)).toBeVisible();
  return page
    .locator("[data-testid^='decision-']")
    .evaluateAll((cells) => Object.fromEntries(cells.map((c) => [c.getAttribute("data-testid"), c.getAttribute("data-decision")])));
}

test("a snapshot link reopens the same review in a fresh browser, and leaves the address bar on the first edit", async ({
  browser,
  baseURL,
}) => {
  const maker = await freshContext(browser, baseURL);
  const page = await maker.newPage();
  await openWorkspace(page);
  // Not the default review: a renamed profile with no callback listener, and a task history.
  await page.getByTestId("profile-form").getByLabel("Name").fill("On-call triage client");
  await page.getByLabel("Runs a listener").selectOption("no");
  await page.getByLabel("Prior task history").check();
  await expectDecision(page, "live-input", "defer");
  const before = await decisionsOf(page);
  expect(Object.keys(before)).toHaveLength(TASK_CLASSES.length);

  const link = await copy(page, "Copy link");
  // The open cell rides in the query (class, cell); the review itself in the fragment.
  expect(link).toMatch(new RegExp(`^${baseURL}/(\\?class=[a-z-]+&cell=[a-z0-9-]+)?#v1\\.[A-Za-z0-9_-]+$`));
  await maker.close();

  const opener = await freshContext(browser, baseURL);
  const other = await opener.newPage();
  await other.goto(link);
  await expect(other.getByTestId("link-notice")).toHaveAttribute("data-notice", "snapshot");
  await expect(other.getByTestId("link-notice")).toContainText(`engine ${ENGINE_VERSION}`);
  expect(await decisionsOf(other)).toEqual(before);
  await expect(other.getByTestId("card-editor")).toContainText("Contoso Voice Desk");
  await expect(other.getByTestId("profile-form").getByLabel("Name")).toHaveValue("On-call triage client");
  await expect(other.getByLabel("Prior task history")).toBeChecked();
  // Same card bytes, profile, context, task classes, decisions and engine: the very same link.
  expect(await copy(other, "Copy link")).toBe(link);
  // Once the open cell is restored, its query leaves the address bar; the review's fragment stays.
  const opened = link.replace(/\?[^#]*/, "");
  expect(other.url()).toBe(opened);

  // An in-page anchor (the skip link) is not a link: the review stays, and Back returns to the link.
  await other.evaluate(() => {
    window.location.hash = "review-heading";
  });
  await expect.poll(() => new URL(other.url()).hash).toBe("#review-heading");
  await other.goBack();
  expect(other.url()).toBe(opened);
  await expect(other.getByTestId("link-notice")).toHaveAttribute("data-notice", "snapshot");
  await expect(other.getByTestId("profile-form").getByLabel("Name")).toHaveValue("On-call triage client");
  expect(await decisionsOf(other)).toEqual(before);

  // The first edit takes the link out of the address bar; a reload then opens the plain workspace.
  await other.getByLabel("Prior task history").uncheck();
  await expect.poll(() => new URL(other.url()).hash).toBe("");
  await expect(other.getByTestId("link-notice")).toContainText("edited the review since");
  await other.reload();
  await expect(other.getByTestId("review-matrix")).toBeVisible();
  await expect(other.getByTestId("link-notice")).toHaveCount(0);
  await expectDecision(other, "live-input", "reject");
  await opener.close();
});

test("a live link opened after the card changed shows the drift and the decisions that moved", async ({ browser, baseURL }) => {
  servedCard = CONTOSO.text;
  const maker = await freshContext(browser, baseURL);
  const page = await maker.newPage();
  await openWorkspace(page);
  await page.getByLabel(/Fetch from URL/).fill(vendor);
  await page.getByRole("button", { name: "Fetch" }).click();
  await expect(page.getByTestId("fetch-details")).toContainText("agent-card.json answered");
  await expectDecision(page, "live-input", "reject");
  const live = await copy(page, "Copy live link");
  await maker.close();

  servedCard = STREAMING_CONTOSO;
  const opener = await freshContext(browser, baseURL);
  const other = await opener.newPage();
  await other.goto(live);
  const notice = other.getByTestId("link-notice");
  await expect(notice).toHaveAttribute("data-notice", "live");
  await expect(notice).toContainText("the card has drifted");
  await expect(notice).toContainText("The card has changed since the link was made");
  await expect(other.getByTestId("link-moves")).toContainText("live-input: reject → accept");
  await expectDecision(other, "live-input", "accept");
  await expect(other.getByTestId("fetch-details")).toContainText(`${vendor}/.well-known/agent-card.json`);

  // The same link with the card as it was: no drift claimed.
  servedCard = CONTOSO.text;
  await other.goto("about:blank");
  await other.goto(live);
  await expect(notice).toContainText("no drift");
  await expect(notice).toContainText("No decision moved.");
  await opener.close();
});

test("a live link whose card cannot be fetched keeps its profile, loads no card and offers to fetch again", async ({ page }) => {
  const renamed = { ...NORTHWIND, name: "Live-link client" };
  const fragment = encodeLiveLink({ cardUrl: `${vendor}/.well-known/agent-card.json`, profile: renamed, context: {}, engineVersion: ENGINE_VERSION });
  servedCard = CONTOSO.text;
  vendorDown = true;
  try {
    await page.goto(`/#${fragment}`);
    const notice = page.getByTestId("link-notice");
    await expect(notice).toHaveAttribute("data-notice", "fetchFailed");
    await expect(notice).toContainText(`could not be fetched from ${vendor}/.well-known/agent-card.json`);
    await expect(page.getByTestId("no-card")).toBeVisible();
    await expect(page.getByTestId("profile-form").getByLabel("Name")).toHaveValue("Live-link client");

    // The vendor is back: fetching again opens the review, with the link's profile.
    vendorDown = false;
    await page.getByRole("button", { name: "Fetch again" }).click();
    await expect(notice).toHaveAttribute("data-notice", "live");
    await expect(notice).toContainText("nothing to compare");
    await expect(page.getByTestId("profile-form").getByLabel("Name")).toHaveValue("Live-link client");
    await expectDecision(page, "live-input", "reject");
  } finally {
    vendorDown = false;
  }
});

test("a link made with another engine version shows both versions and the decision that differs", async ({ page }) => {
  const fragment = encodeReviewLink({
    cardText: CONTOSO.text,
    profile: NORTHWIND,
    context: {},
    taskClasses: ["request-response", "live-input"],
    engineVersion: "0.0.1",
    // What a (hypothetical) older engine decided: live input accepted.
    decisions: { "request-response": "accept", "live-input": "accept" },
  });
  await page.goto(`/#${fragment}`);
  const notice = page.getByTestId("link-notice");
  await expect(notice).toContainText(`Made with engine 0.0.1, you run ${ENGINE_VERSION}; 1 decision differs.`);
  await expect(page.getByTestId("link-moves")).toHaveText("live-input: accept → reject");
  await expectDecision(page, "live-input", "reject");
  // Only the task classes the link reviewed.
  await expect(matrix(page).locator("tbody tr")).toHaveCount(2);

  const same = encodeReviewLink({
    cardText: CONTOSO.text,
    profile: NORTHWIND,
    context: {},
    taskClasses: ["live-input"],
    engineVersion: "0.0.1",
    decisions: { "live-input": "reject" },
  });
  await page.goto(`/#${same}`);
  await expect(notice).toContainText(`Made with engine 0.0.1, you run ${ENGINE_VERSION}; no decision differs.`);
});

const GOOD = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });
const middle = Math.floor(GOOD.length / 2);
/** A hand-made v2 link (the encoder refuses these) holding `count` acknowledgements. */
function acknowledging(count: number): string {
  const state = { kind: "snapshot", engineVersion: ENGINE_VERSION, profile: NORTHWIND, context: {}, acknowledgements: Array.from({ length: count }, () => ({ invariant: "signed-card", reason: "x" })) };
  return craftLinkV2(snapshotPayload(state, CONTOSO.text));
}
const CORRUPT: [string, string, RegExp][] = [
  ["a changed character", `${GOOD.slice(0, middle)}${GOOD[middle] === "A" ? "B" : "A"}${GOOD.slice(middle + 1)}`, /damaged/],
  ["a link holding 100,000 acknowledgements", acknowledging(100_000), /task classes and acknowledgements in the link take 3\.\d MiB, more than the 64 KiB allowed/],
  ["a link holding 501 acknowledgements", acknowledging(501), /holds 501 acknowledged findings, more than the 500 a review link may hold/],
  ["a link cut short", GOOD.slice(0, 40), /cut short|damaged/],
  ["a link from a newer format", `v9.${GOOD.slice(3)}`, /format v9/],
  ["something that is not a link", "hello-there.", /not a Parley review link/],
];

for (const [what, fragment, message] of CORRUPT) {
  test(`${what} gives a clear message and an empty workspace, and Start fresh recovers`, async ({ page }) => {
    await page.goto(`/#${fragment}`);
    const notice = page.getByTestId("link-notice");
    await expect(notice).toHaveAttribute("data-notice", "failed");
    await expect(notice).toContainText("This review link cannot be opened.");
    await expect(notice).toContainText(message);
    // Empty: no card, no matrix, and not the default example silently in its place.
    await expect(page.getByTestId("no-card")).toBeVisible();
    await expect(matrix(page)).toHaveCount(0);
    await expect(page.getByTestId("card-editor")).not.toContainText("Contoso");
    await expect(page.getByRole("button", { name: "Copy link" })).toBeDisabled();

    await page.getByRole("button", { name: "Dismiss and start fresh" }).click();
    await expect(notice).toHaveCount(0);
    expect(new URL(page.url()).hash).toBe("");
    await expect(page.getByTestId("card-editor")).toContainText("Contoso Voice Desk");
    await expectDecision(page, "live-input", "reject");
  });
}

test("Copy as Markdown gives a decision table with the link, for a ticket", async ({ browser, baseURL }) => {
  const context = await freshContext(browser, baseURL);
  const page = await context.newPage();
  await openWorkspace(page);
  const markdown = await copy(page, "Copy as Markdown");
  const lines = markdown.split("\n");
  expect(lines).toContain("| Task class | Decision | Why |");
  expect(lines).toContain(
    "| Live input (`live-input`) | reject | live-input-needs-streaming cuts the input path for audio/pcm, which live-input requires. |",
  );
  expect(lines.filter((line) => line.startsWith("| ")).length).toBe(TASK_CLASSES.length + 2);
  const link = /\[Open this review in Parley\]\((.+)\)/.exec(markdown)?.[1];
  expect(link).toMatch(new RegExp(`^${baseURL}/(\\?[^#]*)?#v1\\.`));

  // The Markdown's link opens the review it describes.
  await page.goto(link ?? "/");
  await expect(page.getByTestId("link-notice")).toHaveAttribute("data-notice", "snapshot");
  await expectDecision(page, "live-input", "reject");
  await context.close();
});

test("without a usable clipboard the link is shown selected in a read-only field", async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: () => Promise.reject(new DOMException("denied", "NotAllowedError")) },
    });
  });
  await openWorkspace(page);
  await page.getByRole("button", { name: "Copy link", exact: true }).click();
  const field = page.getByTestId("share-fallback");
  await expect(field).toBeVisible();
  await expect(field).toHaveAttribute("readonly", "");
  const value = await field.inputValue();
  expect(value).toMatch(new RegExp(`^${baseURL}/(\\?[^#]*)?#v1\\.`));
  await expect(field).toBeFocused();
  expect(await field.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd])).toEqual([0, value.length]);
  await expect(page.getByTestId("share-status")).toContainText("selected below");
});
