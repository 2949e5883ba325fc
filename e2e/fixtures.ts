import { type Browser, type BrowserContext, expect, test as base } from "@playwright/test";

/**
 * Every journey imports `test` from here, not from @playwright/test: each page it opens reports
 * Content-Security-Policy violations, and a journey that caused any fails, naming the directive and
 * the blocked resource. A CSP that breaks the app in a way no assertion looked at still fails.
 *
 * Pages in contexts a journey opens itself (`browser.newContext()`, `browser.newPage()`: a review
 * link opened in a fresh browser) are watched too.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, use) => {
      const violations: string[] = [];
      await watchCsp(context, violations);
      const restore = watchNewContexts(browser, violations);
      // `use` returns once the journey is over, failed or not, so the browser is always unwrapped.
      await use(violations);
      restore();
      expect(violations, "Content-Security-Policy violations during this journey").toEqual([]);
    },
    { auto: true },
  ],
});

async function watchCsp(context: BrowserContext, violations: string[]): Promise<void> {
  await context.exposeBinding("__parleyReportCspViolation", (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      const report = (window as unknown as { __parleyReportCspViolation?: (text: string) => void }).__parleyReportCspViolation;
      report?.(`${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

/** Wraps the browser's context factories for one journey; returns the function that unwraps them. */
function watchNewContexts(browser: Browser, violations: string[]): () => void {
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchCsp(context, violations);
    return context;
  };
  browser.newPage = async (options) => {
    // newPage's context is private to the page; make it through newContext so it is watched too.
    const context = await browser.newContext(options);
    const page = await context.newPage();
    page.once("close", () => void context.close());
    return page;
  };
  return () => {
    browser.newContext = newContext;
    browser.newPage = newPage;
  };
}

export { expect };
export type { Browser, BrowserContext, Page } from "@playwright/test";
