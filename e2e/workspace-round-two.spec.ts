import { expect, test, type Page } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { NORTHWIND, ENGINE_VERSION } from "../lib/negotiation";
import { encodeReviewLink } from "../lib/share";
import { openTriage, waitForReviews } from "./triage-helpers";
import { expectDecision, loadExample, matrix, openWorkspace, pasteCard } from "./workspace-helpers";

// Issue 31, the workspace round two: what a user sees while typing, editing and choosing cells.

const cell = (page: Page, taskClass: string, invariant: string) =>
  page.locator(`[data-task-class="${taskClass}"] [data-invariant="${invariant}"]`);

test("while a field is typed the card is not JSON: the last valid review stays, dimmed and labelled, under the syntax error", async ({ page }) => {
  await openWorkspace(page);
  await expectDecision(page, "live-input", "reject");
  // Half-way through typing a new field: the text stops being JSON.
  await pasteCard(page, CONTOSO.text.replace('"name":', '"description2": "half-typ'));
  const error = page.getByTestId("syntax-error");
  await expect(error).toContainText("Not JSON yet.");
  await expect(error).toContainText(/line \d+, column \d+/);
  const kept = page.getByTestId("last-valid-review");
  await expect(kept).toContainText("Last valid card");
  // The last valid card's decisions, not "not evaluated" everywhere.
  await expectDecision(page, "live-input", "reject");
  await expectDecision(page, "request-response", "accept");
  await expect(matrix(page).locator('[data-reason="invalid-card"]')).toHaveCount(0);
  await expect(page.getByTestId("verdict-headline")).not.toContainText("Not a valid Agent Card");
  await expect(page.locator("#review-heading").locator("..")).toContainText("last valid card");
  // Its explanation still answers a click.
  await cell(page, "async-completion", "push-callback-mtls").click();
  await expect(page.getByTestId("explain-panel")).toContainText("contosoMtls");
  // The editor underlines the syntax error where it is.
  await expect(page.getByTestId("card-editor").locator(".cm-lintRange-error").first()).toBeVisible();

  // Parses again: the review is of this card, and nothing is dimmed.
  await pasteCard(page, CONTOSO.text.replace(/"contosoMtls"/g, '"pushMtls"'));
  await expect(kept).toHaveCount(0);
  await expect(error).toHaveCount(0);
  await expect(page.getByTestId("explain-panel")).toContainText("pushMtls");
});

test("a card that is valid JSON but not a card is still said to be invalid (nothing kept over it)", async ({ page }) => {
  await openWorkspace(page);
  await pasteCard(page, '{"openapi": "3.1.0"}');
  await expect(page.getByTestId("verdict-headline")).toContainText("Not a valid Agent Card");
  await expect(page.getByTestId("last-valid-review")).toHaveCount(0);
});

test("side by side (1440 px) the review stays in view while the inputs scroll, and a chosen cell's explanation is brought into view", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWorkspace(page);
  // Down to the task classes, under the card, the profile and the conditions.
  await page.locator('[data-section="task-classes-heading"]').scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
  await expect(page.getByTestId("verdict")).toBeInViewport();
  await expect(matrix(page)).toBeInViewport();

  // Back at the top: a cell whose explanation is below the fold.
  await page.evaluate(() => window.scrollTo(0, 0));
  const explanation = page.locator("#explain-heading");
  await expect(explanation).not.toBeInViewport();
  const before = await page.evaluate(() => window.scrollY);
  await cell(page, "streaming-output", "stream-channel-available").click();
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", "streaming-output/stream-channel-available");
  await expect(explanation).toBeInViewport();
  // The page (and the inputs in it) stayed where it was: only the review's column moved.
  expect(await page.evaluate(() => window.scrollY)).toBe(before);
});

