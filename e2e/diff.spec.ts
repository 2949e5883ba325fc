import { expect, test, type Page } from "./fixtures";
import { readCorpusCard } from "../fixtures/corpus";
import { CONTOSO, CONTOSO_LIVE_AUDIO } from "../lib/negotiation/examples/incidents";
import { detailOf, diffCards, ENGINE_VERSION, explainFinding, findPreset, NORTHWIND, orderDecisionChanges, review } from "../lib/negotiation";
import { cardDigestHex, decodeDiffLink, encodeLiveLink, encodeReviewLink } from "../lib/share";
import { renderDiffMarkdown } from "../lib/report/diff-markdown";
import { startLocalServer } from "./local-server";

// The earlier version: the rule's incident card (live audio, no streaming). The later one streams.
const BEFORE = CONTOSO_LIVE_AUDIO.text;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a card edited field by field
const edit = (text: string, change: (card: Record<string, any>) => void) => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same card
  const card = JSON.parse(text) as Record<string, any>;
  change(card);
  return JSON.stringify(card, null, 2);
};
const STREAMING = edit(BEFORE, (card) => (card.capabilities.streaming = true));

let server: Awaited<ReturnType<typeof startLocalServer>>;
let served = STREAMING;

test.beforeAll(async () => {
  // A vendor whose card has changed since a link was made.
  server = await startLocalServer((request, response) => {
    if (request.url === "/.well-known/agent-card.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(served);
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not here");
    }
  });
});

test.afterAll(() => server.close());

async function openDiff(page: Page, fragment = ""): Promise<void> {
  await page.goto(`/diff${fragment}`);
  await expect(page.getByTestId("diff-workbench")).toHaveAttribute("data-ready", "true");
}

function change(page: Page, taskClass: string) {
  return page.locator(`[data-testid="diff-decision-change"][data-task-class="${taskClass}"]`);
}

test("two versions of a card: the decision that moved, the findings that caused it with their explanations, then the fields", async ({ page }) => {
  await openDiff(page);
  await page.getByLabel("Before").fill(BEFORE);
  await page.getByLabel("After").fill(STREAMING);

  const live = change(page, "live-input");
  await expect(live).toHaveAttribute("data-before", "reject");
  await expect(live).toHaveAttribute("data-after", "accept");
  await expect(live).toHaveAttribute("data-worse", "false");
  // Why, in the engine's own words for both findings.
  const diff = diffCards(BEFORE, STREAMING, [NORTHWIND]);
  const detail = detailOf(diff, diff.decisionChanges.find((c) => c.taskClass === "live-input")!);
  const finding = detail.findings.find((f) => f.invariant === "live-input-needs-streaming")!;
  const shown = live.locator('[data-testid="diff-finding"][data-invariant="live-input-needs-streaming"]');
  await expect(shown).toContainText("violated");
  await expect(shown).toContainText("holds");
  await expect(shown).toContainText(explainFinding(finding.before!));
  await expect(shown).toContainText(explainFinding(finding.after!));
  await expect(shown.getByRole("link", { name: "live-input-needs-streaming" })).toHaveAttribute("href", "/rules/live-input-needs-streaming");

  await expect(page.getByTestId("diff-field")).toHaveCount(1);
  const field = page.locator('[data-testid="diff-field"][data-pointer="/capabilities/streaming"]');
  await expect(field).toContainText("changed");
  await expect(field).toContainText("false");
  await expect(field).toContainText("true");
});

test("a decision that stays the same for other reasons is shown apart, with what it rests on now and before", async ({ page }) => {
  // Streaming turned on fixes live input's first cause, while audio/mpeg-only outputs bring another.
  const after = edit(STREAMING, (card) => {
    card.defaultOutputModes = ["audio/mpeg"];
    for (const skill of card.skills) skill.outputModes = ["audio/mpeg"];
  });
  await openDiff(page);
  await page.getByLabel("Before").fill(BEFORE);
  await page.getByLabel("After").fill(after);

  await expect(page.getByRole("heading", { name: "Same decisions, other reasons" })).toBeVisible();
  const live = page.locator('[data-testid="diff-reason-change"][data-task-class="live-input"]');
  await expect(live).toHaveAttribute("data-decision", "reject");
  await expect(live.getByTestId("diff-rests-on")).toHaveText("Now rests on output-modes; before, on live-input-needs-streaming.");
  const diff = diffCards(BEFORE, after, [NORTHWIND]);
  const detail = detailOf(diff, diff.reasonChanges.find((c) => c.taskClass === "live-input")!);
  const outputs = detail.findings.find((f) => f.invariant === "output-modes")!;
  const shown = live.locator('[data-testid="diff-finding"][data-invariant="output-modes"]');
  await expect(shown).toContainText(explainFinding(outputs.after!));
  // The decisions that moved stay in their own list, not repeated as reasons.
  await expect(page.locator('[data-testid="diff-reason-change"]')).toHaveCount(diff.reasonChanges.length);
  await expect(change(page, "request-response")).toHaveAttribute("data-after", "reject");
  await expect(page.locator('[data-testid="diff-reason-change"][data-task-class="request-response"]')).toHaveCount(0);
});

