import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { runCli } from "../lib/cli/test-io";
import { NORTHWIND } from "../lib/negotiation";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { expectDecision, openWorkspace, TASK_CLASSES } from "./workspace-helpers";

// The workspace and the CLI share one config file: what the workspace exports, `parley check` runs
// as is with the same decisions; what a team keeps in parley.config.json opens in the workspace,
// its acknowledged findings listed beside decisions that stay what they are.
const ACK = { invariant: "live-input-needs-streaming", taskClass: "live-input", reason: "Contoso turns streaming on next quarter.", by: "Ana", until: "2099-12-31" };

test("the workspace exports its profile and task classes as a parley.config.json that check runs with the same decisions", async ({ page }) => {
  await openWorkspace(page);
  await expectDecision(page, "live-input", "reject");
  const control = page.getByTestId("config-file");
  const downloading = page.waitForEvent("download");
  await control.getByRole("button", { name: "Export as parley.config.json" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("parley.config.json");
  const file = await download.path();
  const config = JSON.parse(readFileSync(file, "utf8")) as { profile: { name: string }; taskClasses: string[] };
  expect(config.profile.name).toBe("Northwind discovery agent");
  expect(config.taskClasses).toEqual(TASK_CLASSES);
  await expect(page.getByTestId("config-file-status")).toContainText('Exported parley.config.json: the profile "Northwind discovery agent" and 5 task classes.');

  // In CI: the same file, found in the project folder, decides as the workspace did.
  const project = mkdtempSync(path.join(tmpdir(), "parley-e2e-config-"));
  writeFileSync(path.join(project, "parley.config.json"), readFileSync(file));
  writeFileSync(path.join(project, "card.json"), CONTOSO.text);
  const cli = await runCli(["check", "--card", "card.json", "--format", "json"], { cwd: project });
  const decisions = (JSON.parse(cli.stdout) as { decisions: Record<string, { decision: string }> }).decisions;
  expect(Object.keys(decisions)).toEqual(TASK_CLASSES);
  for (const taskClass of TASK_CLASSES) {
    // "not-for-client" is how the matrix shows a reject aimed at the client; the JSON says reject.
    const shown = await page.getByTestId(`decision-${taskClass}`).getAttribute("data-outcome");
    expect(shown === "not-for-client" ? "reject" : shown, taskClass).toBe(decisions[taskClass]!.decision);
  }
});

test("a config file imported sets the profile and task classes, and lists its acknowledged finding beside the unchanged decision", async ({ page }) => {
  await openWorkspace(page);
  const control = page.getByTestId("config-file");
  const input = control.getByLabel("Import a config file…");

  await input.setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from('{\n  "profile": "northwind",\n  "taskClasses": [,]\n}') });
  await expect(page.getByTestId("config-file-status")).toContainText(/broken\.json: .*line 3, column \d+.* Nothing was imported\./);

  const config = { profile: "northwind-buffering", taskClasses: ["request-response", "live-input"], acknowledgements: [ACK] };
  await input.setInputFiles({ name: "parley.config.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(config)) });
  await expect(page.getByTestId("config-file-status")).toContainText('Imported from parley.config.json: the profile "Northwind with audio buffering", 2 task classes, 1 acknowledgement.');
  await expect(page.getByTestId("decision-async-completion")).toHaveCount(0);
  await expectDecision(page, "request-response", "accept");

  // Back to the live-only client: live input is rejected, and the list says it is acknowledged, by whom and why.
  const northwind = { ...config, profile: "northwind" };
  await input.setInputFiles({ name: "parley.config.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(northwind)) });
  await expectDecision(page, "live-input", "reject");
  const acknowledged = page.getByTestId("config-acknowledgements").locator('[data-task-class="live-input"]');
  await expect(acknowledged).toHaveAttribute("data-acknowledged", "true");
  await expect(acknowledged).toContainText("live-input: reject, acknowledged (live-input-needs-streaming); it does not fail a gate.");
  await expect(acknowledged).toContainText("by Ana until 2099-12-31: Contoso turns streaming on next quarter.");

  // Expired: said, and no longer acknowledged.
  const expired = { ...northwind, acknowledgements: [{ ...ACK, until: "2021-06-30" }] };
  await input.setInputFiles({ name: "old.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(expired)) });
  const line = page.getByTestId("config-acknowledgements").locator('[data-task-class="live-input"]');
  await expect(line).toHaveAttribute("data-acknowledged", "false");
  await expect(line).toContainText("expired on 2021-06-30: the finding counts again.");
});

test("a config file with several profiles: the workspace reviews for the first, says so, and a keyboard picks another", async ({ page }) => {
  await openWorkspace(page);
  const control = page.getByTestId("config-file");
  const config = { profiles: ["ci/profile.json", "northwind", "northwind-buffering"], taskClasses: ["live-input"] };
  await control.getByLabel("Import a config file…").setInputFiles({ name: "parley.config.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(config)) });
  const status = page.getByTestId("config-file-status");
  await expect(status).toContainText("parley.config.json names 3 profiles; the workspace reviews for one at a time and took northwind.");
  await expect(status).toContainText("The profile ci/profile.json is a file the browser cannot open from here");
  await expectDecision(page, "live-input", "reject");

  const choice = control.getByLabel("Profile from parley.config.json");
  await expect(choice.locator("option")).toHaveText(["Northwind discovery agent (northwind)", "Northwind with audio buffering (northwind-buffering)"]);
  await choice.focus();
  await page.keyboard.press("ArrowDown");
  await expect(choice).toHaveValue("1");
  await expectDecision(page, "live-input", "accept");
  await expect(status).toContainText('Reviewing for the profile "Northwind with audio buffering" (northwind-buffering) from parley.config.json.');
});

test("a config file imported, edited and exported again keeps what the workspace did not edit: the other profile, the lint acknowledgement, failOn", async ({ page }) => {
  await openWorkspace(page);
  const control = page.getByTestId("config-file");
  const LINT = { lint: "signatureUnverifiable", reason: "The release job verifies the signature with the vendor's pinned keys.", by: "Ana", until: "2099-12-31" };
  const config = { profiles: ["northwind", "a2a-js"], taskClasses: ["live-input"], acknowledgements: [LINT], failOn: "defer" };
  await control.getByLabel("Import a config file…").setInputFiles({ name: "team.config.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(config)) });
  const status = page.getByTestId("config-file-status");
  await expect(status).toContainText("team.config.json names 2 profiles; the workspace reviews for one at a time and took northwind.");
  await expectDecision(page, "live-input", "reject");

  // The edit: this client buffers its live audio now, so live input is accepted.
  await page.getByRole("group", { name: "Profile view" }).getByRole("button", { name: "JSON" }).click();
  const content = page.getByTestId("profile-json-editor").locator(".cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  const edited = { ...NORTHWIND, name: "Northwind, buffering now", bufferableInputModes: ["audio/pcm"] };
  await content.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, JSON.stringify(edited, null, 2));
  await expectDecision(page, "live-input", "accept");

  const downloading = page.waitForEvent("download");
  await control.getByRole("button", { name: "Export as parley.config.json" }).click();
  const file = await (await downloading).path();
  const exported = JSON.parse(readFileSync(file, "utf8")) as { profiles: Array<string | { name: string; bufferableInputModes: string[] }>; acknowledgements: unknown[]; failOn: string; taskClasses: string[] };
  expect(exported.profiles).toHaveLength(2);
  expect(exported.profiles[0]).toMatchObject({ name: "Northwind, buffering now", bufferableInputModes: ["audio/pcm"] });
  expect(exported.profiles[1]).toBe("a2a-js");
  expect(exported.acknowledgements).toEqual([LINT]);
  expect(exported.failOn).toBe("defer");
  expect(exported.taskClasses).toEqual(["live-input"]);
  await expect(status).toContainText('Exported parley.config.json: the profile "Northwind, buffering now" and 1 task class.');
  await expect(status).toContainText("It kept what team.config.json holds that this page does not show: 1 other profile; 1 lint acknowledgement; failOn.");

  // The draft keeps the file imported: after a reload, an export still writes it back with the edit in it.
  await page.reload();
  await expectDecision(page, "live-input", "accept");
  const again = page.waitForEvent("download");
  await page.getByTestId("config-file").getByRole("button", { name: "Export as parley.config.json" }).click();
  expect(JSON.parse(readFileSync(await (await again).path(), "utf8"))).toEqual(exported);

  // check runs both profiles of it, the edited one as the workspace decided.
  const project = mkdtempSync(path.join(tmpdir(), "parley-e2e-config-"));
  writeFileSync(path.join(project, "parley.config.json"), readFileSync(file));
  writeFileSync(path.join(project, "card.json"), CONTOSO.text);
  const cli = await runCli(["check", "--card", "card.json", "--format", "json"], { cwd: project });
  const reviews = (JSON.parse(cli.stdout) as { cards: Array<{ profile: string; decisions: Record<string, { decision: string }> }> }).cards;
  expect(reviews.map((r) => r.profile)).toEqual(["Northwind, buffering now", "A2A JS SDK client (Node)"]);
  expect(reviews[0]!.decisions["live-input"]!.decision).toBe("accept");
});
