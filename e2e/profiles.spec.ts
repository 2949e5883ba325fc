import { expect, test } from "./fixtures";
import { NORTHWIND } from "../lib/negotiation";
import { openWorkspace } from "./workspace-helpers";

// Saved profiles: saved, renamed, deleted (with undo), exported and imported; and a profile field an
// explanation names is highlighted in the Form view.

test("saved profiles can be renamed, exported, deleted (and undone) and imported", async ({ page }) => {
  await openWorkspace(page);
  await page.getByRole("button", { name: "Save in browser" }).click();
  const manage = page.locator("summary", { hasText: "Manage saved profiles" });
  await expect(manage).toContainText("(1)");
  await manage.click();
  const manager = page.getByTestId("saved-profiles-manager");
  const status = page.getByTestId("saved-profiles-status");

  await manager.getByRole("button", { name: `Rename ${NORTHWIND.name}` }).click();
  await manager.getByLabel(`New name for ${NORTHWIND.name}`).fill("On-call client");
  await manager.getByRole("button", { name: "Save name" }).click();
  await expect(status).toContainText(`Renamed "${NORTHWIND.name}" to "On-call client".`);
  await expect(page.getByLabel("Preset or saved profile").locator("optgroup[label='Saved in this browser'] option")).toHaveText(["On-call client"]);

  const download = page.waitForEvent("download");
  await manager.getByRole("button", { name: "Export On-call client" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("on-call-client.parley-profile.json");
  const exported = JSON.parse(await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString("utf8"))) as { name: string };
  expect(exported.name).toBe("On-call client");

  await manager.getByRole("button", { name: "Delete On-call client" }).click();
  await expect(page.getByTestId("saved-profile")).toHaveCount(0);
  await status.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByTestId("saved-profile")).toHaveText([/On-call client/]);

  // Import: one valid profile (its name is taken, so it is renamed), one broken entry named with why.
  await manager.getByLabel("Import from a file…").setInputFiles({
    name: "team-profiles.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify([{ ...NORTHWIND, name: "On-call client" }, { name: "Broken", canPoll: "sometimes" }])),
  });
  await expect(status).toContainText("Imported 1 profile from team-profiles.json: On-call client (imported).");
  await expect(status).toContainText('Entry 2 ("Broken") was not imported: "canPoll" must be true or false; it is the text "sometimes".');
  await expect(page.getByTestId("saved-profile")).toHaveCount(2);
});

test("the keyboard stays on a nearby control when Delete, Undo or a rename's Escape removes the one it was on", async ({ page }) => {
  await openWorkspace(page);
  await page.getByRole("button", { name: "Save in browser" }).click();
  await page.locator("summary", { hasText: "Manage saved profiles" }).click();
  const manager = page.getByTestId("saved-profiles-manager");
  const status = page.getByTestId("saved-profiles-status");

  // Rename, clear the name, Enter: the problem is said; Escape cancels, hides it, and focus is back on Rename.
  await manager.getByRole("button", { name: `Rename ${NORTHWIND.name}` }).focus();
  await page.keyboard.press("Enter");
  const field = manager.getByLabel(`New name for ${NORTHWIND.name}`);
  await expect(field).toBeFocused();
  await field.fill("");
  await page.keyboard.press("Enter");
  await expect(status).toContainText("A profile needs a name.");
  await page.keyboard.press("Escape");
  await expect(field).toHaveCount(0);
  await expect(manager.getByRole("button", { name: `Rename ${NORTHWIND.name}` })).toBeFocused();
  await expect(status).not.toContainText("A profile needs a name.");

  // Delete by keyboard: focus goes to Undo; Undo by keyboard: back to the restored profile.
  await manager.getByRole("button", { name: `Delete ${NORTHWIND.name}` }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("saved-profile")).toHaveCount(0);
  await expect(status.getByRole("button", { name: "Undo" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("saved-profile")).toHaveCount(1);
  await expect(manager.getByRole("button", { name: `Delete ${NORTHWIND.name}` })).toBeFocused();
});

test("a profile field named by an explanation is highlighted in the Form view", async ({ page }) => {
  await openWorkspace(page);
  await page.locator('[data-task-class="async-completion"] [data-invariant="push-callback-mtls"]').click();
  const panel = page.getByTestId("explain-panel");
  await expect(panel.getByRole("heading", { name: "Profile fields (click to highlight)" })).toBeVisible();
  await panel.getByRole("button", { name: "Highlight profile field /callback/mtls" }).click();
  const field = page.getByTestId("profile-form").locator('[data-profile-field="/callback/mtls"]');
  await expect(field).toHaveClass(/parley-field-highlight/);
  await expect(field.getByRole("combobox")).toBeFocused();
  await expect(field).toBeInViewport();
});
