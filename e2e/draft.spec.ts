import { expect, test } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { ENGINE_VERSION, NORTHWIND } from "../lib/negotiation";
import { encodeReviewLink } from "../lib/share";
import { expectDecision, loadExample, openWorkspace, pasteCard } from "./workspace-helpers";

// Nothing lost: the workspace is kept in this browser after every pause, restored on reload
// (without flashing the example first), forgotten by "Start fresh"; a review link wins over it.

const EDITED = CONTOSO.text.replace("Contoso Voice Desk", "Draft Desk").replace('"streaming": false', '"streaming": true');

async function editAndWaitForSave(page: import("./fixtures").Page) {
  await openWorkspace(page);
  await pasteCard(page, EDITED);
  await page.getByLabel("Prior task history").check();
  await expectDecision(page, "live-input", "accept");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("parley.workspaceDraft.v1")?.includes("Draft Desk") ?? false)).toBe(true);
}

test("a reload brings back the pasted card, the profile and the context, and says so", async ({ page }) => {
  await editAndWaitForSave(page);
  const html = await (await page.request.get("/")).text();
  // The server knows a draft exists (a cookie) and renders "Restoring…" instead of the example.
  expect(html).toContain("Restoring your review from this browser");
  await page.reload();
  await expect(page.getByTestId("draft-notice")).toContainText("Restored your review from this browser");
  await expect(page.getByTestId("card-editor")).toContainText("Draft Desk");
  await expect(page.getByLabel("Prior task history")).toBeChecked();
  await expectDecision(page, "live-input", "accept");
  await expect(page.getByTestId("card-from-draft")).toContainText("Restored from the draft this browser kept");
});

test("Start fresh forgets the draft and shows the example again, also after a reload", async ({ page }) => {
  await editAndWaitForSave(page);
  await page.reload();
  await page.getByTestId("draft-notice").getByRole("button", { name: "Start fresh" }).click();
  await expect(page.getByTestId("draft-notice")).toHaveCount(0);
  await expect(page.getByTestId("card-editor")).toContainText("Contoso Voice Desk");
  await expectDecision(page, "live-input", "reject");
  await page.reload();
  await expect(page.getByTestId("draft-notice")).toHaveCount(0);
  await expectDecision(page, "live-input", "reject");
});

test("a review link wins over the draft, which is kept for later", async ({ page }) => {
  await editAndWaitForSave(page);
  const link = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });
  await page.goto(`/#${link}`);
  await expect(page.getByTestId("link-notice")).toHaveAttribute("data-notice", "snapshot");
  await expect(page.getByTestId("draft-notice")).toHaveCount(0);
  await expectDecision(page, "live-input", "reject");
  expect(await page.evaluate(() => localStorage.getItem("parley.workspaceDraft.v1")?.includes("Draft Desk"))).toBe(true);
});

test("a broken review link leaves the kept review alone: dismissing its banner brings it back", async ({ page }) => {
  await editAndWaitForSave(page);
  await page.goto("/#v1.garbage!!");
  const notice = page.getByTestId("link-notice");
  await expect(notice).toHaveAttribute("data-notice", "failed");
  await expect(notice).toContainText("The review you were working on is still kept in this browser");
  // No button that says "dismiss" may forget the kept review.
  await expect(notice.getByRole("button", { name: "Dismiss and start fresh" })).toHaveCount(0);
  await notice.getByRole("button", { name: /^Dismiss and bring back my review/ }).click();
  await expect(notice).toHaveCount(0);
  expect(new URL(page.url()).hash).toBe("");
  await expect(page.getByTestId("card-editor")).toContainText("Draft Desk");
  await expect(page.getByLabel("Prior task history")).toBeChecked();
  await page.reload();
  await expect(page.getByTestId("draft-notice")).toBeVisible();
  await expect(page.getByTestId("card-editor")).toContainText("Draft Desk");
});

test("going back to the plain address after a broken link keeps the kept review", async ({ page }) => {
  await editAndWaitForSave(page);
  await page.goto("/#v1.garbage!!");
  await expect(page.getByTestId("link-notice")).toHaveAttribute("data-notice", "failed");
  // Back (in the same page) to the plain address: the review kept since the page opened comes back.
  await page.goBack();
  await expect(page.getByTestId("link-notice")).toHaveCount(0);
  await expect(page.getByTestId("draft-notice")).toBeVisible();
  await expect(page.getByTestId("card-editor")).toContainText("Draft Desk");
  // Opening the plain address again keeps it too.
  await page.goto("/");
  await expect(page.getByTestId("draft-notice")).toBeVisible();
  await expect(page.getByTestId("card-editor")).toContainText("Draft Desk");
});

test("a working review link offers to bring back the kept review while it is unedited", async ({ page }) => {
  await editAndWaitForSave(page);
  const link = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });
  await page.goto(`/#${link}`);
  const notice = page.getByTestId("link-notice");
  await expect(notice).toHaveAttribute("data-notice", "snapshot");
  await notice.getByRole("button", { name: "Bring back my review" }).click();
  await expect(notice).toHaveCount(0);
  await expect(page.getByTestId("card-editor")).toContainText("Draft Desk");
  await expect(page.getByTestId("draft-notice")).toBeVisible();
});

test("a picked example is still named by the picker after a reload, until the card is edited", async ({ page }) => {
  await openWorkspace(page);
  await loadExample(page, "A2A spec 1.0.1 sample (GeoSpatial)");
  const picker = page.getByLabel("Built-in example");
  await expect(picker).toHaveValue("spec-1-0-geospatial");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("parley.workspaceDraft.v1")?.includes("spec-1-0-geospatial") ?? false)).toBe(true);
  await page.reload();
  await expect(page.getByTestId("draft-notice")).toBeVisible();
  await expect(picker).toHaveValue("spec-1-0-geospatial");
  // Edited, it is the user's own card, also after the next reload.
  await pasteCard(page, EDITED);
  await expect(picker).toHaveValue("");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("parley.workspaceDraft.v1")?.includes("Draft Desk") ?? false)).toBe(true);
  await page.reload();
  await expect(page.getByTestId("card-editor")).toContainText("Draft Desk");
  await expect(picker).toHaveValue("");
});
