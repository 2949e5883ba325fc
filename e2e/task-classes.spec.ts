import { readFileSync } from "node:fs";
import { expect, test, type Page } from "./fixtures";
import { runCli } from "../lib/cli/test-io";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { NORTHWIND, review, type TaskClass } from "../lib/negotiation";
import { expectDecision, matrix, openWorkspace, TASK_CLASSES } from "./workspace-helpers";
import { cellDecisions, dropFiles, grid, openTriage, presets, waitForReviews } from "./triage-helpers";

// The review's task classes (the user's own, the skill they are aim at) and the profile's unknown
// fields, as a user edits them in the workspace.

async function copyLink(page: Page): Promise<string> {
  await page.getByRole("button", { name: "Copy link", exact: true }).click();
  await expect(page.getByTestId("share-status")).toContainText("Copied");
  return page.evaluate(() => navigator.clipboard.readText());
}

function cell(page: Page, taskClass: string, invariant: string) {
  return matrix(page).locator(`[data-task-class="${taskClass}"] [data-invariant="${invariant}"]`);
}

/** Fills the editor with the push-only class of these journeys and adds it (kept in this browser). */
async function fillPushClass(page: Page): Promise<void> {
  const editor = page.getByTestId("task-class-editor");
  await editor.getByLabel("Name").fill("Call summary by push");
  await expect(editor.getByLabel("Id")).toHaveValue("call-summary-by-push");
  await editor.getByLabel("Description").fill("A recorded call sent whole; the summary is pushed back.");
  const inputModes = editor.getByRole("group", { name: "Input modes its tasks send" });
  await inputModes.getByLabel(/^Only these/).check();
  await inputModes.getByLabel("text/plain", { exact: true }).check();
  await editor.getByLabel("How the client learns the task completed").selectOption({ label: "Later, by push only" });
  await editor.getByLabel("Skill its tasks are aimed at").fill("summarize-call");
  await editor.getByRole("button", { name: "Add to the review" }).click();
  await expect(editor).toHaveCount(0);
}

const PUSH_CLASS: TaskClass = {
  id: "call-summary-by-push",
  title: "Call summary by push",
  description: "A recorded call sent whole; the summary is pushed back.",
  input: "whole",
  completion: "push",
  output: "required",
  skill: "summarize-call",
  inputModes: ["text/plain"],
};

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

test("a profile field left out: the matrix says what to declare, and declaring it in the form decides", async ({ page }) => {
  await openWorkspace(page);
  await expectDecision(page, "request-response", "accept");
  const credentials = page.getByTestId("profile-form").getByRole("group", { name: "Credentials it can present" });
  await credentials.getByLabel(/^Declared/).uncheck();

  // Unknown is not "cannot": the class is deferred, and the cell names the field to declare.
  await expectDecision(page, "request-response", "defer");
  const security = cell(page, "request-response", "security-satisfiable");
  await expect(security).toHaveAttribute("data-status", "not-evaluated");
  await expect(security).toHaveAttribute("title", /declare securitySchemes/);
  await expect(page.locator('[data-testid="verdict-line"][data-task-class~="request-response"]')).toContainText("securitySchemes");
  await security.click();
  await expect(page.getByText("Declare in the profile to evaluate")).toBeVisible();

  // Declared without mutualTLS: the server refuses every request. With it: accepted again.
  await credentials.getByLabel(/^Declared/).check();
  await credentials.getByLabel("http", { exact: true }).check();
  await expectDecision(page, "request-response", "reject");
  await expect(security).toHaveAttribute("data-status", "violated");
  await credentials.getByLabel("mutualTLS", { exact: true }).check();
  await expectDecision(page, "request-response", "accept");
  await expect(security).toHaveAttribute("data-status", "holds");
});

