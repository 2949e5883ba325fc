import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";

/** Sum of the gzipped bodies of every script the route loads (what a first visit downloads). */
export async function measureShippedJs(page: Page, url: string): Promise<{ bytes: number; files: number }> {
  const scripts: Promise<number>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const sizes = await Promise.all(scripts);
  return { bytes: sizes.reduce((a, b) => a + b, 0), files: sizes.length };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * Keystroke → matrix updated, on the 200-skill example card. The page stamps each keydown; a
 * MutationObserver on the matrix's data-review-revision records when the review of that edit lands.
 */
export async function measureKeystrokeLatency(page: Page, keystrokes: number): Promise<{ median: number; max: number; samples: number[] }> {
  const matrix = page.getByTestId("review-matrix");
  await page.waitForSelector(".cm-content");
  const loadedFrom = Number(await matrix.getAttribute("data-review-revision"));
  await page.getByLabel("Built-in example").selectOption("contoso-200-skills");
  // CodeMirror only renders the visible lines, so wait on the review of the new text, not the DOM text.
  await page.waitForFunction(
    (rev) => Number(document.querySelector('[data-testid="review-matrix"]')?.getAttribute("data-review-revision")) > rev,
    loadedFrom,
  );
  const content = page.locator(".cm-content");
  await content.click();
  // Put the cursor inside the card's name string so every keystroke keeps the JSON valid.
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.evaluate(() => {
    const w = window as unknown as { __keyAt: number; __latencies: number[] };
    w.__latencies = [];
    document.addEventListener("keydown", () => (w.__keyAt = performance.now()), { capture: true });
    const table = document.querySelector('[data-testid="review-matrix"]')!;
    new MutationObserver(() => w.__latencies.push(performance.now() - w.__keyAt)).observe(table, {
      attributes: true,
      attributeFilter: ["data-review-revision"],
    });
  });
  const samples: number[] = [];
  for (let i = 0; i < keystrokes; i++) {
    const before = Number(await matrix.getAttribute("data-review-revision"));
    await page.keyboard.press(i % 2 ? "x" : "y");
    await page.waitForFunction((rev) => Number(document.querySelector('[data-testid="review-matrix"]')?.getAttribute("data-review-revision")) > rev, before);
    const all = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
    samples.push(all[all.length - 1] ?? Number.NaN);
    await page.waitForTimeout(30);
  }
  return { median: median(samples), max: Math.max(...samples), samples };
}
