import { expect, type Page } from "./fixtures";

export const TASK_CLASSES = ["request-response", "live-input", "async-completion", "fire-and-forget", "streaming-output"];

/** Opens the workspace and brings up the full card editor (it loads when the user reaches for it). */
export async function openWorkspace(page: Page): Promise<void> {
  await page.goto("/");
  await bringUpRichEditor(page);
}

/** Points at the card editor, as a user reaching for it does, and waits for CodeMirror to replace the plain text area. */
export async function bringUpRichEditor(page: Page): Promise<void> {
  const editor = page.getByTestId("card-editor");
  await expect(editor.locator("textarea, .cm-content").first()).toBeVisible();
  await editor.hover();
  await expect(editor.locator(".cm-content")).toBeVisible();
}

export function matrix(page: Page) {
  return page.getByTestId("review-matrix");
}

export async function revisionOf(page: Page): Promise<number> {
  return Number(await matrix(page).getAttribute("data-review-revision"));
}

/** Pastes text over the whole card the way a user does: select all, then a real paste event. */
export async function pasteCard(page: Page, text: string): Promise<void> {
  const content = page.getByTestId("card-editor").locator(".cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await content.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** `decision` as shown: a decision, or "not-for-client" (a reject aimed at the client, badged "not for this client"). */
export async function expectDecision(page: Page, taskClass: string, decision: string): Promise<void> {
  const cell = page.getByTestId(`decision-${taskClass}`);
  await expect(cell).toHaveAttribute("data-outcome", decision);
  await expect(cell).toContainText(decision === "not-for-client" ? "not for this client" : decision);
}

export async function loadExample(page: Page, title: string | RegExp): Promise<void> {
  const picker = page.getByLabel("Built-in example");
  const option = picker.locator("option", { hasText: title }).first();
  const value = await option.getAttribute("value");
  await picker.selectOption(value ?? "");
}
