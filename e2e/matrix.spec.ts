import { expect, test, type Page } from "./fixtures";
import { readCorpusCard } from "../fixtures/corpus";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { INVARIANTS } from "../lib/negotiation";
import { matrix, openWorkspace, pasteCard } from "./workspace-helpers";

// The verdict, the matrix as one keyboard grid, its headers and legend, and what it shows for an
// invalid card — at 1280 px and on a 390 px phone.

const cell = (page: Page, taskClass: string, invariant: string) =>
  page.locator(`[data-task-class="${taskClass}"] [data-invariant="${invariant}"]`);

test("the verdict answers first, and each task class in it opens its explanation", async ({ page }) => {
  await openWorkspace(page);
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toHaveAttribute("data-tone", "bad");
  await expect(page.getByTestId("verdict-headline")).toHaveText(
    "2 of 5 rejected (Live input and Streaming output); 1 of 5 accepted degraded (Async completion); 2 of 5 accepted.",
  );
  await expect(verdict.getByTestId("verdict-line").first()).toContainText("audio/pcm");
  // Above the matrix.
  const verdictBox = await verdict.boundingBox();
  const matrixBox = await matrix(page).boundingBox();
  expect(verdictBox && matrixBox && verdictBox.y < matrixBox.y).toBe(true);

  await verdict.getByRole("button", { name: "Async completion: accept-degraded. Show the explanation" }).click();
  const panel = page.getByTestId("explain-panel");
  await expect(panel).toHaveAttribute("data-selection", "async-completion/decision");
  await expect(panel).toContainText("falls back to polling");
  await expect(page.locator("#explain-heading")).toBeFocused();
});

test("one cause for every task class is said once in the verdict, and each class in that line opens its own explanation", async ({ page }) => {
  await openWorkspace(page);
  // Magic 8-ball's only interface states no version (read as A2A 0.3); the JS SDK client speaks 1.0.
  await pasteCard(page, readCorpusCard("a2a-docs-v0.3.0-extensions-magic8ball.json"));
  await page.getByLabel("Preset or saved profile").selectOption({ label: "A2A JS SDK client (Node)" });
  const verdict = page.getByTestId("verdict");
  // Live input is not for this client whatever the card says (no live mode): counted apart.
  await expect(page.getByTestId("verdict-headline")).toHaveText(
    "4 of 5 rejected (Request–response, Async completion, Fire and forget and Streaming output); 1 of 5 not for this client (Live input) — the client itself cannot perform it, whatever the card says.",
  );
  const lines = verdict.getByTestId("verdict-line");
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toHaveAttribute("data-task-class", "request-response async-completion fire-and-forget streaming-output");
  await expect(lines.first().getByRole("button")).toHaveText(["Request–response", "Async completion", "Fire and forget", "Streaming output"]);
  await expect(lines.first()).toContainText("no version is shared");
  await expect(lines.nth(1)).toContainText("not for this client");

  await lines.getByRole("button", { name: "Fire and forget: reject. Show the explanation" }).click();
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", "fire-and-forget/decision");
  await lines.getByRole("button", { name: "Live input: not for this client. Show the explanation" }).click();
  await expect(page.getByTestId("explain-panel")).toContainText("Live input is not for this client");
});

test("a class the client itself cannot perform reads 'not for this client' in the matrix, apart from a rejection", async ({ page }) => {
  await openWorkspace(page);
  await page.getByLabel("Preset or saved profile").selectOption({ label: "Text-only JSON-RPC client" });
  const live = page.getByTestId("decision-live-input");
  await expect(live).toHaveAttribute("data-decision", "reject");
  await expect(live).toHaveAttribute("data-outcome", "not-for-client");
  await expect(live).toContainText("not for this client");
  await expect(live).toContainText("the client’s own limits, not the card");
  await expect(live).not.toContainText("✗");
  await expect(page.locator("#matrix-legend")).toContainText("whatever the card says");
});

