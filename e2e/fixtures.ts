import { expect, test as base } from "@playwright/test";

/**
 * Every journey imports `test` from here, not from @playwright/test: each page it opens reports
 * Content-Security-Policy violations, and a journey that caused any fails, naming the directive and
 * the blocked resource. A CSP that breaks the app in a way no assertion looked at still fails.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.exposeBinding("__parleyReportCspViolation", (_source, text: string) => {
        violations.push(text);
      });
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          const report = (window as unknown as { __parleyReportCspViolation?: (text: string) => void }).__parleyReportCspViolation;
          report?.(`${event.effectiveDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}`);
        });
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations during this journey").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
export type { Browser, BrowserContext, Page } from "@playwright/test";
