import { expect, test } from "./fixtures";

// An address no page answers: Parley's own page (header, navigation, a way back), not a bare 404.

test("an unknown address gets Parley's 404 page with its navigation and a link home, and no console errors", async ({ page, baseURL }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    // The browser reports the 404 status of the document itself; that status is what this page must have.
    if (message.location().url === `${baseURL}/nope/deeper` && /status of 404/.test(message.text())) return;
    errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));

  const response = await page.goto("/nope/deeper");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "No page at this address" })).toBeVisible();
  await expect(page).toHaveTitle(/Parley/);
  // The site header, as on every other page: the name and the main navigation.
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Rules" })).toHaveAttribute("href", "/rules");
  await expect(nav.getByRole("link", { name: "Workspace" })).not.toHaveAttribute("aria-current", "page");
  // Parley's page, styled by the app's stylesheet, not Next's inline-styled default (which the CSP
  // blocks: the fixture fails the journey on any violation).
  await expect(page.getByText("This page could not be found")).toHaveCount(0);
  await expect(page.locator("main")).toHaveCSS("max-width", "1024px");

  const home = page.getByTestId("not-found-home");
  await expect(home).toHaveAttribute("href", "/");
  await home.click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Workspace" })).toHaveAttribute("aria-current", "page");
  expect(errors, "console errors on the 404 page").toEqual([]);
});