test("the matrix is one grid: one tab stop, arrow keys between cells, Enter selects; focus and selection look different", async ({ page }) => {
  await openWorkspace(page);
  const grid = page.getByRole("grid");
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);

  // Tab from the last control before the grid lands on its one tab stop (the selected cell)...
  const selected = cell(page, "live-input", "live-input-needs-streaming");
  await selected.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(selected).toBeFocused();
  // ...and the next Tab leaves the grid.
  await page.keyboard.press("Tab");
  expect(await grid.evaluate((g) => g.contains(document.activeElement))).toBe(false);

  await selected.focus();
  await page.keyboard.press("ArrowDown");
  const below = cell(page, "async-completion", "live-input-needs-streaming");
  await expect(below).toBeFocused();
  await page.keyboard.press("ArrowRight");
  const push = cell(page, "async-completion", "push-callback-mtls");
  await expect(push).toBeFocused();
  // Moving does not select: the explanation still shows the old cell.
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", "live-input/live-input-needs-streaming");
  await expect(selected).toHaveAttribute("aria-selected", "true");

  // Focus (a dashed outline) and selection (a filled cell with an inner border) are told apart.
  expect(await push.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("dashed");
  expect(await selected.evaluate((el) => getComputedStyle(el).outlineStyle)).toBe("none");
  expect(await selected.evaluate((el) => getComputedStyle(el).boxShadow)).toContain("inset");

  await page.keyboard.press("Enter");
  await expect(push).toHaveAttribute("aria-selected", "true");
  await expect(selected).toHaveAttribute("aria-selected", "false");
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", "async-completion/push-callback-mtls");
  await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);

  // Home: the task class; End: the last invariant; Ctrl+Home: the first header.
  await page.keyboard.press("Home");
  await expect(page.locator('[data-task-class="async-completion"] th')).toBeFocused();
  await page.keyboard.press("End");
  await expect(cell(page, "async-completion", INVARIANTS[INVARIANTS.length - 1]!.meta.id)).toBeFocused();
  await page.keyboard.press("Control+Home");
  await expect(grid.getByRole("columnheader", { name: "Task class" })).toBeFocused();
});

test("columns have short headers; the full title shows on hover and on keyboard focus", async ({ page }) => {
  await openWorkspace(page);
  for (const { meta } of INVARIANTS) {
    const header = page.locator(`[data-invariant-header="${meta.id}"]`);
    await expect(header).toContainText(meta.shortTitle);
    await expect(header.getByRole("tooltip")).toBeHidden();
  }
  const first = INVARIANTS[0]!.meta;
  const header = page.locator(`[data-invariant-header="${first.id}"]`);
  await header.hover();
  await expect(header.getByRole("tooltip")).toBeVisible();
  await expect(header.getByRole("tooltip")).toContainText(first.title);

  await page.mouse.move(0, 0);
  await cell(page, "request-response", first.id).focus();
  await page.keyboard.press("ArrowUp");
  await expect(header).toBeFocused();
  await expect(header.getByRole("tooltip")).toBeVisible();
  await expect(header).toHaveAccessibleDescription(new RegExp(first.title));

  // The legend says what every status and decision means.
  const legend = page.locator("#matrix-legend");
  for (const word of ["holds", "n/a", "not evaluated", "violated", "accept", "accept-degraded", "defer", "escalate", "reject", "not for this client"]) {
    await expect(legend).toContainText(word);
  }
});

test("a document that is not an A2A card shows no green cells: each says it was not evaluated, and why", async ({ page }) => {
  await openWorkspace(page);
  await pasteCard(page, '{"openapi": "3.1.0", "info": {"title": "Not an agent"}}');
  await expect(page.getByTestId("card-validity")).toContainText("invalid card");
  await expect(matrix(page).locator('[data-status="holds"]')).toHaveCount(0);
  const notEvaluated = matrix(page).locator('[data-reason="invalid-card"]');
  await expect(notEvaluated).toHaveCount(5 * INVARIANTS.length);
  await expect(notEvaluated.first()).toContainText("not evaluated");
  await expect(page.getByTestId("verdict-headline")).toContainText("Not a valid Agent Card");
  await cell(page, "request-response", "shared-transport").click();
  await expect(page.getByTestId("not-evaluated-why")).toContainText("Not evaluated: the card is not a valid Agent Card");
});

