import { expect, test, type Page } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { ENGINE_VERSION, NORTHWIND } from "../lib/negotiation";
import { encodeReviewLink } from "../lib/share";
import { encodeTriageLink } from "../lib/triage/link";
import { TRIAGE_FILE_TYPE } from "../lib/triage/triage";
import { bringUpRichEditor, expectDecision, revisionOf } from "./workspace-helpers";
import { waitForReviews } from "./triage-helpers";

// What a user does while a page is still hydrating is kept.
// - A link pasted into the address bar: Next's router, once it hydrates, writes back the address it
//   started from, so the fragment vanished from the address bar, and its hashchange fired before
//   the page listened. Each page must still open the link.
// - An edit typed into the server-rendered card text area: no change event reached React, and the
//   editor later swapped in started from the card it was rendered with.
// - An edit in any other field: shown in the field, while the page acted on the rendered value.

const STREAMING_CONTOSO = CONTOSO.text.replace('"streaming": false', '"streaming": true');
const reviewFragment = encodeReviewLink({ cardText: STREAMING_CONTOSO, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });

/**
 * Puts `fragment` into the open page's address, as a paste into the address bar does. With
 * `writtenOver`, the address is then written back without it in the same task, before the
 * hashchange fires: what Next's router does when one of its commits lands in between.
 */
function pasteIntoAddress({ fragment, writtenOver }: { fragment: string; writtenOver: boolean }): void {
  window.location.hash = fragment;
  if (writtenOver) window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
}

/** Opens `path`, and puts `fragment` into its address once the document is parsed, before the page hydrates. */
async function pasteWhileLoading(page: Page, path: string, fragment: string, writtenOver = false): Promise<void> {
  await page.addInitScript(
    ({ fragment, writtenOver }) => {
      // Once per test: a reload must not paste again.
      if (sessionStorage.getItem("pasted") === null) {
        sessionStorage.setItem("pasted", "1");
        // As pasteIntoAddress does (an init script carries no function of this file).
        document.addEventListener("DOMContentLoaded", () => {
          window.location.hash = fragment;
          if (writtenOver) window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
        });
      }
    },
    { fragment, writtenOver },
  );
  await page.goto(path);
}

