import { expect, test } from "./fixtures";
import { openWorkspace } from "./workspace-helpers";

// Dark mode follows the system until the user picks a theme, which is remembered (a cookie the
// server renders from, so the first paint is already right: no script runs before it).

const background = (page: import("./fixtures").Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => getComputedStyle(el).backgroundColor);

/** Relative luminance of an rgb()/oklch() colour, via a canvas so any CSS colour syntax works. */
async function luminance(page: import("./fixtures").Page, color: string): Promise<number> {
  return page.evaluate((css) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const context = canvas.getContext("2d")!;
    context.fillStyle = css;
    context.fillRect(0, 0, 1, 1);
    const [r, g, b] = Array.from(context.getImageData(0, 0, 1, 1).data).map((v) => {
      const c = v / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  }, color);
}

test("follows the system's dark preference on every page, the editor included", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await openWorkspace(page);
  await expect(page.locator("html")).toHaveAttribute("data-theme", "system");
  expect(await luminance(page, await background(page, "body"))).toBeLessThan(0.05);
  expect(await luminance(page, await background(page, '[data-testid="card-editor"] .cm-editor'))).toBeLessThan(0.05);
  expect(await luminance(page, await page.locator(".cm-content").evaluate((el) => getComputedStyle(el).color))).toBeGreaterThan(0.5);
  for (const path of ["/explain", "/rules", "/rules/push-callback-mtls"]) {
    await page.goto(path);
    expect(await luminance(page, await background(page, "body"))).toBeLessThan(0.05);
  }
});

test("a picked theme is remembered and rendered by the server, so it never flashes", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await openWorkspace(page);
  await page.getByTestId("theme-picker").selectOption("dark");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  expect(await luminance(page, await background(page, "body"))).toBeLessThan(0.05);

  // The server's own HTML already carries the choice (no client script decides it).
  const html = await (await page.request.get("/explain")).text();
  expect(html).toMatch(/<html[^>]*data-theme="dark"/);
  await page.goto("/rules");
  await expect(page.getByTestId("theme-picker")).toHaveValue("dark");
  expect(await luminance(page, await background(page, "body"))).toBeLessThan(0.05);

  await page.getByTestId("theme-picker").selectOption("system");
  expect(await luminance(page, await background(page, "body"))).toBeGreaterThan(0.8);
  expect(await (await page.request.get("/")).text()).toMatch(/<html[^>]*data-theme="system"/);
});