test("after a new card the selection stays on the same cell and explains it for the new card", async ({ page }) => {
  await openWorkspace(page);
  await cell(page, "async-completion", "push-callback-mtls").click();
  const panel = page.getByTestId("explain-panel");
  await expect(panel).toContainText("contosoMtls");
  await pasteCard(page, CONTOSO.text.replace(/"contosoMtls"/g, '"pushMtls"'));
  await expect(panel).toHaveAttribute("data-selection", "async-completion/push-callback-mtls");
  await expect(panel).toContainText("pushMtls");
  await expect(panel).not.toContainText("No finding");
});

test("on a 390 px phone: verdict and matrix first, the inputs folded under them, the matrix stacked, no sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.locator('[data-matrix-fit="stacked"]')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const verdict = await page.getByTestId("verdict").boundingBox();
  const cardSection = await page.locator('[data-section="card-heading"]').boundingBox();
  expect(verdict && cardSection && verdict.y < cardSection.y).toBe(true);
  // The verdict is on the first screen.
  expect(verdict && verdict.y < 844).toBe(true);

  // Every cell names its invariant in the stacked layout, and fits.
  const liveInput = cell(page, "live-input", "live-input-needs-streaming");
  await expect(liveInput).toContainText(INVARIANTS[0]!.meta.shortTitle);
  const box = await liveInput.boundingBox();
  expect(box && box.x + box.width <= 390).toBe(true);

  for (const name of ["Agent card", "Client profile", "Context"]) {
    await expect(page.getByRole("button", { name: `Unfold ${name}` })).toHaveAttribute("aria-expanded", "false");
  }
  await page.getByRole("button", { name: "Unfold Agent card" }).click();
  await expect(page.getByTestId("card-editor")).toBeVisible();

  // Arrow keys follow the stacked reading order.
  await liveInput.click();
  await page.keyboard.press("ArrowDown");
  await expect(cell(page, "live-input", INVARIANTS[1]!.meta.id)).toBeFocused();
});

test("on a 390 px phone, choosing a matrix cell brings its explanation into view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.locator('[data-matrix-fit="stacked"]')).toBeVisible();
  const target = cell(page, "live-input", "push-callback-mtls");
  await target.scrollIntoViewIfNeeded();
  const explanation = page.locator("#explain-heading");
  await expect(explanation).not.toBeInViewport();
  await target.click();
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", "live-input/push-callback-mtls");
  await expect(explanation).toBeInViewport();
  // The grid keeps the keyboard: the chosen cell still has focus.
  await expect(target).toBeFocused();
});

test("side by side (1280 px), choosing a matrix cell leaves the page where it is and shows its explanation", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openWorkspace(page);
  const target = cell(page, "async-completion", "push-callback-mtls");
  await target.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  await target.click();
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", "async-completion/push-callback-mtls");
  await expect(page.locator("#explain-heading")).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
});

test("a card field the card leaves out is shown as Parley's reading of it, never as a value the card holds", async ({ page }) => {
  await openWorkspace(page);
  const card = JSON.parse(CONTOSO.text) as { capabilities: Record<string, unknown> };
  delete card.capabilities.streaming;
  await pasteCard(page, JSON.stringify(card, null, 2));
  await expect(cell(page, "streaming-output", "stream-channel-available")).toHaveAttribute("data-status", "violated");
  await cell(page, "streaming-output", "stream-channel-available").click();
  const panel = page.getByTestId("explain-panel");
  await expect(panel.getByRole("listitem").filter({ hasText: "/capabilities/streaming" })).toContainText(
    "= false (the card states no valid value: read as this)",
  );
});