test("a first visit with nothing to compare: one button fills both versions with the spec's sample at 0.2.5 and 1.0.1", async ({ page }) => {
  await openDiff(page);
  await page.getByTestId("diff-try-example").click();
  const before = readCorpusCard("a2a-spec-v0.2.5-geospatial.json");
  const after = readCorpusCard("a2a-spec-v1.0.1-geospatial-stale-security.json");
  await expect(page.getByLabel("Before")).toHaveValue(before);
  await expect(page.getByLabel("After")).toHaveValue(after);
  await expect(page.getByTestId("diff-before")).toContainText("built-in example: A2A spec 0.2.5 sample (GeoSpatial)");
  // The comparison is the engine's: as many field changes as diffCards finds, and the same moved decisions.
  // A capable client is compared too, so the example shows decisions that move (Northwind's do not).
  await expect(page.getByTestId("triage-profiles")).toContainText("Full-featured SDK client");
  const diff = diffCards(before, after, [NORTHWIND, findPreset("full-sdk")!]);
  expect(diff.fieldChanges.length).toBeGreaterThan(5);
  expect(diff.decisionChanges.length).toBeGreaterThan(0);
  await expect(page.getByTestId("diff-field")).toHaveCount(diff.fieldChanges.length);
  await expect(page.getByTestId("diff-decision-change")).toHaveCount(diff.decisionChanges.length);
  await expect(page.getByTestId("diff-try-example")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Compared with (2)" })).toBeVisible();
  await expect(page.getByText(/In this triage/)).toHaveCount(0);

  // Edited twice, the origin says so once.
  await page.getByLabel("Before").press("End");
  await page.getByLabel("Before").pressSequentially(" x");
  await expect(page.getByTestId("diff-before")).toContainText("From: built-in example: A2A spec 0.2.5 sample (GeoSpatial), edited.");
  await expect(page.getByTestId("diff-before")).not.toContainText("edited, edited");
});

test("with no decision changes, one sentence says so (not once more per profile)", async ({ page }) => {
  await openDiff(page);
  await page.getByLabel("Before").fill(BEFORE);
  await page.getByLabel("After").fill(edit(BEFORE, (card) => (card.description = "Same card, new words.")));
  await expect(page.getByTestId("diff-summary")).toHaveText("No decision changes for the profile Northwind discovery agent.");
  await expect(page.getByTestId("diff-profile")).toHaveCount(0);
  await expect(page.getByText("No decision changes.", { exact: true })).toHaveCount(0);
});

test("the decisions that got worse come first", async ({ page }) => {
  // Streaming on (live input opens) but audio is the only input (a client with audio only live cannot send it whole).
  const after = edit(BEFORE, (card) => {
    card.capabilities.streaming = true;
    card.defaultInputModes = ["audio/pcm"];
    for (const skill of card.skills as Array<{ inputModes?: string[] }>) skill.inputModes = ["audio/pcm"];
  });
  const expected = orderDecisionChanges(diffCards(BEFORE, after, [NORTHWIND]).decisionChanges);
  expect(expected.some((c) => c.worse)).toBe(true);
  expect(expected.some((c) => !c.worse)).toBe(true);
  await openDiff(page);
  await page.getByLabel("Before").fill(BEFORE);
  await page.getByLabel("After").fill(after);
  const changes = page.getByTestId("diff-decision-change");
  await expect(changes).toHaveCount(expected.length);
  expect(await changes.evaluateAll((items) => items.map((i) => `${i.getAttribute("data-task-class")}:${i.getAttribute("data-worse")}`))).toEqual(
    expected.map((c) => `${c.taskClass}:${c.worse}`),
  );
  await expect(page.getByTestId("diff-summary")).toContainText(`${expected.filter((c) => c.worse).length} for the worse`);
});

test("versions opened from files; a version that is not JSON is said so, and its decisions still compared", async ({ page }) => {
  await openDiff(page);
  await page.getByTestId("diff-before-file").setInputFiles({ name: "contoso-2026-10.json", mimeType: "application/json", buffer: Buffer.from(BEFORE) });
  await page.getByTestId("diff-after-file").setInputFiles({ name: "contoso-2026-11.json", mimeType: "application/json", buffer: Buffer.from(STREAMING) });
  await expect(page.getByTestId("diff-before")).toContainText("From: contoso-2026-10.json.");
  await expect(change(page, "live-input")).toHaveAttribute("data-after", "accept");

  await page.getByTestId("diff-after-file").setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from('{ "name": "Contoso", ') });
  await expect(page.getByTestId("diff-unparseable")).toContainText("After: The text is not valid JSON");
  // A card that is not JSON is rejected for every task class: whatever was not rejected before got worse.
  const before = review(BEFORE, NORTHWIND).decisions.filter((d) => d.decision !== "reject");
  await expect(page.getByTestId("diff-decision-change")).toHaveCount(before.length);
  for (const d of before) await expect(change(page, d.taskClass)).toHaveAttribute("data-after", "reject");
});

