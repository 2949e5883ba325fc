import { expect, type Page, test } from "./fixtures";
import { createHash } from "node:crypto";
import { readCorpusCard } from "../fixtures/corpus";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { NORTHWIND } from "../lib/negotiation";
import { expectDecision, loadExample, openWorkspace, pasteCard, revisionOf } from "./workspace-helpers";

/** The fold gutter's mark beside the first editor line holding `text`: "Fold line", "Unfold line", or "" for none. */
async function foldMarkBeside(page: Page, text: string): Promise<string> {
  return page.getByTestId("card-editor").evaluate((editor, wanted) => {
    const line = [...editor.querySelectorAll(".cm-line")].find((l) => l.textContent?.includes(wanted));
    if (!line) throw new Error(`no editor line holds ${wanted}`);
    const top = line.getBoundingClientRect().top;
    const mark = [...editor.querySelectorAll(".cm-foldGutter .cm-gutterElement")].find((g) => Math.abs(g.getBoundingClientRect().top - top) < 2);
    return mark?.querySelector("span")?.getAttribute("title") ?? "";
  }, text);
}

test("opens on the incident: Contoso × Northwind, decided per task class", async ({ page }) => {
  await openWorkspace(page);
  await expect(page.getByTestId("card-shape")).toContainText("1.0");
  await expectDecision(page, "live-input", "reject");
  await expectDecision(page, "request-response", "accept");
  await expectDecision(page, "async-completion", "accept-degraded");
});

test("pasting the incident card rejects live input and accepts request-response; buffering audio accepts live input", async ({
  page,
}) => {
  await openWorkspace(page);
  await loadExample(page, "spec 1.0.1 sample");
  await expect(page.getByTestId("card-editor")).toContainText("GeoSpatial");
  const before = await revisionOf(page);

  await pasteCard(page, CONTOSO.text);
  await expect.poll(() => revisionOf(page)).toBeGreaterThan(before);
  await expect(page.getByTestId("card-editor")).toContainText("Contoso Voice Desk");
  await expectDecision(page, "live-input", "reject");
  await expectDecision(page, "request-response", "accept");

  // The live-input cell names the invariant that fired and the path it cuts.
  const cell = page.locator('[data-task-class="live-input"] [data-invariant="live-input-needs-streaming"]');
  await expect(cell).toHaveAttribute("data-status", "violated");
  await expect(cell).toContainText("audio/pcm");

  await page.getByLabel("Preset or saved profile").selectOption({ label: "Northwind with audio buffering" });
  await expectDecision(page, "live-input", "accept");
  await expectDecision(page, "request-response", "accept");
});

test("a broken card gets inline errors and no accept anywhere", async ({ page }) => {
  await openWorkspace(page);
  // Text that is not JSON: said above the last valid card's review, and marked in the editor text.
  await pasteCard(page, '{\n  "name": "Broken",\n  "capabilities": {"streaming": false,\n}\n');
  await expect(page.getByTestId("syntax-error")).toContainText("not valid JSON");
  await expect(page.getByTestId("card-editor").locator(".cm-lintRange-error").first()).toBeVisible();
  // JSON that is no valid card: invalid, and no accept anywhere.
  await pasteCard(page, '{\n  "name": "Broken",\n  "capabilities": {"streaming": false}\n}\n');
  await expect(page.getByTestId("card-validity")).toContainText("invalid card");
  await expect(page.getByTestId("card-editor").locator(".cm-lintRange-error").first()).toBeVisible();
  await expect(page.getByTestId("validity-problems")).toBeVisible();
  // The cell selected before the card broke has no finding now: its row's decision explains why.
  await expect(page.getByTestId("explain-panel")).toContainText("not valid");
  const decisions = page.locator("[data-decision]");
  await expect(decisions.first()).toBeVisible();
  for (const value of await decisions.evaluateAll((cells) => cells.map((c) => c.getAttribute("data-decision")))) {
    expect(value).not.toMatch(/^accept/);
  }

  // A card that parses but breaks the schema is also underlined where it is wrong.
  await loadExample(page, "Broken card from the A2A CLI");
  await expect(page.getByTestId("card-validity")).toContainText("invalid card");
  await expect(page.getByTestId("card-editor").locator(".cm-lintRange-error").first()).toBeVisible();
  await expect(page.locator('[data-decision^="accept"]')).toHaveCount(0);
});

