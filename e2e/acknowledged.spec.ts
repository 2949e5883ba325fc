import { expect, test } from "./fixtures";
import { ENGINE_VERSION, NORTHWIND } from "../lib/negotiation";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { encodeReviewLink } from "../lib/share";
import { expectDecision, openWorkspace } from "./workspace-helpers";

// An acknowledged finding is shown where the decision is, not only in a list beside the matrix:
// the cell keeps its decision and says "acknowledged" in words; its explanation gives who, until
// when and why; an expired acknowledgement is said to be expired.
const ACK = { invariant: "live-input-needs-streaming" as const, taskClass: "live-input", reason: "Contoso turns streaming on next quarter.", by: "Ana", until: "2099-12-31" };

/** A config file holding these acknowledgements, with the Northwind profile unless `only` (acknowledgements alone). */
async function importConfig(page: import("@playwright/test").Page, name: string, acknowledgements: object[], only = false) {
  const config = only ? { acknowledgements } : { profile: "northwind", acknowledgements };
  await page.getByTestId("config-file").getByLabel("Import a config file…").setInputFiles({ name, mimeType: "application/json", buffer: Buffer.from(JSON.stringify(config)) });
  await expect(page.getByTestId("config-file-status")).toContainText(`Imported from ${name}`);
}

test("an acknowledged finding is marked in the matrix, its decision unchanged, with the reason in its explanation", async ({ page }) => {
  await openWorkspace(page);
  await expectDecision(page, "live-input", "reject");
  await expect(page.getByTestId("acknowledged-live-input")).toHaveCount(0);

  await importConfig(page, "parley.config.json", [ACK]);
  await expectDecision(page, "live-input", "reject");
  const mark = page.getByTestId("acknowledged-live-input");
  await expect(mark).toHaveText("acknowledged");
  await expect(mark).toHaveAttribute("data-acknowledged", "true");
  const row = page.locator('[data-testid="review-matrix"] tr[data-task-class="live-input"]');
  const cell = row.locator('[data-invariant="live-input-needs-streaming"]');
  await expect(cell).toHaveAttribute("data-acknowledged", "in force");
  await expect(cell).toHaveAttribute("data-status", "violated");
  // Other classes carry no mark.
  await expect(page.getByTestId("acknowledged-request-response")).toHaveCount(0);

  await page.getByTestId("decision-live-input").click();
  const why = page.getByTestId("explain-acknowledgement");
  await expect(why).toContainText("live-input: reject, acknowledged (live-input-needs-streaming)");
  await expect(why).toContainText("by Ana until 2099-12-31: Contoso turns streaming on next quarter.");

  await cell.click();
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", "live-input/live-input-needs-streaming");
  await expect(page.getByTestId("explain-acknowledgement")).toContainText("Contoso turns streaming on next quarter.");
});

test("an expired acknowledgement is said to be expired in the matrix and the explanation, the finding counting again", async ({ page }) => {
  await openWorkspace(page);
  await importConfig(page, "old.json", [{ ...ACK, until: "2021-06-30" }]);
  await expectDecision(page, "live-input", "reject");
  const mark = page.getByTestId("acknowledged-live-input");
  await expect(mark).toHaveText("acknowledgement expired");
  await expect(mark).toHaveAttribute("data-acknowledged", "false");
  await expect(page.locator('[data-testid="review-matrix"] tr[data-task-class="live-input"] [data-invariant="live-input-needs-streaming"]')).toHaveAttribute("data-acknowledged", "expired");
  await page.getByTestId("decision-live-input").click();
  await expect(page.getByTestId("explain-acknowledgement")).toContainText("Expired on 2021-06-30, so the finding counts again");
});

