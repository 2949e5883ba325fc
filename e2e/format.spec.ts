import { expect, test } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { expectDecision, matrix, openWorkspace, pasteCard, revisionOf } from "./workspace-helpers";

// Issue 42 (8): a card fetched from a live agent arrives as one long line; Format indents it,
// keeping every value as written, and says that the bytes (so the digest) changed.

test("Format indents a one-line card without changing what it decides, says the digest moved, and undoes", async ({ page }) => {
  await openWorkspace(page);
  const oneLine = JSON.stringify(JSON.parse(CONTOSO.text));
  const before = await revisionOf(page);
  await pasteCard(page, oneLine);
  await expect.poll(() => revisionOf(page)).toBeGreaterThan(before);
  await expectDecision(page, "live-input", "reject");
  const lines = page.getByTestId("card-editor").locator(".cm-line");
  await expect(lines).toHaveCount(1);

  const pasted = await revisionOf(page);
  await page.getByTestId("card-format").click();
  await expect(page.getByTestId("card-format-status")).toContainText("only whitespace changed");
  await expect(page.getByTestId("card-format-status")).toContainText("digest");
  await expect.poll(() => revisionOf(page)).toBeGreaterThan(pasted);
  expect(await lines.count()).toBeGreaterThan(20);
  await expect(matrix(page)).toBeVisible();
  await expectDecision(page, "live-input", "reject");
  await expectDecision(page, "request-response", "accept");

  // Pressed again: nothing to do, said so.
  await page.getByTestId("card-format").click();
  await expect(page.getByTestId("card-format-status")).toHaveText("Already formatted: nothing changed.");

  // Undo in the editor brings the served bytes back.
  await page.getByTestId("card-editor").locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(lines).toHaveCount(1);
});

test("Format refuses a card that is not JSON yet, and leaves the text alone", async ({ page }) => {
  await openWorkspace(page);
  const broken = '{"name": "half typed",';
  await pasteCard(page, broken);
  await page.getByTestId("card-format").click();
  await expect(page.getByTestId("card-format-status")).toContainText("not valid JSON yet");
  await expect(page.getByTestId("card-editor").locator(".cm-content")).toHaveText(broken);
});

// Issue 42 (2, Done when): keyboard only, a vendor card to an explained rejection in under 60 key
// presses. Each step presses Tab (or Shift+Tab) until the control a person is after has focus, and
// every press is counted: a page that grows tab stops on this path fails here.
test("keyboard only: choose the client, pick a vendor's card, open its rejection's explanation, in under 60 key presses", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "A2A JS SDK client (Node)" })).toBeVisible();
  // The review is computed in the browser: once the matrix shows, the page answers keys.
  await expect(page.getByTestId("review-matrix")).toBeVisible();
  let presses = 0;
  const press = async (key: string) => {
    presses++;
    await page.keyboard.press(key);
  };
  const focused = () => page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return { tag: el?.tagName ?? "", name: el?.getAttribute("aria-label") ?? el?.textContent?.trim() ?? "", label: el?.id ? (document.querySelector(`label[for="${el.id}"]`)?.textContent ?? "") : "" };
  });
  const tabUntil = async (key: "Tab" | "Shift+Tab", wanted: (f: Awaited<ReturnType<typeof focused>>) => boolean) => {
    for (let i = 0; i < 60; i++) {
      await press(key);
      if (wanted(await focused())) return;
    }
    throw new Error(`never reached the control after ${presses} key presses`);
  };

  await tabUntil("Tab", (f) => f.tag === "BUTTON" && f.name === "A2A JS SDK client (Node)");
  await press("Enter");
  await expect(page.getByRole("button", { name: "Choose another client" })).toBeVisible();

  await tabUntil("Tab", (f) => f.tag === "SELECT" && f.label === "Built-in example");
  const picker = page.getByLabel("Built-in example");
  // Arrow down option by option to the vendor's card, each step waited for (a loaded machine may
  // show the last value a moment longer: a loop reading it could press past the card).
  const values = await picker.locator("option").evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  const from = values.indexOf(await picker.inputValue());
  const target = values.indexOf("spec-1-0-geospatial");
  expect(target).toBeGreaterThan(from);
  for (let at = from + 1; at <= target; at++) {
    await press("ArrowDown");
    await expect(picker).toHaveValue(values[at]!);
  }
  await expect(page.getByTestId("card-editor")).toContainText("GeoSpatial");
  await expect(page.getByTestId("decision-live-input")).toHaveAttribute("data-outcome", "not-for-client");

  await tabUntil("Shift+Tab", (f) => f.tag === "BUTTON" && /^Live input: .*Show the explanation$/.test(f.name));
  await press("Enter");
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", /^live-input\//);
  await expect(page.getByTestId("explain-panel")).toContainText("Live input");
  expect(presses).toBeLessThan(60);
  await context.close();
});