test("a snapshot link against the live card it was made from", async ({ page }) => {
  served = STREAMING;
  const fragment = encodeReviewLink({ cardText: BEFORE, cardUrl: server.url, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });
  await openDiff(page, `#${fragment}`);
  await expect(page.getByTestId("diff-before")).toContainText("the review link's snapshot");
  await expect(page.getByLabel("After")).toHaveValue(STREAMING);
  await expect(page.getByTestId("diff-after")).toContainText("fetched just now");
  await expect(change(page, "live-input")).toHaveAttribute("data-before", "reject");
  await expect(change(page, "live-input")).toHaveAttribute("data-after", "accept");
});

test("a drifted live link in the workspace opens the diff, which asks for the version the link was made from and checks it", async ({ page, context }) => {
  served = STREAMING;
  const then = review(BEFORE, NORTHWIND);
  const fragment = encodeLiveLink({
    cardUrl: server.url,
    profile: NORTHWIND,
    context: {},
    engineVersion: ENGINE_VERSION,
    snapshotDigest: cardDigestHex(BEFORE),
    snapshotDecisions: Object.fromEntries(then.decisions.map((d) => [d.taskClass, d.decision])),
  });
  await page.goto(`/#${fragment}`);
  const notice = page.getByTestId("link-notice");
  await expect(notice).toContainText("the card has drifted");
  const [tab] = await Promise.all([context.waitForEvent("page"), notice.getByTestId("link-diff").click()]);
  await expect(tab.getByTestId("diff-workbench")).toHaveAttribute("data-ready", "true");
  await expect(tab.getByLabel("After")).toHaveValue(STREAMING);
  await expect(tab.getByTestId("diff-then-digest")).toContainText(cardDigestHex(BEFORE));

  // Another version is not the one the link was made from; the right one is.
  await tab.getByLabel("Before").fill(CONTOSO.text);
  await expect(tab.getByTestId("diff-then-digest")).toHaveAttribute("data-match", "false");
  await tab.getByLabel("Before").fill(BEFORE);
  await expect(tab.getByTestId("diff-then-digest")).toHaveAttribute("data-match", "true");
  await expect(change(tab, "live-input")).toHaveAttribute("data-after", "accept");
});