test("acknowledgements travel in a review link: opened in a fresh browser, the cell reads acknowledged, and its Markdown says so", async ({ browser, baseURL }) => {
  const permissions = ["clipboard-read", "clipboard-write"];
  const sender = await browser.newContext({ baseURL, permissions });
  const page = await sender.newPage();
  await openWorkspace(page);
  await importConfig(page, "parley.config.json", [ACK]);
  await expect(page.getByTestId("acknowledged-live-input")).toHaveText("acknowledged");
  await page.getByRole("button", { name: "Copy link", exact: true }).click();
  await expect(page.getByTestId("share-status")).toContainText("Copied");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  // A link that carries acknowledgements is the v2 format.
  expect(link).toMatch(new RegExp(`^${baseURL}/(\\?[^#]*)?#v2\\.`));
  await sender.close();

  // Another browser, nothing imported there: the link alone brings the acknowledgement.
  const receiver = await browser.newContext({ baseURL, permissions });
  const opened = await receiver.newPage();
  await opened.goto(link);
  await expect(opened.getByTestId("link-notice")).toHaveAttribute("data-notice", "snapshot");
  await expectDecision(opened, "live-input", "reject");
  const mark = opened.getByTestId("acknowledged-live-input");
  await expect(mark).toHaveText("acknowledged");
  await expect(mark).toHaveAttribute("data-acknowledged", "true");
  await expect(opened.locator('[data-testid="review-matrix"] tr[data-task-class="live-input"] [data-invariant="live-input-needs-streaming"]')).toHaveAttribute("data-acknowledged", "in force");
  await opened.getByTestId("decision-live-input").click();
  await expect(opened.getByTestId("explain-acknowledgement")).toContainText("by Ana until 2099-12-31: Contoso turns streaming on next quarter.");

  // Copied on from there, as Markdown for a ticket: the acknowledgement is said, with its reason, before the link.
  await opened.getByRole("button", { name: "Copy as Markdown", exact: true }).click();
  await expect(opened.getByTestId("share-status")).toContainText("Copied");
  const markdown = await opened.evaluate(() => navigator.clipboard.readText());
  expect(markdown).toContain("| Live input (`live-input`) | reject |");
  expect(markdown).toContain("- live-input: reject, acknowledged (live-input-needs-streaming); it does not fail a gate.");
  expect(markdown).toContain("by Ana until 2099-12-31: Contoso turns streaming on next quarter.");
  expect(markdown.indexOf("Acknowledged findings")).toBeLessThan(markdown.indexOf("[Open this review in Parley]"));
  expect(/\[Open this review in Parley\]\((.+)\)/.exec(markdown)?.[1]).toMatch(/#v2\./);
  await receiver.close();
});

// Issue 42 item 7: nothing done is lost on reload. Acknowledgements are kept in the draft like the
// profile, and importing them is an edit: a link's fragment, which holds the old ones, leaves the address.
test("acknowledgements imported alone survive a reload made at once", async ({ page }) => {
  await openWorkspace(page);
  await importConfig(page, "acknowledged.json", [ACK], true);
  await expect(page.getByTestId("config-file-status")).toContainText("Imported from acknowledged.json: 1 acknowledgement.");
  await expect(page.getByTestId("acknowledged-live-input")).toHaveText("acknowledged");
  await page.reload();

  await expect(page.getByTestId("draft-notice")).toContainText("Restored your review from this browser");
  await expectDecision(page, "live-input", "reject");
  await expect(page.getByTestId("acknowledged-live-input")).toHaveText("acknowledged");
  await expect(page.getByTestId("config-acknowledgements").locator('li[data-task-class="live-input"]')).toHaveAttribute("data-acknowledged", "true");
  await page.getByTestId("decision-live-input").click();
  await expect(page.getByTestId("explain-acknowledgement")).toContainText("by Ana until 2099-12-31: Contoso turns streaming on next quarter.");
});

test("after a link with an expired acknowledgement, the ones imported since are what a reload shows, not the link's", async ({ page }) => {
  const link = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION, acknowledgements: [{ ...ACK, until: "2021-06-30" }] });
  await page.goto(`/#${link}`);
  await expect(page.getByTestId("link-notice")).toHaveAttribute("data-notice", "snapshot");
  await expect(page.getByTestId("acknowledged-live-input")).toHaveText("acknowledgement expired");

  await importConfig(page, "renewed.json", [ACK], true);
  await expect(page.getByTestId("acknowledged-live-input")).toHaveText("acknowledged");
  // The address no longer holds the link's review: the link's fragment is gone, as after any edit.
  await expect.poll(() => page.evaluate(() => location.hash)).toBe("");
  await page.reload();

  await expect(page.getByTestId("link-notice")).toHaveCount(0);
  await expect(page.getByTestId("draft-notice")).toBeVisible();
  await expectDecision(page, "live-input", "reject");
  await expect(page.getByTestId("acknowledged-live-input")).toHaveText("acknowledged");
  await page.getByTestId("decision-live-input").click();
  await expect(page.getByTestId("explain-acknowledgement")).toContainText("by Ana until 2099-12-31");
});
