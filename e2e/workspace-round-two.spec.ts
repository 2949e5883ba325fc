import { expect, test, type Page } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { expectDecision, matrix, openWorkspace, pasteCard } from "./workspace-helpers";

// Issue 31, the workspace round two: what a user sees while typing, editing and choosing cells.

const cell = (page: Page, taskClass: string, invariant: string) =>
  page.locator(`[data-task-class="${taskClass}"] [data-invariant="${invariant}"]`);

test("while a field is typed the card is not JSON: the last valid review stays, dimmed and labelled, under the syntax error", async ({ page }) => {
  await openWorkspace(page);
  await expectDecision(page, "live-input", "reject");
  // Half-way through typing a new field: the text stops being JSON.
  await pasteCard(page, CONTOSO.text.replace('"name":', '"description2": "half-typ'));
  const error = page.getByTestId("syntax-error");
  await expect(error).toContainText("Not JSON yet.");
  await expect(error).toContainText(/line \d+, column \d+/);
  const kept = page.getByTestId("last-valid-review");
  await expect(kept).toContainText("Last valid card");
  // The last valid card's decisions, not "not evaluated" everywhere.
  await expectDecision(page, "live-input", "reject");
  await expectDecision(page, "request-response", "accept");
  await expect(matrix(page).locator('[data-reason="invalid-card"]')).toHaveCount(0);
  await expect(page.getByTestId("verdict-headline")).not.toContainText("Not a valid Agent Card");
  await expect(page.locator("#review-heading").locator("..")).toContainText("last valid card");
  // Its explanation still answers a click.
  await cell(page, "async-completion", "push-callback-mtls").click();
  await expect(page.getByTestId("explain-panel")).toContainText("contosoMtls");
  // The editor underlines the syntax error where it is.
  await expect(page.getByTestId("card-editor").locator(".cm-lintRange-error").first()).toBeVisible();

  // Parses again: the review is of this card, and nothing is dimmed.
  await pasteCard(page, CONTOSO.text.replace(/"contosoMtls"/g, '"pushMtls"'));
  await expect(kept).toHaveCount(0);
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId("explain-panel")).toContainText("pushMtls");
});

test("a card that is valid JSON but not a card is still said to be invalid (nothing kept over it)", async ({ page }) => {
  await openWorkspace(page);
  await pasteCard(page, '{"openapi": "3.1.0"}');
  await expect(page.getByTestId("verdict-headline")).toContainText("Not a valid Agent Card");
  await expect(page.getByTestId("last-valid-review")).toHaveCount(0);
});

test("side by side (1440 px) the review stays in view while the inputs scroll, and a chosen cell's explanation is brought into view", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWorkspace(page);
  // Down to the task classes, under the card, the profile and the conditions.
  await page.locator('[data-section="task-classes-heading"]').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(page.getByTestId("verdict")).toBeInViewport();
  await expect(matrix(page)).toBeInViewport();

  // Back at the top: a cell whose explanation is below the fold.
  await page.evaluate(() => window.scrollTo(0, 0));
  const explanation = page.locator("#explain-heading");
  await expect(explanation).not.toBeInViewport();
  const before = await page.evaluate(() => window.scrollY);
  await cell(page, "streaming-output", "stream-channel-available").click();
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", "streaming-output/stream-channel-available");
  await expect(explanation).toBeInViewport();
  // The page (and the inputs in it) stayed where it was: only the review's column moved.
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
});
