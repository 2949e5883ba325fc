import { expect, test } from "./fixtures";
import { expectDecision, openWorkspace } from "./workspace-helpers";
import { corpusCardNames, readCorpusCard } from "../fixtures/corpus";
import { dropFiles, openTriage, presets, waitForReviews } from "./triage-helpers";

// The README's screenshot is taken here so it always shows the workspace as it is.
test("README screenshot of the workspace at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 960 });
  await openWorkspace(page);
  await expectDecision(page, "live-input", "reject");
  await expect(page.getByTestId("explain-panel")).toBeVisible();
  await page.screenshot({ path: "docs/screenshot-workspace.png" });
});

test("works on a narrow screen: no horizontal page scroll, matrix reachable", async ({ page }) => {
  await page.setViewportSize({ width: 400, height: 900 });
  await openWorkspace(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByTestId("review-matrix").scrollIntoViewIfNeeded();
  await expectDecision(page, "live-input", "reject");
});

// And the README's triage screenshot: 20 real cards against four presets, as a user drops them in.
test("README screenshot of triage at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 960 });
  await openTriage(page);
  await dropFiles(page, corpusCardNames().slice(0, 20).map((name) => ({ name, text: readCorpusCard(name) })));
  for (const name of ["A2A Python SDK client", "Full-featured SDK client", "Backend gRPC client", "Northwind discovery agent"]) await presets(page).getByLabel(name).check();
  await waitForReviews(page, 80);
  await page.getByTestId("triage-report").getByRole("button", { name: "Dismiss" }).click();
  await expect(page.getByTestId("triage-row").first()).toBeVisible();
  await page.screenshot({ path: "docs/screenshot-triage.png" });
});