test("a reload keeps both versions", async ({ page }) => {
  await openDiff(page);
  await page.getByLabel("Before").fill(BEFORE);
  await page.getByLabel("After").fill(STREAMING);
  await expect(change(page, "live-input")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Before")).toHaveValue(BEFORE);
  await expect(page.getByLabel("After")).toHaveValue(STREAMING);
  await expect(change(page, "live-input")).toHaveAttribute("data-after", "accept");
});

test("a version nested thousands of levels deep: a plain error naming that version, and no results of earlier text beside it", async ({ page }) => {
  await openDiff(page);
  await page.getByLabel("Before").fill('{ "name": "x", ');
  await page.getByLabel("After").fill(STREAMING);
  // The earlier text's comparison is on screen first.
  await expect(page.getByTestId("diff-unparseable")).toContainText("Before: The text is not valid JSON");
  const deep = `{"a": ${"[".repeat(3000)}${"]".repeat(3000)}}`;
  await page.getByLabel("Before").fill(deep);
  const failure = page.getByTestId("diff-failure");
  await expect(failure).toContainText("Before is nested more than");
  await expect(failure).not.toContainText(/postMessage|call stack|RangeError/);
  await expect(page.getByTestId("diff-unparseable")).toHaveCount(0);
  await expect(page.getByTestId("diff-decision-change")).toHaveCount(0);

  // The same for After, and a fixed version is compared again with no error left over.
  await page.getByLabel("Before").fill(BEFORE);
  await page.getByLabel("After").fill(deep);
  await expect(failure).toContainText("After is nested more than");
  await page.getByLabel("After").fill(STREAMING);
  await expect(change(page, "live-input")).toHaveAttribute("data-after", "accept");
  await expect(failure).toHaveCount(0);
});

test("a broken link in the address says so, on load and when put in the address of the open page", async ({ page }) => {
  await openDiff(page, "#v1.zz!!");
  const banner = page.getByTestId("diff-link-error");
  await expect(banner).toContainText("The link in the address could not be opened.");
  await expect(banner).toContainText('"!"');

  await page.goto("/diff");
  await page.evaluate(() => (window.location.hash = "live.garbage"));
  await expect(banner).toContainText("This is not a Parley review link");
  await expect(banner).toContainText("live.garbage");
});

test("a snapshot link with no card URL says the live card cannot be fetched and what to do instead", async ({ page }) => {
  const fragment = encodeReviewLink({ cardText: BEFORE, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });
  await openDiff(page, `#${fragment}`);
  await expect(page.getByTestId("diff-before")).toContainText("the review link's snapshot");
  await expect(page.getByTestId("diff-no-card-url")).toContainText("the live version cannot be fetched");
  await expect(page.getByTestId("diff-no-card-url")).toContainText("Paste or open");
  // Giving the current version compares them, and the note has done its work.
  await page.getByLabel("After").fill(STREAMING);
  await expect(change(page, "live-input")).toHaveAttribute("data-after", "accept");
  await expect(page.getByTestId("diff-no-card-url")).toHaveCount(0);
});

test("a version file that is not UTF-8 is refused at its byte, not opened with replacement characters", async ({ page }) => {
  await openDiff(page);
  const broken = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xc3, 0x28, 0x20, 0xff, 0xfe]), Buffer.from('"}')]);
  await page.getByTestId("diff-before-file").setInputFiles({ name: "badutf8.json", mimeType: "application/json", buffer: broken });
  await expect(page.getByTestId("diff-before").getByRole("alert")).toContainText("badutf8.json was not opened. It is not UTF-8 text: byte 12 (0xC3, counting from 0)");
  await expect(page.getByLabel("Before")).toHaveValue("");
});

const CLIPBOARD = ["clipboard-read", "clipboard-write"];

/** Both versions from files, so each has an origin a link must carry. */
async function openPair(page: Page, before = BEFORE, after = STREAMING): Promise<void> {
  await page.getByTestId("diff-before-file").setInputFiles({ name: "contoso-2026-10.json", mimeType: "application/json", buffer: Buffer.from(before) });
  await page.getByTestId("diff-after-file").setInputFiles({ name: "contoso-2026-11.json", mimeType: "application/json", buffer: Buffer.from(after) });
}

/** Presses a Share button from the keyboard and returns what reached the clipboard, once the page says it copied. */
async function copied(page: Page, name: string): Promise<string> {
  await page.getByTestId("diff-share").getByRole("button", { name }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("diff-share-status")).toContainText("Copied");
  return page.evaluate(() => navigator.clipboard.readText());
}

test("a diff share link holds both versions and the profiles, and opens (and reloads) as the same diff elsewhere", async ({ page, context, browser, baseURL }) => {
  await context.grantPermissions(CLIPBOARD);
  await openDiff(page);
  await openPair(page);
  await expect(change(page, "live-input")).toHaveAttribute("data-after", "accept");
  const link = await copied(page, "Copy link");
  expect(link.startsWith(`${baseURL}/diff#d1.`)).toBe(true);
  const decoded = decodeDiffLink(link);
  if (!decoded.ok) throw new Error(decoded.error.code);
  expect(decoded.state.before.text).toBe(BEFORE);
  expect(decoded.state.after.text).toBe(STREAMING);
  expect(decoded.state.profiles).toEqual([NORTHWIND]);

  // Another browser, nothing kept: the link alone brings the diff back.
  const other = await (await browser.newContext({ baseURL })).newPage();
  await other.goto(link);
  await expect(other.getByTestId("diff-workbench")).toHaveAttribute("data-ready", "true");
  await expect(other.getByLabel("Before")).toHaveValue(BEFORE);
  await expect(other.getByLabel("After")).toHaveValue(STREAMING);
  await expect(other.getByTestId("diff-before")).toContainText("From: contoso-2026-10.json (from the diff link).");
  await expect(change(other, "live-input")).toHaveAttribute("data-before", "reject");
  await expect(change(other, "live-input")).toHaveAttribute("data-after", "accept");
  const shown = await other.getByTestId("diff-decision-change").count();
  await other.reload();
  await expect(other.getByLabel("After")).toHaveValue(STREAMING);
  await expect(change(other, "live-input")).toHaveAttribute("data-after", "accept");
  await expect(other.getByTestId("diff-decision-change")).toHaveCount(shown);
  await other.close();
});

