import { gzipSync } from "node:zlib";
import type { Browser, Page } from "playwright-core";

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

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The nearest-rank percentile (0 < p ≤ 1): the smallest sample at least p of the samples do not exceed. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
}

interface LongTask {
  start: number;
  duration: number;
}

/** Records every long task (≥ 50 ms on the main thread) and the first contentful paint, from the very first script on. */
const RECORD_LONG_TASKS = () => {
  const w = window as unknown as { __parleyLongTasks: { start: number; duration: number }[]; __parleyFcp?: number };
  w.__parleyLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__parleyLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === "first-contentful-paint") w.__parleyFcp = entry.startTime;
    }).observe({ type: "paint", buffered: true });
  } catch {
    // An engine without these entry types: the bench then reports no data rather than a false pass.
  }
};

/**
 * Total blocking time of a first visit under CPU throttling, the way Lighthouse defines it: for
 * every main-thread task longer than 50 ms after the first contentful paint, the part beyond 50 ms,
 * summed up to the point the page goes quiet (no long task for `quietMs`). Each run is a fresh
 * browser context (nothing cached), and the median of `runs` is reported.
 */
export async function measureFirstLoadTbt(
  browser: Browser,
  url: string,
  options: { cpuSlowdown: number; runs: number; quietMs?: number },
): Promise<{ median: number; runs: number[]; longestTask: number }> {
  const quietMs = options.quietMs ?? 3000;
  const runs: number[] = [];
  let longestTask = 0;
  for (let run = 0; run < options.runs; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    try {
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: options.cpuSlowdown });
      await page.addInitScript(RECORD_LONG_TASKS);
      await page.goto(url, { waitUntil: "load" });
      let seen = -1;
      let quietSince = Date.now();
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        await page.waitForTimeout(250);
        const count = await page.evaluate(() => (window as unknown as { __parleyLongTasks: unknown[] }).__parleyLongTasks.length);
        if (count !== seen) {
          seen = count;
          quietSince = Date.now();
        } else if (Date.now() - quietSince >= quietMs) break;
      }
      const { tasks, fcp } = await page.evaluate(() => {
        const w = window as unknown as { __parleyLongTasks: { start: number; duration: number }[]; __parleyFcp?: number };
        return { tasks: w.__parleyLongTasks, fcp: w.__parleyFcp ?? 0 };
      });
      runs.push(totalBlockingTime(tasks, fcp));
      for (const task of tasks) longestTask = Math.max(longestTask, task.duration);
    } finally {
      await context.close();
    }
  }
  return { median: median(runs), runs, longestTask };
}

function totalBlockingTime(tasks: readonly LongTask[], fcp: number): number {
  let total = 0;
  for (const task of tasks) {
    const end = task.start + task.duration;
    if (end <= fcp) continue;
    // A task that began before the first paint counts from the paint on, as Lighthouse clips it.
    total += Math.max(0, end - Math.max(task.start, fcp) - 50);
  }
  return total;
}

/** Pastes text over the whole card, as a user's paste would (select all, then a paste event). */
export async function pasteIntoCard(page: Page, text: string): Promise<void> {
  const content = page.locator('[data-testid="card-editor"] .cm-content');
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await content.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/**
 * Keystroke → painted matrix, on a card pasted in first. The key event's own timestamp (when the
 * browser received it, so time spent waiting for a busy main thread counts) is compared with the
 * first moment after the matrix showing that edit has been painted: a MutationObserver sees the
 * matrix's data-review-revision change, a requestAnimationFrame callback then runs just before
 * that frame paints, and a task posted from it runs once the frame is out.
 */
export interface KeystrokeLatency {
  median: number;
  p90: number;
  max: number;
  samples: number[];
  /** The longest main-thread task (PerformanceObserver 'longtask', ≥ 50 ms; 0 when none) from the first keystroke until the page settled after the last. */
  longestTask: number;
}

export async function measureKeystrokeToPaint(page: Page, cardText: string, keystrokes: number): Promise<KeystrokeLatency> {
  const matrix = page.getByTestId("review-matrix");
  // The full editor loads when the user reaches for it: point at it first.
  await page.hover('[data-testid="card-editor"]');
  await page.waitForSelector('[data-testid="card-editor"] .cm-content');
  const before = Number(await matrix.getAttribute("data-review-revision"));
  await pasteIntoCard(page, cardText);
  await waitForRevisionAbove(page, before);
  const content = page.locator('[data-testid="card-editor"] .cm-content');
  await content.click();
  // Put the cursor inside the card's name string (second line) so every keystroke keeps the JSON valid.
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.evaluate(() => {
    const w = window as unknown as { __keyAt: number; __latencies: number[]; __typingTasks: number[] };
    w.__latencies = [];
    // Only tasks that start from here on: the paste and its review are not typing.
    w.__typingTasks = [];
    const since = performance.now();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.startTime >= since) w.__typingTasks.push(entry.duration);
    }).observe({ type: "longtask" });
    document.addEventListener("keydown", (event) => (w.__keyAt = event.timeStamp), { capture: true });
    const table = document.querySelector('[data-testid="review-matrix"]')!;
    new MutationObserver(() => {
      const keyAt = w.__keyAt;
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => w.__latencies.push(performance.now() - keyAt);
        channel.port2.postMessage(null);
      });
    }).observe(table, { attributes: true, attributeFilter: ["data-review-revision"] });
  });
  const samples: number[] = [];
  for (let i = 0; i < keystrokes; i++) {
    const count = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies.length);
    await page.keyboard.press(i % 2 ? "x" : "y");
    await page.waitForFunction((n) => (window as unknown as { __latencies: number[] }).__latencies.length > n, count);
    const all = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
    samples.push(all[all.length - 1] ?? Number.NaN);
    await page.waitForTimeout(50);
  }
  // Work the keystrokes left behind (deferred markers, a late render) counts too: let it run, then
  // give the observer a frame to deliver the last task.
  await page.waitForTimeout(500);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  const tasks = await page.evaluate(() => (window as unknown as { __typingTasks: number[] }).__typingTasks);
  return { median: median(samples), p90: percentile(samples, 0.9), max: Math.max(...samples), samples, longestTask: Math.max(0, ...tasks) };
}

async function waitForRevisionAbove(page: Page, revision: number): Promise<void> {
  // CodeMirror only renders the visible lines, so wait on the review of the new text, not the DOM text.
  await page.waitForFunction(
    (rev) => Number(document.querySelector('[data-testid="review-matrix"]')?.getAttribute("data-review-revision")) > rev,
    revision,
    { timeout: 60_000 },
  );
}