test("a first visit asks whose client this is before the verdict, and the choice is remembered", async ({ page }) => {
  await page.goto("/");
  const chooser = page.getByTestId("client-chooser");
  await expect(chooser).toContainText("Whose client is this?");
  await expect(chooser).toContainText("Northwind discovery agent");
  // Offered before the verdict: the SDK clients, a browser, a text-only client.
  for (const name of ["A2A Python SDK client", "A2A JS SDK client (Node)", "Browser client (JS SDK in a web page)", "Text-only JSON-RPC client"]) {
    await expect(chooser.getByRole("button", { name })).toBeVisible();
  }
  const chooserBox = await chooser.boundingBox();
  const verdictBox = await page.getByTestId("verdict").boundingBox();
  expect(chooserBox && verdictBox && chooserBox.y < verdictBox.y).toBe(true);
  const northwindVerdict = await page.getByTestId("verdict-headline").textContent();

  await chooser.getByRole("button", { name: "A2A Python SDK client" }).click();
  await expect(chooser).toHaveCount(0);
  await expect(page.getByTestId("client-line")).toContainText("For the client A2A Python SDK client");
  await expect(page.locator("#review-heading").locator("..")).toContainText("A2A Python SDK client · engine");
  await expect(page.getByTestId("verdict-headline")).not.toHaveText(northwindVerdict ?? "");

  // Remembered: the next visit opens for that client, and says so.
  await page.reload();
  await expect(page.getByTestId("client-line")).toContainText("For the client A2A Python SDK client");
  await expect(page.getByTestId("client-chooser")).toHaveCount(0);
  await expect(page.locator("#review-heading").locator("..")).toContainText("A2A Python SDK client · engine");
  await expect(page.getByTestId("verdict-headline")).not.toHaveText(northwindVerdict ?? "");
  // And can be changed.
  await page.getByRole("button", { name: "Choose another client" }).click();
  await page.getByTestId("client-chooser").getByRole("button", { name: "Text-only JSON-RPC client" }).click();
  await expect(page.getByTestId("client-line")).toContainText("Text-only JSON-RPC client");
});

test("the verdict says each thing once: a condition that changes nothing is not repeated per task class", async ({ page }) => {
  // A renegotiable client, an honored extension that resolves nothing named, and a task history.
  const link = encodeReviewLink({
    cardText: CONTOSO.text,
    profile: { ...NORTHWIND, fixed: false },
    context: { honoredExtensions: ["https://extensions.example/voice"], priorTaskHistory: true },
    engineVersion: ENGINE_VERSION,
  });
  await page.goto(`/#${link}`);
  const verdict = page.getByTestId("verdict");
  await expect(verdict.getByTestId("verdict-line")).toHaveCount(3);
  const boilerplate = "An extension the server honors cannot change this finding";
  const shared = verdict.getByTestId("verdict-shared").filter({ hasText: boilerplate });
  await expect(shared).toHaveCount(1);
  const text = (await verdict.textContent()) ?? "";
  expect(text.split(boilerplate).length - 1).toBe(1);
  // Said once, naming the task classes it is about.
  await expect(shared).toContainText("Live input");
  await expect(shared).toContainText("Streaming output");
  for (const line of await verdict.getByTestId("verdict-line").all()) await expect(line).not.toContainText(boilerplate);
});

for (const path of ["/triage", "/diff"]) {
  test(`on a 390 px phone ${path} opens with no sideways scroll, and never points "on the left"`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    const tryIt = page.getByTestId(path === "/triage" ? "triage-try-examples" : "diff-try-example");
    await expect(tryIt).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const box = await tryIt.boundingBox();
    expect(box && box.x + box.width <= 390).toBe(true);
    await expect(page.locator("main")).not.toContainText("on the left");
  });
}

test("triage at 1440 px gives the card names the room the grid has: none is cut short", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openTriage(page);
  await page.getByTestId("triage-try-examples").click();
  await waitForReviews(page, 27);
  const cut = await page.getByTestId("triage-row").evaluateAll((rows) =>
    rows.flatMap((row) => {
      const name = row.querySelector("th span span");
      return name && name.scrollWidth > name.clientWidth ? [row.getAttribute("data-card")] : [];
    }),
  );
  expect(cut).toEqual([]);
  // The grid is as wide as its section, not a fixed strip with empty space beside it.
  const table = await page.getByTestId("triage-grid").boundingBox();
  const scroll = await page.getByTestId("triage-grid-scroll").boundingBox();
  expect(table && scroll && table.width >= scroll.width - 4).toBe(true);
});