/** Waits until the page has hydrated: its first reader has taken what the early recorder kept. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __parleyEarly?: { taken: boolean } }).__parleyEarly?.taken === true);
}

test("the workspace opens a review link pasted into the address while it loads, and the address keeps it", async ({ page }) => {
  await pasteWhileLoading(page, "/", reviewFragment);
  await expect(page.getByTestId("link-notice")).toContainText("Review link opened");
  // The link's card streams: live input is accepted, where the built-in example rejects it.
  await expectDecision(page, "live-input", "accept");
  expect(await page.evaluate(() => window.location.hash)).toBe(`#${reviewFragment}`);
  // The address is the link again: a reload opens the same review.
  await page.reload();
  await expect(page.getByTestId("link-notice")).toContainText("Review link opened");
  await expectDecision(page, "live-input", "accept");
});

test("the workspace says why a broken link pasted while it loads cannot be opened", async ({ page }) => {
  await pasteWhileLoading(page, "/", "v1.zz!!");
  await expect(page.getByTestId("link-notice")).toContainText("This review link cannot be opened.");
  await expect(page.getByTestId("no-card")).toBeVisible();
});

test("the triage opens a triage link pasted into the address while it loads", async ({ page }) => {
  const link = encodeTriageLink({
    type: TRIAGE_FILE_TYPE,
    v: 1,
    cards: [{ id: "c1", label: "contoso-streaming.json", text: STREAMING_CONTOSO }],
    profiles: [{ id: "p1", profile: NORTHWIND }],
  });
  if (!link.ok) throw new Error(`the triage link could not be made: ${link.code}`);
  await pasteWhileLoading(page, "/triage", link.fragment);
  await expect(page.getByTestId("triage-notice")).toHaveAttribute("data-notice", "openedLink");
  await waitForReviews(page, 1);
  expect(await page.getByTestId("triage-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-card")))).toEqual([
    "contoso-streaming.json",
  ]);
});

test("the diff opens a review link pasted into the address while it loads, as its before", async ({ page }) => {
  await pasteWhileLoading(page, "/diff", reviewFragment);
  await expect(page.getByTestId("diff-before")).toContainText("the review link's snapshot");
  await expect(page.getByTestId("diff-no-card-url")).toContainText("the live version cannot be fetched");
});

// Next's router writes the address it knows back in its commits. One that lands between a change
// of fragment and its hashchange leaves the address bar without the fragment when the event fires:
// the link must still open, and be put back in the address, whether the page had hydrated or not.
test("a link whose fragment the router wrote over before its hashchange fired opens on each page, once it has hydrated", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.evaluate(pasteIntoAddress, { fragment: reviewFragment, writtenOver: true });
  await expect(page.getByTestId("link-notice")).toContainText("Review link opened");
  await expectDecision(page, "live-input", "accept");
  expect(await page.evaluate(() => window.location.hash)).toBe(`#${reviewFragment}`);

  await page.goto("/diff");
  await expect(page.getByTestId("diff-workbench")).toHaveAttribute("data-ready", "true");
  await page.evaluate(pasteIntoAddress, { fragment: "live.garbage", writtenOver: true });
  await expect(page.getByTestId("diff-link-error")).toContainText("This is not a Parley review link");
  expect(await page.evaluate(() => window.location.hash)).toBe("#live.garbage");

  await page.goto("/triage");
  await hydrated(page);
  await page.evaluate(pasteIntoAddress, { fragment: "live.garbage", writtenOver: true });
  await expect(page.getByTestId("triage-notice")).toHaveAttribute("data-notice", "linkFailed");
  expect(await page.evaluate(() => window.location.hash)).toBe("#live.garbage");
});

test("a link whose fragment the router wrote over before its hashchange fired opens while the page loads", async ({ page }) => {
  await pasteWhileLoading(page, "/diff", "live.garbage", true);
  await expect(page.getByTestId("diff-link-error")).toContainText("This is not a Parley review link");
  expect(await page.evaluate(() => window.location.hash)).toBe("#live.garbage");
});

/** Opens `path` and, once the document is parsed and before the page hydrates, types `text` into the text area labelled `label` (as a paste does: the field's own value setter, then an input event). */
async function typeWhileLoading(page: Page, path: string, label: string, text: string): Promise<void> {
  await page.addInitScript(
    ({ label, text }) => {
      document.addEventListener("DOMContentLoaded", () => {
        const field = [...document.querySelectorAll("label")].find((element) => element.textContent?.trim() === label)?.control;
        if (!(field instanceof HTMLTextAreaElement)) throw new Error(`the server did not render a text area labelled ${label}`);
        Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(field, text);
        field.dispatchEvent(new Event("input", { bubbles: true }));
      });
    },
    { label, text },
  );
  await page.goto(path);
}

test("log lines pasted before the explainer hydrated are explained", async ({ page }) => {
  const line =
    "task_class='live-input': card advertises live-only input modes ['audio/pcm'] but capabilities.streaming is False; client cannot buffer these modes.";
  await typeWhileLoading(page, "/explain", "Log lines", line);
  await expect(page.getByTestId("log-entry")).toHaveCount(1);
  await expect(page.getByTestId("rule-link")).toHaveAttribute("href", "/rules/live-input-needs-streaming");
  await expect(page.getByLabel("Log lines")).toHaveValue(line);
});

test("a card pasted into the triage before it hydrated is still there to add", async ({ page }) => {
  await typeWhileLoading(page, "/triage", "Paste a card", STREAMING_CONTOSO);
  await expect(page.getByTestId("triage-workbench")).toHaveAttribute("data-ready", "true");
  await expect(page.getByLabel("Paste a card")).toHaveValue(STREAMING_CONTOSO);
  await page.getByRole("button", { name: "Add card" }).click();
  await expect(page.getByLabel("Paste a card")).toHaveValue("");
  await expect(page.getByTestId("triage-card-list")).toContainText("Contoso Voice Desk");
});

