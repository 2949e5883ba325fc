import { expect, test, type Page } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { digestCardText, ENGINE_VERSION, NORTHWIND, review, writeDecisionRecord } from "../lib/negotiation";
import { decodeReviewLink, encodeReviewLink } from "../lib/share";
import { startLocalServer } from "./local-server";

const RESULT = review(CONTOSO.text, NORTHWIND);
const RECORD = writeDecisionRecord(RESULT, "live-input", CONTOSO.text);
const DECISIONS = Object.fromEntries(RESULT.decisions.map((d) => [d.taskClass, d.decision]));
const SNAPSHOT = encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION, decisions: DECISIONS });
const CONTOSO_STREAMING = JSON.stringify({ ...(JSON.parse(CONTOSO.text) as object), capabilities: { streaming: true } }, null, 2);
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
  // The address names the record's task class, so the review opens on its row.
  expect(href).toBe(`/?class=live-input#${SNAPSHOT}`);
  // The link carries the exact review (card bytes and profile)...
  const decoded = decodeReviewLink(href.slice(href.indexOf("#")));
  expect(decoded.ok && decoded.link.kind === "snapshot" && decoded.link.state.cardText).toBe(CONTOSO.text);
  expect(decoded.ok && decoded.link.state.profile).toEqual(NORTHWIND);

  await open.click();
  await expect(page).toHaveURL(new RegExp(`/#${SNAPSHOT.slice(0, 40)}`));
  // The workspace shows the review the record came from: live-input rejected, request-response accepted.
  await expect(page.getByTestId("decision-live-input")).toHaveAttribute("data-decision", "reject");
  await expect(page.getByTestId("decision-request-response")).toHaveAttribute("data-decision", "accept");
  await expect(page.getByTestId("card-editor")).toContainText("Contoso Voice Desk");
  // ...opened on the record's class: its decision cell selected, and the parameter read once and gone.
  await expect(page.getByTestId("decision-live-input")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("decision-request-response")).toHaveAttribute("aria-selected", "false");
  await expect.poll(() => new URL(page.url()).search).toBe("");
  expect(new URL(page.url()).hash).toBe(`#${SNAPSHOT}`);
});

test.describe("a record without a link", () => {
  let vendor: Awaited<ReturnType<typeof startLocalServer>>;
  const served: Record<string, string> = {};

  test.beforeAll(async () => {
    // Where the card was published: the record's card, and a later edit of it at another path.
    served["/.well-known/agent-card.json"] = CONTOSO.text;
    served["/cards/voice-desk-v2.json"] = CONTOSO_STREAMING;
    vendor = await startLocalServer((request, response) => {
      const body = served[request.url ?? ""];
      response.writeHead(body === undefined ? 404 : 200, { "content-type": body === undefined ? "text/plain" : "application/json" });
      response.end(body ?? "not here");
    });
  });
  test.afterAll(() => vendor.close());

  test("asks for the card, fetches it from the URL given, says it is the record's card, and opens that review", async ({ page }) => {
    await openExplainer(page);
    await paste(page, RECORD);
    const entry = entries(page).first();
    const form = entry.getByTestId("record-card-form");
    // No review is offered before there is a card: nothing can open empty.
    await expect(entry.getByTestId("open-review")).toHaveCount(0);
    await expect(form.getByTestId("record-card-needed")).toContainText(digestCardText(CONTOSO.text));
    await expect(form.getByTestId("record-card-needed")).toContainText("give the card the decision was made on: its URL, its file, or its text");
    // The record names only the agent's endpoint: its origin is offered, and said to be a guess at discovery.
    const url = form.getByLabel("Card URL");
    await expect(url).toHaveValue("https://agents.contoso.example");
    await expect(form).toContainText("/.well-known/agent-card.json, then agent.json");

    // From the keyboard: the URL field, then Enter fetches.
    await url.fill(vendor.url);
    await url.press("Enter");
    const check = form.getByTestId("record-card-check");
    await expect(check).toHaveAttribute("data-same", "true");
    await expect(check).toContainText("Same card as the record");
    await expect(check).toContainText(`fetched from ${vendor.url}/.well-known/agent-card.json`);

    const open = form.getByTestId("open-review");
    await open.focus();
    await page.keyboard.press("Enter");
    // The workspace opens that card with the record's profile, and the record's decision holds.
    await expect(page.getByTestId("card-editor")).toContainText("Contoso Voice Desk");
    await expect(page.getByTestId("decision-live-input")).toHaveAttribute("data-decision", "reject");
    await expect(page.getByTestId("link-notice")).toContainText("Opened a snapshot link");
    await expect(page.getByTestId("link-notice")).not.toContainText("differs");
  });

  test("a different card is said to be different, with both digests, and its review is this card's", async ({ page }) => {
    await openExplainer(page);
    await paste(page, RECORD);
    const form = entries(page).first().getByTestId("record-card-form");
    await form.getByTestId("record-card-file").setInputFiles({ name: "voice-desk-v2.json", mimeType: "application/json", buffer: Buffer.from(CONTOSO_STREAMING) });
    const check = form.getByTestId("record-card-check");
    await expect(check).toHaveAttribute("data-same", "false");
    await expect(check).toContainText(
      `A different card (the file voice-desk-v2.json): the record was made on digest ${digestCardText(CONTOSO.text)}, this card’s is ${digestCardText(CONTOSO_STREAMING)}.`,
    );
    await form.getByTestId("open-review").click();
    // This card streams: live input is no longer rejected here, and nothing says it was the record's.
    await expect(page.getByTestId("decision-live-input")).not.toHaveAttribute("data-decision", "reject");
    await expect(page.getByTestId("card-editor")).toContainText('"streaming": true');
  });

  test("a URL that serves no card says why, offers no review, and a pasted card still opens it", async ({ page }) => {
    await openExplainer(page);
    await paste(page, RECORD);
    const form = entries(page).first().getByTestId("record-card-form");
    await form.getByLabel("Card URL").fill(`${vendor.url}/nowhere.json`);
    await form.getByRole("button", { name: "Fetch the card" }).click();
    await expect(form.getByTestId("record-card-error")).toContainText(`The card could not be fetched from ${vendor.url}/nowhere.json`);
    await expect(form.getByTestId("open-review")).toHaveCount(0);

    await form.getByText("Or paste the card’s text").click();
    await form.getByTestId("record-card-paste").fill(CONTOSO.text);
    await form.getByRole("button", { name: "Check the pasted card" }).click();
    await expect(form.getByTestId("record-card-check")).toHaveAttribute("data-same", "true");
    await expect(form.getByTestId("record-card-error")).toHaveCount(0);
    await expect(form.getByTestId("open-review")).toBeVisible();
  });

  test("on a 390 px phone the card form fits, with no sideways scroll", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openExplainer(page);
    await paste(page, RECORD);
    const form = entries(page).first().getByTestId("record-card-form");
    await form.getByLabel("Card URL").fill(`${vendor.url}/cards/voice-desk-v2.json`);
    await form.getByRole("button", { name: "Fetch the card" }).click();
    await expect(form.getByTestId("record-card-check")).toHaveAttribute("data-same", "false");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
    const box = await form.getByTestId("open-review").boundingBox();
    expect(box && box.x + box.width <= 390).toBe(true);
  });
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
  // Refused before it is read (an input error, with the limit), and the box keeps what it had.
  await expect(page.getByTestId("log-refused")).toContainText("reads at most 1,048,576");
  await expect(page.getByLabel("Log lines")).toHaveValue("");
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