test("loading another card starts the explanation over on it, instead of the last card's cell", async ({ page }) => {
  await openWorkspace(page);
  await page.locator('[data-task-class="async-completion"] [data-invariant="push-callback-mtls"]').click();
  const panel = page.getByTestId("explain-panel");
  await expect(panel).toHaveAttribute("data-selection", "async-completion/push-callback-mtls");
  await loadExample(page, "Broken card from the A2A CLI");
  await expect(page.getByTestId("card-validity")).toContainText("invalid card");
  await expect(panel).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Explanation" })).toContainText("Select a cell or a decision in the matrix to see why.");
  await expect(page.getByRole("region", { name: "Explanation" })).not.toContainText("contosoMtls");
});

test("a card over Parley's size cap says so, and the cap, instead of calling it invalid", async ({ page }) => {
  test.setTimeout(60_000);
  await openWorkspace(page);
  const card = JSON.parse(CONTOSO.text) as Record<string, unknown>;
  card.description = "x".repeat(4_400_000);
  const text = JSON.stringify(card);
  await page.getByLabel("Open a file (or drop it on the editor)").setInputFiles({ name: "huge-card.json", mimeType: "application/json", buffer: Buffer.from(text) });
  const overCap = page.getByTestId("over-cap");
  await expect(overCap).toContainText("Over Parley's size cap: not reviewed.", { timeout: 20_000 });
  await expect(overCap).toContainText(`${text.length.toLocaleString("en-US")} characters long`);
  await expect(overCap).toContainText("at most 4,194,304 characters");
  await expect(page.getByTestId("card-validity")).toHaveCount(0);
});

test("a card with more skills than the picker lists: every skill can be found by search", async ({ page }) => {
  await openWorkspace(page);
  const card = JSON.parse(CONTOSO.text) as { skills: Array<Record<string, unknown>> };
  const base = card.skills[0]!;
  card.skills = Array.from({ length: 650 }, (_, i) => ({ ...base, id: `skill-${String(i).padStart(4, "0")}`, name: `Skill number ${i}` }));
  await pasteCard(page, JSON.stringify(card, null, 2));
  const search = page.getByTestId("skill-search");
  await page.locator('[data-section="task-classes-heading"]').scrollIntoViewIfNeeded();
  await expect(page.getByText("This card lists 650 skills; the list below holds the first 500.")).toBeVisible();
  const picker = page.getByTestId("skill-picker");
  await expect(picker.locator('option[value="skill-0612"]')).toHaveCount(0);
  await search.fill("skill-061");
  await expect(page.getByTestId("skill-search-status")).toHaveText('10 skills match "skill-061": pick one in the list.');
  await picker.selectOption("skill-0612");
  await expect(page.getByTestId("task-class-status")).toHaveText("Every task class is aimed at skill skill-0612.");
  // By name too.
  await search.fill("number 649");
  await expect(picker.locator('option[value="skill-0649"]')).toHaveCount(1);
});

test("/explain: a pasted Python traceback's frames are skipped quietly and counted once; its error line is explained", async ({ page }) => {
  await page.goto("/explain");
  const traceback = [
    "Traceback (most recent call last):",
    '  File "/srv/northwind/seed.py", line 41, in main',
    "    client.negotiate(card)",
    '  File "/srv/northwind/negotiate.py", line 88, in negotiate',
    "    raise UnnegotiableAgentCardError(message)",
    "UnnegotiableAgentCardError: task_class='async-completion': server push notifications require mTLS under scheme 'contosoMtls', but client callback listener is plain HTTPS; registration would silently drop callbacks.",
  ].join("\n");
  await page.getByLabel("Log lines").fill(traceback);
  await expect(page.getByTestId("log-entry")).toHaveCount(1);
  await expect(page.getByTestId("log-summary")).toHaveText("1 line explained; 5 lines of a traceback skipped (its frames are not log records).");
  await expect(page.getByText("unreadable", { exact: true })).toHaveCount(0);
});
