import { expect, test, type Page } from "./fixtures";
import { corpusCardNames, readCorpusCard } from "../fixtures/corpus";
import { findPreset, NORTHWIND } from "../lib/negotiation";
import { dropFiles, grid, openTriage, presets, waitForReviews } from "./triage-helpers";
import { bringUpRichEditor, matrix, openWorkspace } from "./workspace-helpers";

// Issue 42: Tab never edits the card, the keyboard stays put when a client or preset is chosen,
// triage ranks pairs by how bad they are, a shared link names an edited profile and reopens its
// cell, and a keystroke right before a reload is kept.

const JS = findPreset("a2a-js")!;

async function focusInEditor(page: Page): Promise<boolean> {
  return page.getByTestId("card-editor").evaluate((el) => el.contains(document.activeElement));
}

test("Tab moves focus out of the rich card editor and never changes the card's bytes, even with text selected", async ({ page }) => {
  await openWorkspace(page);
  const content = page.getByTestId("card-editor").locator(".cm-content");
  await content.click();
  const revision = await matrix(page).getAttribute("data-review-revision");

  await page.keyboard.press("Tab");
  expect(await focusInEditor(page)).toBe(false);
  await page.keyboard.press("Shift+Tab");
  expect(await focusInEditor(page)).toBe(true);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  expect(await focusInEditor(page)).toBe(false);

  // With a selection: Esc then Tab leaves as well, and the selected text is still there.
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Tab");
  expect(await focusInEditor(page)).toBe(false);
  await content.click();
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Tab");
  expect(await focusInEditor(page)).toBe(false);

  // Not one change reached the card: every edit, a single character too, moves the review's revision.
  await expect(matrix(page)).toHaveAttribute("data-review-revision", revision ?? "0");
  expect(await page.evaluate(() => localStorage.getItem("parley.workspaceDraft.v1"))).toBeNull();
  await expect(page.getByTestId("card-editor").locator("xpath=..")).toContainText("Tab moves on");
});

test("choosing a client or a preset from the keyboard keeps the keyboard where it was", async ({ page }) => {
  await page.goto("/");
  const chooser = page.getByTestId("client-chooser");
  await expect(chooser).toBeVisible();
  // The page is live (hydrated) before a key is pressed: on a loaded machine the chooser's button can be painted first.
  await bringUpRichEditor(page);
  await chooser.locator(`[data-client="a2a-js"]`).focus();
  await page.keyboard.press("Enter");
  // The chooser became one line: the keyboard is on its "Choose another client", not at the top of the page.
  await expect(page.getByRole("button", { name: "Choose another client" })).toBeFocused();

  const picker = page.getByLabel("Preset or saved profile");
  await picker.focus();
  await picker.selectOption({ label: NORTHWIND.name });
  await expect(picker).toBeFocused();
  await expect(page.getByTestId("review-column")).toContainText(NORTHWIND.name);
});

test("a shared link names the edited profile as edited, in the header and in Copy as Markdown, and reopens the open cell", async ({ browser, baseURL }) => {
  const maker = await browser.newContext({ baseURL, permissions: ["clipboard-read", "clipboard-write"] });
  const page = await maker.newPage();
  await openWorkspace(page);
  await page.getByLabel("Preset or saved profile").selectOption({ label: JS.name });
  await expect(page.getByTestId("review-column")).toContainText(`${JS.name} · engine`);
  // One tick in the form: the profile still carries the preset's name, but no longer says what the preset says.
  const checkbox = page.getByTestId("profile-form").getByRole("checkbox").first();
  await checkbox.click();
  await expect(page.getByTestId("review-column")).toContainText(`${JS.name} (edited) · engine`);
  // Open a cell: the explanation of live-input's first invariant.
  const cell = matrix(page).locator('[data-task-class="live-input"] [data-invariant]').first();
  await cell.click();
  const selected = await page.getByTestId("explain-panel").getAttribute("data-selection");
  expect(selected).toMatch(/^live-input\/[a-z-]+$/);

  await page.getByRole("button", { name: "Copy as Markdown", exact: true }).click();
  await expect(page.getByTestId("share-status")).toContainText("Copied");
  const markdown = await page.evaluate(() => navigator.clipboard.readText());
  expect(markdown).toContain(`× ${JS.name} (edited)`);
  const link = /\[Open this review in Parley\]\((.+)\)/.exec(markdown)?.[1] ?? "";
  expect(link).toContain(`?class=live-input&cell=${selected!.split("/")[1]}#v1.`);
  await maker.close();

  const opener = await browser.newContext({ baseURL });
  const other = await opener.newPage();
  await other.goto(link);
  await expect(other.getByTestId("link-notice")).toHaveAttribute("data-notice", "snapshot");
  await expect(other.getByTestId("review-column")).toContainText(`${JS.name} (edited) · engine`);
  await expect(other.getByTestId("explain-panel")).toHaveAttribute("data-selection", selected!);
  await opener.close();
});

