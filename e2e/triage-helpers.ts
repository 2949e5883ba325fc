import { expect, type Page } from "./fixtures";

export interface FileToDrop {
  name: string;
  text?: string;
  /** Raw bytes, for files that are not text. */
  base64?: string;
}

export async function openTriage(page: Page): Promise<void> {
  await page.goto("/triage");
  await expect(page.getByTestId("triage-workbench")).toHaveAttribute("data-ready", "true");
}

/** Drops files on the triage page the way a file manager does: dragover, then drop, with a DataTransfer of Files. */
export async function dropFiles(page: Page, files: readonly FileToDrop[]): Promise<void> {
  await page.getByTestId("triage-workbench").evaluate((target, list) => {
    const transfer = new DataTransfer();
    for (const file of list) {
      const body = file.base64 !== undefined ? Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0)) : file.text ?? "";
      transfer.items.add(new File([body], file.name, { type: file.name.endsWith(".json") ? "application/json" : "" }));
    }
    target.dispatchEvent(new DragEvent("dragover", { dataTransfer: transfer, bubbles: true, cancelable: true }));
    target.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
  }, files);
}

export function presets(page: Page) {
  return page.getByTestId("triage-presets");
}

export function run(page: Page) {
  return page.getByTestId("triage-run");
}

/** Waits until every one of `pairs` pairs is reviewed and no run is going. */
export async function waitForReviews(page: Page, pairs: number, timeout = 20_000): Promise<void> {
  await expect(run(page)).toHaveAttribute("data-total", String(pairs), { timeout });
  await expect(run(page)).toHaveAttribute("data-reviewed", String(pairs), { timeout });
  await expect(run(page)).toHaveAttribute("data-run", "idle", { timeout });
}

export function grid(page: Page) {
  return page.getByTestId("triage-grid");
}

/** The decisions a grid cell shows, by task class (from its data-decisions). */
export async function cellDecisions(cell: ReturnType<Page["locator"]>): Promise<Record<string, string>> {
  const text = (await cell.getAttribute("data-decisions")) ?? "";
  return Object.fromEntries(text.split(";").filter(Boolean).map((pair) => pair.split("=") as [string, string]));
}