test("a task class made in the workspace is decided, kept in this browser and reproduced by a review link", async ({ page, browser, baseURL }) => {
  await openWorkspace(page);
  const panel = page.getByTestId("task-class-panel");
  await panel.getByRole("button", { name: "New task class…" }).click();
  const editor = page.getByTestId("task-class-editor");

  // A problem is named at its field, and nothing joins the review until it is fixed.
  await editor.getByRole("button", { name: "Add to the review" }).click();
  await expect(editor.getByRole("alert")).toContainText("Name");
  await expect(matrix(page).locator("[data-task-class]")).toHaveCount(5);

  await fillPushClass(page);

  // The engine's own decision for the same class, shown in the matrix and explained.
  const custom = PUSH_CLASS;
  const expected = review(CONTOSO.text, NORTHWIND, { taskClasses: [custom] }).decisions[0]!;
  expect(expected.decision).toBe("reject");
  await expectDecision(page, custom.id, expected.decision);
  await cell(page, custom.id, "push-callback-mtls").click();
  // A push-only class cannot fall back to polling: the finding's advice does not offer polling.
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", `${custom.id}/push-callback-mtls`);
  await expect(page.getByTestId("explain-panel")).toContainText("set callback.mtls to true");
  await expect(page.getByTestId("explain-panel")).not.toContainText("set canPoll to true");
  await page.getByTestId("verdict").getByRole("button", { name: "Call summary by push: reject. Show the explanation" }).click();
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", `${custom.id}/decision`);
  await expect(page.getByTestId("explain-panel")).toContainText("push, the only completion path the task class uses");
  await expect(panel.locator(`[data-task-class="${custom.id}"]`)).toContainText("Kept in this browser");

  const link = await copyLink(page);
  const other = await (await browser.newContext({ baseURL })).newPage();
  await other.goto(link);
  await expect(other.getByTestId("link-notice")).toHaveAttribute("data-notice", "snapshot");
  await expectDecision(other, custom.id, expected.decision);
  await expect(other.getByTestId("task-class-panel").locator(`[data-task-class="${custom.id}"]`)).toContainText(
    "whole input (text/plain) · learns of completion by push only · output awaited · aimed at skill summarize-call.",
  );
  // The class arrived whole: editing it shows what was made in the other browser.
  await other.getByRole("button", { name: "Edit Call summary by push" }).click();
  const otherEditor = other.getByTestId("task-class-editor");
  await expect(otherEditor.getByLabel("How the client learns the task completed")).toHaveValue("push");
  // The editor takes the keyboard when it opens; Escape closes it and hands focus back.
  await expect(otherEditor.getByLabel("Name", { exact: true })).toBeFocused();
  await other.keyboard.press("Escape");
  await expect(otherEditor).toHaveCount(0);
  await expect(other.getByTestId("new-task-class")).toBeFocused();
  await other.context().close();

  // Left out of the review, the kept class is still offered, and comes back with a click.
  const row = panel.locator(`[data-task-class="${custom.id}"]`);
  await row.getByRole("checkbox").uncheck();
  await expect(page.getByTestId(`decision-${custom.id}`)).toHaveCount(0);
  await row.getByRole("checkbox").check();
  await expectDecision(page, custom.id, expected.decision);
});

test("the skill picker aims every task class at one skill: its own modes decide, and a link keeps the aim", async ({ page, browser, baseURL }) => {
  await openWorkspace(page);
  await page.getByLabel("Preset or saved profile").selectOption({ label: "Northwind with audio buffering" });
  await expectDecision(page, "live-input", "accept");

  const picker = page.getByTestId("skill-picker");
  await expect(picker.locator("option")).toHaveText(["Any skill (the card's defaults and every skill)", "transcribe-call — Transcribe call", "summarize-call — Summarize call"]);
  await picker.selectOption("summarize-call");
  // summarize-call takes text only: nothing can go to it live.
  await expectDecision(page, "live-input", "reject");
  await expect(cell(page, "live-input", "input-modes")).toHaveAttribute("data-status", "violated");
  await expectDecision(page, "request-response", "accept");

  const link = await copyLink(page);
  const other = await (await browser.newContext({ baseURL })).newPage();
  await other.goto(link);
  await expectDecision(other, "live-input", "reject");
  await expect(other.getByTestId("skill-picker")).toHaveValue("summarize-call");
  await other.context().close();

  await picker.selectOption("");
  await expectDecision(page, "live-input", "accept");
});

