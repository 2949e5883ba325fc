import { expect, test, type Page } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { ENGINE_VERSION, NORTHWIND, review, writeDecisionRecord } from "../lib/negotiation";
import { encodeReviewLink } from "../lib/share";

// Issue 41 (hardening, round three) and issue 42 item 5, as a user meets them in Chromium: a review
// link whose card has 40,001 signatures, a forged decision record on /explain, a record's review
// one click away on a phone, and a paste past the explainer's limit.

/** The bound on one main-thread task: a frozen tab, not a speed budget (see hostile-links.spec.ts). */
const MAX_TASK_MS = 1_000;

async function recordLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: number[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(entry.duration);
    }).observe({ type: "longtask", buffered: true });
  });
}

async function longestTask(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  return page.evaluate(() => Math.max(0, ...(window as unknown as { __longTasks: number[] }).__longTasks));
}

async function resetLongTasks(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { __longTasks: number[] }).__longTasks = []));
}

const contoso = JSON.parse(CONTOSO.text) as Record<string, unknown>;

test("a short link to a card of 40,001 signatures lists 20 and says the total once", async ({ page }) => {
  const card = JSON.stringify({ ...contoso, signatures: Array.from({ length: 40_001 }, () => ({})) });
  const fragment = encodeReviewLink({ cardText: card, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });
  expect(fragment.length).toBeLessThan(8_000);
  await recordLongTasks(page);
  await page.goto("/");
  await expect(page.getByTestId("review-matrix")).toBeVisible();
  await page.waitForLoadState("networkidle");
  await resetLongTasks(page);
  await page.evaluate((hash) => (window.location.hash = hash), fragment);

  const problems = page.getByTestId("validity-problems");
  await expect(problems).toContainText("39,981 more of this kind (an unverifiable signature), the first at /signatures/20", { timeout: 30_000 });
  // Two kinds grow with this card: its 40,001 unverifiable signatures, and the spec checks' issues
  // with each empty entry (200 read). Each kind is 20 items and one line counting the rest.
  await expect(problems.locator("li")).toHaveCount(42);
  await expect(page.getByTestId("problem-counts")).toContainText("0 errors, 40,201 warnings: 20 of each kind shown, and 40,161 more");
  expect(await longestTask(page)).toBeLessThan(MAX_TASK_MS);
});

const RESULT = review(CONTOSO.text, NORTHWIND);
const DECISIONS = Object.fromEntries(RESULT.decisions.map((d) => [d.taskClass, d.decision]));
const LINK = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION, decisions: DECISIONS });
// What every writer now puts in a record by default: the review as a fragment, no origin.
const RECORD: Record<string, unknown> & { card: Record<string, unknown> } = {
  ...(JSON.parse(writeDecisionRecord(RESULT, "live-input", CONTOSO.text)) as { card: Record<string, unknown> }),
  reviewLink: `#${LINK}`,
};

async function pasteRecord(page: Page, record: object) {
  await page.goto("/explain");
  await page.getByLabel("Log lines").fill(`2026-12-06T19:00:00Z WARN ${JSON.stringify(record)}`);
  return page.getByTestId("log-entry").first();
}

test("a forged record (decision flipped to accept) is said not to match its card, before anything else", async ({ page }) => {
  const entry = await pasteRecord(page, { ...RECORD, decision: "accept", target: undefined });
  const check = entry.getByTestId("record-check");
  await expect(check).toHaveAttribute("data-status", "differs");
  await expect(check).toContainText("the record says accept; the card gives reject for live-input with this engine");
  // The check comes before the record's own explanation.
  const checkBox = (await check.boundingBox())!;
  const headlineBox = (await entry.getByTestId("log-headline").boundingBox())!;
  expect(checkBox.y).toBeLessThan(headlineBox.y);
});

test("a record with a wrong digest is flagged plainly; a genuine one says it was checked", async ({ page }) => {
  const forged = await pasteRecord(page, { ...RECORD, card: { ...RECORD.card, digest: `sha256:${"a".repeat(64)}` } });
  await expect(forged.getByTestId("record-check")).toHaveAttribute("data-status", "digest-mismatch");
  await expect(forged.getByTestId("record-check")).toContainText(`Wrong digest: this record names card sha256:${"a".repeat(64)}`);

  const genuine = await pasteRecord(page, RECORD);
  await expect(genuine.getByTestId("record-check")).toHaveAttribute("data-status", "matches");
  await expect(genuine.getByTestId("record-check")).toContainText("still gives reject for live-input, as the record says");
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a record without --link-base opens its review in one tap, on this origin; the button shows without scrolling", async ({ page, baseURL }) => {
    const entry = await pasteRecord(page, RECORD);
    const open = entry.getByTestId("open-review");
    await expect(open).toBeInViewport();
    await open.click();
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/\\?class=live-input#v1\\.`));
    await expect(page.getByTestId("review-matrix")).toBeVisible();
  });
});

test("a 3 MB paste on /explain is refused with the limit, and the page does not freeze", async ({ page }) => {
  await recordLongTasks(page);
  await page.goto("/explain");
  const box = page.getByLabel("Log lines");
  await expect(box).toBeVisible();
  await page.waitForLoadState("networkidle");
  await resetLongTasks(page);
  await box.focus();
  await page.evaluate(() => {
    const data = new DataTransfer();
    data.setData("text/plain", `${JSON.stringify({ type: "parley.decision" })}\n`.repeat(105_000));
    document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect(page.getByTestId("log-refused")).toContainText("the explainer reads at most 1,048,576 at once");
  await expect(box).toHaveValue("");
  expect(await longestTask(page)).toBeLessThan(MAX_TASK_MS);
});

test("a paste just under the limit, of records that carry their review, never blocks the page for a second", async ({ page }) => {
  const line = `2026-12-06T19:00:00Z WARN ${JSON.stringify(RECORD)}\n`;
  const text = line.repeat(Math.floor(1_048_000 / line.length));
  expect(text.length).toBeLessThan(1_048_576);
  await recordLongTasks(page);
  await page.goto("/explain");
  const box = page.getByLabel("Log lines");
  await expect(box).toBeVisible();
  await page.waitForLoadState("networkidle");
  await resetLongTasks(page);
  await box.focus();
  await page.evaluate((pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    const target = document.activeElement as HTMLTextAreaElement;
    if (target.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }))) {
      // Not refused: the browser would insert it; as the test cannot, insert it the way typing does.
      target.setRangeText(pasted);
      target.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }, text);
  await expect(page.getByTestId("log-more")).toContainText("Explained the first 50 of");
  await expect(page.getByTestId("log-entry")).toHaveCount(50);
  await expect(page.getByTestId("record-check").first()).toHaveAttribute("data-status", "matches", { timeout: 30_000 });
  await expect(page.locator('[data-testid="record-check"][data-status="checking"]')).toHaveCount(0, { timeout: 30_000 });
  expect(await longestTask(page)).toBeLessThan(MAX_TASK_MS);
});