test("an invalid card's problems: the error first, said in words, an empty URL called empty", async ({ page }) => {
  await openWorkspace(page);
  await pasteCard(page, readCorpusCard("wild-ms365-dad-joke-hybrid.json"));
  await expect(page.getByTestId("card-validity")).toContainText("invalid card");
  const rows = page.getByTestId("validity-problems").getByRole("listitem");
  await expect(rows).toHaveCount(7);
  // Two errors first: its interface lacks the protocolVersion 1.0 requires (issue 28), and no endpoint is callable.
  await expect(rows.nth(0)).toContainText("✗ error");
  await expect(rows.nth(0)).toContainText("has no protocolVersion, which A2A 1.0 requires, so a conforming client refuses this card");
  await expect(rows.nth(1)).toContainText("✗ error");
  await expect(rows.nth(1)).toContainText("The card names no endpoint a client can call");
  for (const row of (await rows.all()).slice(2)) await expect(row).toContainText("! warning");
  await page.getByTestId("decision-request-response").click();
  await expect(page.getByTestId("explain-panel")).toContainText("The card is not valid (an interface without a protocol version and no endpoint a client can call)");
  await expect(page.locator("body")).not.toContainText("noCallableInterface");

  await pasteCard(page, readCorpusCard("a2a-pr300-hyperwhales-wellknown.json"));
  await expect(page.getByTestId("validity-problems")).toContainText("its URL is empty");
  await expect(page.getByTestId("validity-problems")).not.toContainText('"" is a template');
});

