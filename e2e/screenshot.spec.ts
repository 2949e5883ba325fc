import { expect, test } from "./fixtures";
import { expectDecision, openWorkspace } from "./workspace-helpers";
import { corpusCardNames, readCorpusCard } from "../fixtures/corpus";
import { dropFiles, openTriage, presets, waitForReviews } from "./triage-helpers";

// The README's screenshots are taken here, so they always show the workspace as it is.

test("README screenshot of the workspace at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 960 });
  await openWorkspace(page);
  await expectDecision(page, "live-input", "reject");
  await expect(page.getByTestId("explain-panel")).toBeVisible();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: "docs/screenshot-workspace.png" });
});

test("README screenshot on a 390 px phone: the verdict and the matrix first", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.locator('[data-matrix-fit="stacked"]')).toBeVisible();
  await expectDecision(page, "live-input", "reject");
  await page.screenshot({ path: "docs/screenshot-phone.png" });
});

test("README screenshot in the dark theme", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.setViewportSize({ width: 1280, height: 960 });
  await openWorkspace(page);
  await page.locator('[data-task-class="async-completion"] [data-invariant="push-callback-mtls"]').click();
  await expect(page.getByTestId("explain-panel")).toContainText("Push callbacks");
  await page.mouse.move(0, 0);
  await page.screenshot({ path: "docs/screenshot-dark.png" });
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
