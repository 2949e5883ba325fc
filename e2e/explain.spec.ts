import { expect, test, type Page } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { ENGINE_VERSION, NORTHWIND, review, writeDecisionRecord } from "../lib/negotiation";
import { decodeReviewLink, encodeReviewLink } from "../lib/share";

const RESULT = review(CONTOSO.text, NORTHWIND);
const RECORD = writeDecisionRecord(RESULT, "live-input", CONTOSO.text);
const DECISIONS = Object.fromEntries(RESULT.decisions.map((d) => [d.taskClass, d.decision]));
const SNAPSHOT = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION, decisions: DECISIONS });
const RECORD_WITH_LINK = JSON.stringify({ ...(JSON.parse(RECORD) as object), reviewLink: `https://parley.example/#${SNAPSHOT}` });

async function openExplainer(page: Page) {
  await page.goto("/explain");
  await expect(page.getByRole("heading", { name: "Explain a log line" })).toBeVisible();
}

/** Types into the labelled box the way a user pastes: the whole text at once. */
async function paste(page: Page, text: string) {
  await page.getByLabel("Log lines").fill(text);
}

function entries(page: Page) {
  return page.getByTestId("log-entry");
}

test("a pasted decision record is explained, and Open review leads to the workspace with that review", async ({ page }) => {
  await openExplainer(page);
  await paste(page, `2026-11-08T09:41:07Z WARN northwind ${RECORD_WITH_LINK}`);
  const entry = entries(page).first();
  await expect(entry).toHaveAttribute("data-kind", "record");
  await expect(entry.getByTestId("log-headline")).toContainText("reject live-input for Contoso Voice Desk");
  await expect(entry.getByTestId("log-meaning")).toContainText("does not stream (capabilities.streaming is false)");
  await expect(entry.getByTestId("log-changes")).toContainText("bufferableInputModes");
  await expect(entry.getByTestId("rule-link")).toHaveAttribute("href", "/rules/live-input-needs-streaming");

  const open = entry.getByTestId("open-review");
  await expect(open).toHaveAttribute("data-link-kind", "snapshot");
  const href = (await open.getAttribute("href")) ?? "";
  expect(href).toBe(`/#${SNAPSHOT}`);
  // The link carries the exact review (card bytes and profile)...
  const decoded = decodeReviewLink(href);
  expect(decoded.ok && decoded.link.kind === "snapshot" && decoded.link.state.cardText).toBe(CONTOSO.text);
  expect(decoded.ok && decoded.link.state.profile).toEqual(NORTHWIND);

  await open.click();
  await expect(page).toHaveURL(new RegExp(`/#${SNAPSHOT.slice(0, 40)}`));
  // The workspace shows the review the record came from: live-input rejected, request-response accepted.
  await expect(page.getByTestId("decision-live-input")).toHaveAttribute("data-decision", "reject");
  await expect(page.getByTestId("decision-request-response")).toHaveAttribute("data-decision", "accept");
  await expect(page.getByTestId("card-editor")).toContainText("Contoso Voice Desk");
});

test("a record without a link opens a live review discovered from its card endpoint's origin and preset profile", async ({ page }) => {
  await openExplainer(page);
  await paste(page, RECORD);
  const open = entries(page).first().getByTestId("open-review");
  await expect(open).toHaveAttribute("data-link-kind", "live");
  const decoded = decodeReviewLink((await open.getAttribute("href")) ?? "");
  if (!decoded.ok || decoded.link.kind !== "live") throw new Error("expected a live link");
  expect(decoded.link.state.cardUrl).toBe("https://agents.contoso.example");
  expect(decoded.link.state.profile).toEqual(NORTHWIND);
  expect(decoded.link.state.snapshotDecisions).toEqual({ "live-input": "reject" });
});