test("at 1440 px the card's example picker and file input are not cut short", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openWorkspace(page);
  const picker = page.getByLabel("Built-in example");
  await expect(picker).not.toHaveValue("");
  // Each control has the panel's whole width: the picked example's name is shown whole.
  const shownWhole = () =>
    picker.evaluate((select: HTMLSelectElement) => {
      const probe = document.createElement("span");
      probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(select).font}`;
      probe.textContent = select.selectedOptions[0]?.text ?? "";
      document.body.append(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      // Room for the text beside the arrow and padding.
      return select.clientWidth - 32 >= needed;
    });
  expect(await shownWhole()).toBe(true);
  await loadExample(page, "A2A spec 1.0.1 sample (GeoSpatial)");
  await expect(picker).toHaveValue("spec-1-0-geospatial");
  expect(await shownWhole()).toBe(true);
  const file = page.getByLabel("Open a file (or drop it on the editor)");
  const box = (await file.boundingBox())!;
  const pickerBox = (await picker.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(pickerBox.width - 1);
});

test("a card opened from a file, edited, and opened again from the same file comes back as the file holds it", async ({ page }) => {
  await openWorkspace(page);
  const file = { name: "magic8ball.json", mimeType: "application/json", buffer: Buffer.from(readCorpusCard("a2a-docs-v0.3.0-extensions-magic8ball.json")) };
  const picker = page.getByLabel("Open a file (or drop it on the editor)");
  await picker.setInputFiles(file);
  await expect(page.getByText("Opened magic8ball.json.")).toBeVisible();
  // Cleared after the pick: a browser fires no change for the same file picked again otherwise.
  await expect(picker).toHaveValue("");
  const editor = page.getByTestId("card-editor");
  await expect(editor).toContainText('"name": "Magic 8-ball"');
  await editor.locator(".cm-line", { hasText: '"name": "Magic 8-ball"' }).click();
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.type(" edited");
  await expect(editor).toContainText('"name": "Magic 8-ball edited"');
  await picker.setInputFiles(file);
  await expect(editor).toContainText('"name": "Magic 8-ball"');
  await expect(editor).not.toContainText("8-ball edited");
});

test("a card file that is not UTF-8 is refused at its byte and leaves the card as it was; a good file then opens", async ({ page }) => {
  await openWorkspace(page);
  const picker = page.getByLabel("Open a file (or drop it on the editor)");
  const editor = page.getByTestId("card-editor");
  await expect(editor).toContainText('"name": "Contoso Voice Desk"');
  // "caf" then 0xC3 0x28: a two-byte sequence broken at byte 12 (counting from 0).
  const latin = Buffer.concat([Buffer.from('{"name":"caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}')]);
  await picker.setInputFiles({ name: "latin.json", mimeType: "application/json", buffer: latin });
  const error = page.getByTestId("card-file-error");
  await expect(error).toContainText("latin.json was not opened. It is not UTF-8 text: byte 12 (0xC3, counting from 0)");
  await expect(editor).toContainText('"name": "Contoso Voice Desk"');
  await expect(page.getByText("Opened latin.json.")).toHaveCount(0);
  await picker.setInputFiles({ name: "magic8ball.json", mimeType: "application/json", buffer: Buffer.from(readCorpusCard("a2a-docs-v0.3.0-extensions-magic8ball.json")) });
  await expect(page.getByText("Opened magic8ball.json.")).toBeVisible();
  await expect(error).toHaveCount(0);
});

test("a file dropped on the editor is read the same way: not UTF-8 is refused at its byte, a card opens", async ({ page }) => {
  await openWorkspace(page);
  // The plain text area until the user reaches for the editor, CodeMirror after: both hand a dropped file to the same reader.
  const drop = (name: string, bytes: number[]) =>
    page.getByTestId("card-editor").locator("textarea, .cm-content").first().evaluate(
      (target, file) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([Uint8Array.from(file.bytes)], file.name, { type: "application/json" }));
        target.dispatchEvent(new DragEvent("drop", { dataTransfer: transfer, bubbles: true, cancelable: true }));
      },
      { name, bytes },
    );
  await drop("utf16.json", [0xff, 0xfe, 0x7b, 0x00]);
  await expect(page.getByTestId("card-file-error")).toContainText("utf16.json was not opened. It is not UTF-8 text: byte 0 (0xFF, counting from 0)");
  await expect(page.getByTestId("card-editor")).toContainText('"name": "Contoso Voice Desk"');
  await drop("magic8ball.json", [...Buffer.from(readCorpusCard("a2a-docs-v0.3.0-extensions-magic8ball.json"))]);
  await expect(page.getByText("Opened magic8ball.json.")).toBeVisible();
  await expect(page.getByTestId("card-editor")).toContainText('"name": "Magic 8-ball"');
});

test("the fold gutter: marks the lines that fold, follows typing, folds and unfolds on a click", async ({ page }) => {
  await openWorkspace(page);
  await expect.poll(() => foldMarkBeside(page, '"provider": {')).toBe("Fold line");
  expect(await foldMarkBeside(page, '"name": "Contoso Voice Desk"')).toBe("");

  // Typing inside a string moves nothing that folds: the marks stay beside their lines.
  const editor = page.getByTestId("card-editor");
  await editor.locator(".cm-line", { hasText: '"name": "Contoso Voice Desk"' }).click();
  await page.keyboard.press("End");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.type(" Two");
  await expect(editor).toContainText('"name": "Contoso Voice Desk Two"');
  expect(await foldMarkBeside(page, '"provider": {')).toBe("Fold line");

  // A new object typed in gets its own mark.
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await page.keyboard.type('"metadata": {');
  await page.keyboard.press("Enter");
  await page.keyboard.type('"team": "voice"');
  await page.keyboard.press("Enter");
  await page.keyboard.type("},");
  await expect.poll(() => foldMarkBeside(page, '"metadata": {')).toBe("Fold line");
  await expect(page.getByTestId("validity-summary")).toHaveAttribute("data-valid", "true");

  // A click folds the provider object; another unfolds it.
  const providerMark = async () => {
    const box = await editor.locator(".cm-line", { hasText: '"provider": {' }).boundingBox();
    const gutter = await editor.locator(".cm-foldGutter").boundingBox();
    return { x: gutter!.x + gutter!.width / 2, y: box!.y + box!.height / 2 };
  };
  let at = await providerMark();
  await page.mouse.click(at.x, at.y);
  await expect(editor.locator(".cm-foldPlaceholder")).toHaveCount(1);
  await expect(editor.locator(".cm-line", { hasText: '"organization"' })).toHaveCount(0);
  expect(await foldMarkBeside(page, '"provider": {')).toBe("Unfold line");
  at = await providerMark();
  await page.mouse.click(at.x, at.y);
  await expect(editor.locator(".cm-foldPlaceholder")).toHaveCount(0);
  await expect(editor.locator(".cm-line", { hasText: '"organization"' })).toHaveCount(1);
});

test("clicking a card field in the explanation highlights it in the editor", async ({ page }) => {
  await openWorkspace(page);
  await page.locator('[data-task-class="live-input"] [data-invariant="live-input-needs-streaming"]').click();
  const panel = page.getByTestId("explain-panel");
  await expect(panel).toContainText("What it checks");
  await panel.getByRole("button", { name: /capabilities\/streaming/ }).first().click();
  await expect(page.getByTestId("card-editor").locator(".cm-parley-highlight")).toContainText("false");
});

test("the decision record: the exact card bytes by their SHA-256, a snapshot link for a pasted card, copied as one log line", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const sha256 = (text: string) => "sha256:" + createHash("sha256").update(text, "utf8").digest("hex");
  await openWorkspace(page);
  const block = page.getByTestId("log-record");
  // Made only when opened: no digest is computed on every keystroke.
  await block.locator("summary").click();
  await expect(block.locator("pre")).toContainText(`"digest": "${sha256(CONTOSO.text)}"`);
  await expect(block.locator("pre")).toContainText('"reviewLink": "http');

  const edited = CONTOSO.text.replace("Contoso Voice Desk", "Contoso Voice Desk ✓");
  await pasteCard(page, edited);
  await expect(block.locator("pre")).toContainText(`"digest": "${sha256(edited)}"`);
  await expect(block.locator("pre")).toContainText('"name": "Contoso Voice Desk ✓"');

  // "Copy log line" copies one line of JSON (a log holds lines), whose link reopens this very review.
  await block.getByRole("button", { name: "Copy log line" }).click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).not.toContain("\n");
  const record = JSON.parse(copied) as { card: { digest: string }; reviewLink: string; taskClass: string };
  expect(record.card.digest).toBe(sha256(edited));
  expect(record.taskClass).toBe("live-input");
  await page.goto(record.reviewLink);
  await expect(page.getByTestId("link-notice")).toHaveAttribute("data-notice", "snapshot");
  await expect(page.getByTestId("card-editor")).toContainText("Contoso Voice Desk ✓");
});

test("the profile as JSON: in step with the form, a syntax error shown where it is, a valid edit applied to the review", async ({ page }) => {
  await openWorkspace(page);
  await page.getByRole("group", { name: "Profile view" }).getByRole("button", { name: "JSON" }).click();
  const editor = page.getByTestId("profile-json-editor");
  await expect(editor).toContainText('"name": "Northwind discovery agent"');

  // A preset picked elsewhere rewrites the JSON.
  await page.getByLabel("Preset or saved profile").selectOption({ label: "Northwind with audio buffering" });
  await expect(editor).toContainText('"name": "Northwind with audio buffering"');
  await expectDecision(page, "live-input", "accept");

  // Broken JSON: the error is listed and marked in the text; the review keeps the last valid profile.
  const content = editor.locator(".cm-content");
  const paste = (text: string) =>
    content.evaluate((element, pasted) => {
      const data = new DataTransfer();
      data.setData("text/plain", pasted);
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await paste(JSON.stringify({ ...NORTHWIND, name: "Edited" }, null, 2).replace('"Edited",', '"Edited"'));
  await expect(page.getByTestId("profile-json-issues")).toContainText("This is not JSON yet: a comma is expected between fields or list items here.");
  await expect(editor.locator(".cm-lintRange-error").first()).toBeVisible();
  await expectDecision(page, "live-input", "accept");

  // A look at the form does not throw the unfinished JSON away.
  const views = page.getByRole("group", { name: "Profile view" });
  await views.getByRole("button", { name: "Form" }).click();
  await views.getByRole("button", { name: "JSON" }).click();
  await expect(page.getByTestId("profile-json-issues")).toContainText("This is not JSON yet: a comma is expected");
  await content.click();

  // Fixed: the edited profile (no buffering) reviews at once.
  await page.keyboard.press("ControlOrMeta+a");
  await paste(JSON.stringify({ ...NORTHWIND, name: "Edited" }, null, 2));
  await expect(page.getByTestId("profile-json-issues")).toHaveCount(0);
  await expectDecision(page, "live-input", "reject");
});

test("profile JSON errors name the field and what it holds, in the workspace's words", async ({ page }) => {
  await openWorkspace(page);
  await page.getByRole("group", { name: "Profile view" }).getByRole("button", { name: "JSON" }).click();
  const content = page.getByTestId("profile-json-editor").locator(".cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await content.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData("text/plain", pasted);
    element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, JSON.stringify({ ...NORTHWIND, streaming: "yes", bufferable: ["audio/pcm"] }, null, 2));
  const issues = page.getByTestId("profile-json-issues");
  await expect(issues).toContainText('"streaming" must be true or false; it is the text "yes".');
  await expect(issues).toContainText('"bufferable" is not a field of a client profile: did you mean "bufferableInputModes"?');
  await expect(issues).not.toContainText("Invalid input");
});
