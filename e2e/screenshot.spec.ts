import { expect, test } from "./fixtures";
import { expectDecision, openWorkspace } from "./workspace-helpers";

// The README's screenshot is taken here so it always shows the workspace as it is.
test("README screenshot of the workspace at 1280 px", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 960 });
  await openWorkspace(page);
  await expectDecision(page, "live-input", "reject");
  await expect(page.getByTestId("explain-panel")).toBeVisible();
  await page.screenshot({ path: "docs/screenshot-workspace.png" });
});