test("unreadable lines are listed with why, blank lines skipped, line numbers kept", async ({ page }) => {
  await openExplainer(page);
  await paste(
    page,
    [
      "2026-11-08T09:41:08Z INFO task 7f3a completed",
      "",
      "task_class='live-input': card advertises live-only input modes ['audio/pcm'] but capabilities.streaming is False; client cannot buffer these modes.",
      '{"type":"parley.decision","v":7}',
    ].join("\n"),
  );
  await expect(entries(page)).toHaveCount(3);
  const first = entries(page).nth(0);
  await expect(first).toHaveAttribute("data-kind", "unreadable");
  await expect(first).toHaveAttribute("data-line", "1");
  await expect(first).toContainText("Not a Parley decision record");
  const seed = entries(page).nth(1);
  await expect(seed).toHaveAttribute("data-kind", "seed");
  await expect(seed).toHaveAttribute("data-line", "3");
  await expect(seed.getByTestId("rule-link")).toHaveAttribute("href", "/rules/live-input-needs-streaming");
  await expect(entries(page).nth(2)).toContainText("format version 7");
  await expect(page.getByTestId("log-summary")).toHaveText("1 line explained, 2 lines unreadable.");
});

test("the example fills the box from the keyboard and every line is explained", async ({ page }) => {
  await openExplainer(page);
  await page.getByRole("button", { name: "Paste an example" }).focus();
  await page.keyboard.press("Enter");
  await expect(entries(page)).toHaveCount(5);
  await expect(entries(page).first().getByTestId("open-review")).toBeVisible();
  await expect(page.locator('[data-testid="log-entry"][data-kind="unreadable"]')).toHaveCount(1);
});

test("input over the size cap gets a clear message, not a hang", async ({ page }) => {
  await openExplainer(page);
  await paste(page, "x".repeat(1_048_577));
  await expect(page.getByTestId("log-notice")).toContainText("reads at most 1,048,576");
  await expect(entries(page)).toHaveCount(0);
});

test("a pretty-printed record (JSON over many lines) is one entry, explained like its one-line form", async ({ page }) => {
  await openExplainer(page);
  const pretty = JSON.stringify(JSON.parse(RECORD_WITH_LINK), null, 2);
  const lines = pretty.split("\n").length;
  await paste(page, `2026-11-08T09:41:07Z WARN northwind.discovery\n${pretty}`);
  await expect(entries(page)).toHaveCount(2);
  const record = entries(page).nth(1);
  await expect(record).toHaveAttribute("data-kind", "record");
  await expect(record.locator("h2")).toHaveText(`Lines 2–${lines + 1}`);
  await expect(record.getByTestId("open-review")).toHaveAttribute("data-link-kind", "snapshot");
});

test("an UnnegotiableAgentCardError line can be reproduced in the workspace, clearly as a reconstruction", async ({ page }) => {
  await openExplainer(page);
  await paste(
    page,
    "2026-11-08 09:41:07,301 ERROR northwind.seed UnnegotiableAgentCardError: task_class='live-input': card advertises live-only input modes ['audio/pcm'] but capabilities.streaming is False; client cannot buffer these modes.",
  );
  const entry = entries(page).first();
  await expect(entry).toHaveAttribute("data-kind", "seed");
  const reproduction = entry.getByTestId("reproduction");
  await expect(reproduction).toContainText("It is a reconstruction");
  await expect(reproduction).toContainText("A full Parley decision record would add the exact card");
  await reproduction.getByTestId("reproduce").click();

  const notice = page.getByTestId("link-notice");
  await expect(notice).toContainText("A reconstruction from a log line, not a real review");
  await expect(page.getByTestId("decision-live-input")).toHaveAttribute("data-decision", "reject");
  await expect(page.locator('[data-task-class="live-input"] [data-invariant="live-input-needs-streaming"]')).toHaveAttribute("data-status", "violated");
  await expect(page.getByTestId("card-editor")).toContainText("Reconstruction from a log line (not the vendor's card)");
});

test("a line that is almost readable says what it lacks, never 'undefined' or a schema code", async ({ page }) => {
  await openExplainer(page);
  await paste(page, ['{"type":"parley.decision"}', "UnnegotiableAgentCardError: something", '{"type":"parley.decision","v":1,"engine":7}'].join("\n"));
  await expect(entries(page)).toHaveCount(3);
  await expect(entries(page).nth(0)).toContainText('This decision record has no format version: it needs "v": 1');
  await expect(entries(page).nth(1)).toContainText("This looks like an UnnegotiableAgentCardError message");
  await expect(entries(page).nth(1)).toContainText("task_class='…'");
  await expect(entries(page).nth(2)).toContainText("a value of the wrong kind at /engine: it needs a string there");
  for (const i of [0, 1, 2]) await expect(entries(page).nth(i)).not.toContainText(/undefined|invalid_type|Not a Parley decision record/);
});
