import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { NORTHWIND } from "../lib/negotiation";
import { encodeReviewLink } from "../lib/share";
import { openWorkspace, pasteCard } from "./workspace-helpers";
import { startAgent } from "../reality/agents";

// axe-core on every page and in the states people meet, light and dark: no serious or critical
// violation (contrast, names, roles, ARIA use, structure).

// Each test analyses several states, and one axe run on the workspace takes seconds.
test.describe.configure({ timeout: 120_000 });

async function expectNoSeriousViolations(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`);
  expect(serious, `axe violations in ${state}`).toEqual([]);
}

for (const scheme of ["light", "dark"] as const) {
  test.describe(`${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
    });

    test("the workspace: default, a cell selected, the record open, the profile JSON with an error", async ({ page }) => {
      // Three full-page axe scans after opening the workspace: over 20 s on the shared 2-core machines.
      test.setTimeout(90_000);
      await openWorkspace(page);
      await expectNoSeriousViolations(page, "the workspace as it opens");
      await page.locator('[data-task-class="async-completion"] [data-invariant="push-callback-mtls"]').click();
      await page.getByTestId("log-record").locator("summary").click();
      await expect(page.getByTestId("log-record").locator("pre")).toBeVisible();
      await page.locator("summary", { hasText: "Manage saved profiles" }).click();
      await expect(page.getByTestId("saved-profiles-manager")).toBeVisible();
      await expectNoSeriousViolations(page, "a cell selected, the decision record and the saved-profiles manager open");
      await page.getByRole("group", { name: "Profile view" }).getByRole("button", { name: "JSON" }).click();
      const content = page.getByTestId("profile-json-editor").locator(".cm-content");
      await content.click();
      await page.keyboard.press("ControlOrMeta+End");
      await page.keyboard.type(",");
      await expect(page.getByTestId("profile-json-issues")).toBeVisible();
      await expectNoSeriousViolations(page, "the profile JSON view with an error");
    });

    test("a live check's observations: the matrix's observed column, the verdict area, the explanation", async ({ page }) => {
      const agent = await startAgent({ name: "stream liar", lies: { streamRefused: true } });
      try {
        await openWorkspace(page);
        await page.getByLabel(/Fetch from URL/).fill(agent.cardUrl);
        await page.getByRole("button", { name: "Fetch", exact: true }).click();
        await page.getByTestId("live-check").getByRole("button", { name: "Check against the live agent" }).click();
        await expect(page.getByTestId("live-verdict")).toBeVisible();
        await page.getByTestId("observed-streaming-output").click();
        await expect(page.getByTestId("explain-observation")).toBeVisible();
        await expectNoSeriousViolations(page, "a live check's observations, the observed cell selected");
      } finally {
        await agent.close();
      }
    });

    test("the workspace with an invalid card, and on a phone", async ({ page }) => {
      await openWorkspace(page);
      await pasteCard(page, '{"name": "Broken", "capabilities": "none"}');
      await expect(page.getByTestId("validity-problems")).toBeVisible();
      await page.locator('[data-task-class="live-input"] [data-invariant="live-input-needs-streaming"]').click();
      await expectNoSeriousViolations(page, "an invalid card with a cell selected");
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto("/");
      await expect(page.locator('[data-matrix-fit="stacked"]')).toBeVisible();
      await expectNoSeriousViolations(page, "the workspace at 390 px");
    });

    test("a review link's banner, and a broken link's", async ({ page }) => {
      const link = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: "0.0.1", decisions: { "live-input": "accept" } });
      await page.goto(`/#${link}`);
      await expect(page.getByTestId("link-notice")).toBeVisible();
      await expectNoSeriousViolations(page, "a snapshot link from another engine");
      await page.goto(`/#v1.${"A".repeat(40)}`);
      await expect(page.getByTestId("link-notice")).toHaveAttribute("data-notice", "failed");
      await expectNoSeriousViolations(page, "a broken link");
    });

    test("the card check, empty and with an invalid card's report", async ({ page }) => {
      await page.goto("/check");
      await expect(page.getByTestId("check-empty")).toBeVisible();
      await expectNoSeriousViolations(page, "the card check as it opens");
      await page.getByTestId("card-editor").hover();
      await pasteCard(page, '{"name": "Broken", "capabilities": "none"}');
      await expect(page.getByTestId("lint-report")).toHaveAttribute("data-status", "invalid");
      await expectNoSeriousViolations(page, "the card check with an invalid card");
    });

    test("the explainer with results, and the rule pages", async ({ page }) => {
      await page.goto("/explain");
      await page.getByRole("button", { name: "Paste an example" }).click();
      await expect(page.getByTestId("log-entry").first()).toBeVisible();
      await expectNoSeriousViolations(page, "the explainer with the example lines");
      await page.goto("/rules");
      await expectNoSeriousViolations(page, "the rule index");
      // The rule document: hundreds of inline code chips, which must read in both themes.
      await page.goto("/rule");
      await expect(page.locator("code").first()).toBeVisible();
      await expectNoSeriousViolations(page, "the rule document");
      await page.goto("/rules/live-input-needs-streaming");
      await expectNoSeriousViolations(page, "a rule page");
      await page.goto("/rules/no-such-rule");
      await expectNoSeriousViolations(page, "an unknown rule");
    });
  });
}

test("the rule document's code reads in the dark theme chosen with the picker, not only by the system setting", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/rule");
  await page.evaluate(() => {
    document.documentElement.dataset.theme = "dark";
  });
  const code = page.locator("code").first();
  await expect(code).toBeVisible();
  // The chip is darker than its text in the dark theme (light text on a dark chip).
  const [fg, bg] = await code.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).backgroundColor]);
  expect(fg).not.toBe(bg);
  await expectNoSeriousViolations(page, "the rule document, dark by the picker");
});

test("a restored draft's notice", async ({ page }) => {
  await openWorkspace(page);
  await pasteCard(page, CONTOSO.text.replace("Contoso Voice Desk", "Draft Desk"));
  await expect.poll(() => page.evaluate(() => localStorage.getItem("parley.workspaceDraft.v1") !== null)).toBe(true);
  await page.reload();
  await expect(page.getByTestId("draft-notice")).toBeVisible();
  await expectNoSeriousViolations(page, "a restored draft");
});