test("Copy as Markdown gives the decision moves and the findings behind them for a ticket, hostile names escaped", async ({ page, context }) => {
  await context.grantPermissions(CLIPBOARD);
  const evil = "Evil | [x](javascript:alert(1)) <img src=x onerror=alert(1)>";
  const before = edit(BEFORE, (card) => (card.name = evil));
  const after = edit(STREAMING, (card) => (card.name = evil));
  await openDiff(page);
  await openPair(page, before, after);
  await expect(change(page, "live-input")).toHaveAttribute("data-after", "accept");
  const markdown = await copied(page, "Copy as Markdown");
  const link = /\[Open this diff in Parley\]\(([^)]+)\)/.exec(markdown)?.[1];
  expect(link).toMatch(/\/diff#d1\./);
  // The engine's own ticket, for these two versions and their file names, with the link to this diff.
  expect(markdown).toBe(renderDiffMarkdown(diffCards(before, after, [NORTHWIND]), { before: "contoso-2026-10.json", after: "contoso-2026-11.json" }, link));
  expect(markdown).toContain("- `live-input`: reject → accept (**better**).");
  expect(markdown).toContain("`live-input-needs-streaming`: violated → holds.");
  expect(markdown).not.toMatch(/(^|[^\\])(<img|\[x\]\()/);
});

test("Open in the workspace: either version, with the profile chosen among the diff's, from the keyboard", async ({ page }) => {
  await openDiff(page);
  await page.getByTestId("diff-try-example").click();
  await expect(page.getByTestId("diff-decision-change").first()).toBeVisible();
  const after = readCorpusCard("a2a-spec-v1.0.1-geospatial-stale-security.json");
  const sdk = findPreset("full-sdk")!;
  await page.getByTestId("diff-open-profile").selectOption({ label: sdk.name });
  await page.getByTestId("diff-open-after").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/#v1\./);
  await expect(page.getByTestId("profile-form").getByLabel("Name")).toHaveValue(sdk.name);
  for (const decision of review(after, sdk).decisions) {
    await expect(page.getByTestId(`decision-${decision.taskClass}`)).toHaveAttribute("data-decision", decision.decision);
  }
  await expect(page.getByTestId("card-editor")).toContainText(JSON.parse(after).name as string);

  // Back on /diff the diff is as it was; Before opens with the diff's first profile.
  await page.goBack();
  await expect(page.getByLabel("After")).toHaveValue(after);
  await page.getByTestId("diff-open-before").click();
  await expect(page).toHaveURL(/\/#v1\./);
  await expect(page.getByTestId("profile-form").getByLabel("Name")).toHaveValue(NORTHWIND.name);
});

test("on a 390 px phone the diff and its Share tools fit, with no sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDiff(page);
  await page.getByTestId("diff-try-example").click();
  const share = page.getByTestId("diff-share");
  await expect(share.getByRole("button", { name: "Copy link" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBe(0);
  for (const control of [share.getByRole("button", { name: "Copy as Markdown" }), page.getByTestId("diff-open-after"), page.getByTestId("diff-open-profile")]) {
    const box = await control.boundingBox();
    expect(box && box.x + box.width <= 390).toBe(true);
  }
});

test("a broken diff link says what is wrong with it, in a diff link's words", async ({ page }) => {
  await openDiff(page, "#d1.zz!!");
  const banner = page.getByTestId("diff-link-error");
  await expect(banner).toContainText("The link in the address could not be opened.");
  await expect(banner).toContainText('contains "!" at position 5');
  await page.goto("/diff");
  await page.evaluate(() => (window.location.hash = "d7.abc"));
  await expect(banner).toContainText("This diff link uses format d7");
});