test("a keystroke right before a reload is kept", async ({ page }) => {
  await openWorkspace(page);
  const content = page.getByTestId("card-editor").locator(".cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" ");
  await page.keyboard.type("Z");
  // At once: no pause for the draft's timer.
  await page.reload();
  await expect(page.getByTestId("draft-notice")).toContainText("Restored your review from this browser");
  await expect.poll(() => page.getByTestId("card-editor").locator("textarea, .cm-content").first().evaluate((el) => ("value" in el ? (el as HTMLTextAreaElement).value : (el as HTMLElement).innerText).trimEnd().endsWith("Z"))).toBe(true);
});

test("triage on real cards ranks the worst pairs first and counts each profile's cards per worst decision", async ({ page }) => {
  await page.setViewportSize({ width: 1400, height: 1000 });
  const names = corpusCardNames().slice(0, 14);
  await openTriage(page);
  await dropFiles(page, names.map((name) => ({ name, text: readCorpusCard(name) })));
  await expect(page.getByTestId("triage-report")).toContainText(`Added ${names.length} cards`);
  const chosen = [NORTHWIND.name, JS.name, findPreset("a2a-python")!.name];
  for (const name of chosen) await presets(page).getByLabel(name).check();
  await waitForReviews(page, names.length * chosen.length, 40_000);
  await page.getByLabel("Sort by").selectOption("worst");

  const rows = await grid(page)
    .getByTestId("triage-row")
    .evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('[data-testid="triage-cell"]')].map((td) =>
          (td.getAttribute("data-decisions") ?? "").split(";").filter(Boolean).map((pair) => pair.split("=")[1]!),
        ),
      ),
    );
  expect(rows.length).toBe(names.length);
  // How bad, as the page's rows say: rejected for how many clients, how many rejections, then the rest.
  const badness = (cells: string[][]) => [
    cells.filter((c) => c.includes("reject")).length,
    cells.flat().filter((o) => o === "reject").length,
    cells.flat().filter((o) => o === "escalate").length,
    cells.flat().filter((o) => o === "defer").length,
    cells.flat().filter((o) => o === "accept-degraded").length,
  ];
  const scores = rows.map(badness);
  const compare = (a: number[], b: number[]) => a.map((v, i) => v - b[i]!).find((d) => d !== 0) ?? 0;
  for (let i = 1; i < scores.length; i++) expect(compare(scores[i - 1]!, scores[i]!), `row ${i} ranks below row ${i - 1}`).toBeGreaterThanOrEqual(0);
  // A card rejected for every client is above every card some client takes whole.
  expect(scores.some((s) => s[0] === chosen.length) || scores.every((s) => (s[0] ?? 0) < chosen.length)).toBe(true);

  // Each profile's header counts its cards per worst decision, and the counts add up to the cards.
  const counts = await page.getByTestId("triage-column-worst").evaluateAll((tds) =>
    tds.map((td) => [...td.querySelectorAll("[data-count]")].reduce((sum, li) => sum + Number(li.getAttribute("data-count")), 0)),
  );
  expect(counts).toEqual(chosen.map(() => names.length));

  // No badge reaches into the next column.
  const spills = await grid(page)
    .getByTestId("triage-row-worst")
    .evaluateAll((tds) => tds.filter((td) => [...td.querySelectorAll("span")].some((s) => s.getBoundingClientRect().right > td.getBoundingClientRect().right + 0.5)).length);
  expect(spills).toBe(0);
});