test("a task class kept in this browser is offered in /triage: ticked in, every pair is decided for it", async ({ page }) => {
  await openWorkspace(page);
  await page.getByTestId("task-class-panel").getByRole("button", { name: "New task class…" }).click();
  await fillPushClass(page);

  await openTriage(page);
  await dropFiles(page, [{ name: "contoso.json", text: CONTOSO.text }]);
  await presets(page).getByLabel(NORTHWIND.name).check();
  await waitForReviews(page, 1);
  const classes = page.getByTestId("triage-task-classes");
  const kept = classes.getByTestId("triage-saved-task-classes").locator(`[data-task-class="${PUSH_CLASS.id}"]`);
  await expect(kept).toContainText("learns of completion by push only");
  await kept.getByRole("checkbox").check();
  await expect(page.getByTestId("triage-legend")).toContainText(PUSH_CLASS.id);

  // Decided again for the new class, as the engine decides it; leaving a built-in out drops its column.
  await classes.locator('[data-task-class="fire-and-forget"]').getByRole("checkbox").uncheck();
  await waitForReviews(page, 1);
  const expected = review(CONTOSO.text, NORTHWIND, { taskClasses: [...TASK_CLASSES.filter((t) => t !== "fire-and-forget"), PUSH_CLASS] });
  const shown = await cellDecisions(grid(page).getByTestId("triage-cell").first());
  expect(shown).toEqual(Object.fromEntries(expected.decisions.map((d) => [d.taskClass, d.decision])));
  expect(shown[PUSH_CLASS.id]).toBe("reject");
});

test("kept task classes go out as a file the CLI's --task-class-file runs, and come back in another browser", async ({ page, browser, baseURL }) => {
  await openWorkspace(page);
  const panel = page.getByTestId("task-class-panel");
  await expect(panel.getByRole("button", { name: "Export kept classes" })).toBeDisabled();
  await panel.getByRole("button", { name: "New task class…" }).click();
  await fillPushClass(page);

  const downloading = page.waitForEvent("download");
  await panel.getByRole("button", { name: "Export kept classes" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("task-classes.parley-task-classes.json");
  const path = await download.path();
  const text = readFileSync(path, "utf8");
  expect(JSON.parse(text)).toEqual([PUSH_CLASS]);

  // The same file in CI: the CLI decides the class as the workspace did.
  const cli = await runCli(["check", "--card", "example:contoso", "--profile", "northwind", "--task-class-file", path, "--format", "json"]);
  expect(cli.code).toBe(1);
  expect((JSON.parse(cli.stdout) as { decisions: Record<string, { decision: string }> }).decisions[PUSH_CLASS.id]!.decision).toBe("reject");

  // Another browser (nothing kept): a broken file says why; the exported one is kept and offered.
  const other = await (await browser.newContext({ baseURL })).newPage();
  await openWorkspace(other);
  const otherPanel = other.getByTestId("task-class-panel");
  if (!(await otherPanel.isVisible())) await other.getByRole("button", { name: /Task classes/ }).first().click();
  const input = otherPanel.getByLabel("Import classes from a file…");
  await input.setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from('[{"id": "Not An Id"}]') });
  await expect(other.getByTestId("task-class-status")).toContainText(`Entry 1 was not imported: title: give the task class a name. id: "Not An Id" cannot be an id`);
  await input.setInputFiles({ name: "classes.json", mimeType: "application/json", buffer: Buffer.from(text) });
  await expect(other.getByTestId("task-class-status")).toContainText(`Imported from classes.json: ${PUSH_CLASS.id}.`);
  const row = otherPanel.locator(`[data-task-class="${PUSH_CLASS.id}"]`);
  await expect(row.getByRole("checkbox")).not.toBeChecked();
  await row.getByRole("checkbox").check();
  await expectDecision(other, PUSH_CLASS.id, "reject");
  await other.context().close();
});

test("a half-filled new task class survives a reload, and is forgotten once cancelled", async ({ page }) => {
  await openWorkspace(page);
  const panel = page.getByTestId("task-class-panel");
  await panel.getByRole("button", { name: "New task class…" }).click();
  const editor = page.getByTestId("task-class-editor");
  await editor.getByLabel("Name").fill("Half-made class");
  await editor.getByLabel("How the client learns the task completed").selectOption("push");
  await expect.poll(() => page.evaluate(() => localStorage.getItem("parley.taskClassForm.v1")?.includes("Half-made class") ?? false)).toBe(true);
  await page.reload();
  await expect(editor.getByLabel("Name")).toHaveValue("Half-made class");
  await expect(editor.getByLabel("Id")).toHaveValue("half-made-class");
  await expect(editor.getByLabel("How the client learns the task completed")).toHaveValue("push");
  // Nothing joined the review on the way: the form is still only a form.
  await expect(matrix(page).locator("[data-task-class]")).toHaveCount(5);
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(editor).toHaveCount(0);
  await page.reload();
  await expect(panel.getByRole("button", { name: "New task class…" })).toBeVisible();
  await expect(editor).toHaveCount(0);
});
