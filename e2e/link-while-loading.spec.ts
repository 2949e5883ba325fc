import { expect, test, type Page } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { NORTHWIND } from "../lib/negotiation/profile";
import { ENGINE_VERSION } from "../lib/negotiation/version";
import { encodeReviewLink } from "../lib/share";
import { encodeTriageLink } from "../lib/triage/link";
import { TRIAGE_FILE_TYPE } from "../lib/triage/triage";
import { expectDecision } from "./workspace-helpers";
import { waitForReviews } from "./triage-helpers";

// A link pasted into the address bar while the page is still hydrating. Next's router, once it
// hydrates, writes back the address it started from, so the fragment vanishes from the address
// bar, and its hashchange fired before the page listened. Each page must still open the link.

const STREAMING_CONTOSO = CONTOSO.text.replace('"streaming": false', '"streaming": true');
const reviewFragment = encodeReviewLink({ cardText: STREAMING_CONTOSO, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });

/** Opens `path`, and puts `fragment` into its address once the document is parsed, before the page hydrates. */
async function pasteWhileLoading(page: Page, path: string, fragment: string): Promise<void> {
  await page.addInitScript((hash) => {
    // Once per test: a reload must not paste again.
    if (sessionStorage.getItem("pasted") === null) {
      sessionStorage.setItem("pasted", "1");
      document.addEventListener("DOMContentLoaded", () => {
        window.location.hash = hash;
      });
    }
  }, fragment);
  await page.goto(path);
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