test("a version pasted into the diff before it hydrated wins over the diff this browser kept", async ({ page }) => {
  // A diff kept from an earlier visit: its Before is the example card.
  await page.goto("/diff");
  await expect(page.getByTestId("diff-workbench")).toHaveAttribute("data-ready", "true");
  await page.getByLabel("Before").fill(CONTOSO.text);
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => (localStorage.getItem(key) ?? "").includes("Contoso")))).toBe(true);
  await typeWhileLoading(page, "/diff", "Before", STREAMING_CONTOSO);
  await expect(page.getByTestId("diff-workbench")).toHaveAttribute("data-ready", "true");
  await expect(page.getByLabel("Before")).toHaveValue(STREAMING_CONTOSO);
});

test("a card edit typed before the workspace hydrated is reviewed and kept in the editor", async ({ page }) => {
  await page.addInitScript(() => {
    // Once: the reload below must show what was kept, not a second early edit.
    if (sessionStorage.getItem("typed") !== null) return;
    sessionStorage.setItem("typed", "1");
    document.addEventListener("DOMContentLoaded", () => {
      const area = document.querySelector<HTMLTextAreaElement>("[data-testid=card-editor] textarea");
      if (!area) throw new Error("the server-rendered card text area is missing");
      // As typing does: the element's own value setter, then an input event.
      Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!.call(area, area.value.replace('"streaming": false', '"streaming": true'));
      area.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });
  await page.goto("/");
  // The built-in example rejects live input; the edited card streams.
  await expectDecision(page, "live-input", "accept");
  // The full editor, once it loads, holds the edit too: typing on in it keeps the card streaming.
  await bringUpRichEditor(page);
  await page.getByTestId("card-editor").locator(".cm-content").click();
  const revision = await revisionOf(page);
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" ");
  await expect.poll(() => revisionOf(page)).toBeGreaterThan(revision);
  await expectDecision(page, "live-input", "accept");
  // Kept in this browser as any edit is: a reload brings the edited card back.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("parley.workspaceDraft.v1")?.includes('\\"streaming\\": true') ?? false)).toBe(true);
  await page.reload();
  await expect(page.getByTestId("card-from-draft")).toContainText("Restored from the draft this browser kept");
  await expectDecision(page, "live-input", "accept");
});

test("a card written with CRLF line breaks, opened from a link, is no edit: the link stays in the address", async ({ page }) => {
  const fragment = encodeReviewLink({ cardText: STREAMING_CONTOSO.replace(/\n/g, "\r\n"), profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });
  await page.goto(`/#${fragment}`);
  await expect(page.getByTestId("link-notice")).toContainText("Review link opened");
  await expectDecision(page, "live-input", "accept");
  await expect(page.getByTestId("link-notice")).not.toContainText("edited");
  expect(await page.evaluate(() => window.location.hash)).toBe(`#${fragment}`);
});

test("a profile name typed before the workspace hydrated is the profile's name, not just the field's", async ({ page }) => {
  await page.addInitScript(() => {
    document.addEventListener("DOMContentLoaded", () => {
      const name = [...document.querySelectorAll<HTMLInputElement>("input")].find((input) => input.value === "Northwind discovery agent");
      if (!name) throw new Error("the server did not render the profile's name field");
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(name, "Northwind, typed early");
      name.dispatchEvent(new Event("input", { bubbles: true }));
    });
  });
  await page.goto("/");
  // The review names the profile it used: the typed name, as the field shows it.
  await expect(page.getByRole("region", { name: "Review" })).toContainText("Northwind, typed early · engine");
  await expect(page.getByRole("region", { name: "Review" })).not.toContainText("Northwind discovery agent · engine");
});
