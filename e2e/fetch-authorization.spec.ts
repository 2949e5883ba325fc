import { expect, test, type Page } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { startLocalServer } from "./local-server";
import { expectDecision, openWorkspace } from "./workspace-helpers";

// The fetch form's optional Authorization header, for an agent's authenticated extended card: it
// reaches the card's own origin, is dropped on a redirect to another origin, and is never shown,
// stored or put in a link. Two loopback servers on different ports are two origins.
const SECRET = "Bearer e2e-extended-card-secret";
const CLIPBOARD = ["clipboard-read", "clipboard-write"];

type Seen = Array<{ path: string; authorization: string | null }>;
let vendor: Awaited<ReturnType<typeof startLocalServer>>;
let elsewhere: Awaited<ReturnType<typeof startLocalServer>>;
const seenByVendor: Seen = [];
const seenElsewhere: Seen = [];

test.beforeAll(async () => {
  elsewhere = await startLocalServer((request, response) => {
    seenElsewhere.push({ path: request.url ?? "", authorization: request.headers.authorization ?? null });
    response.writeHead(200, { "content-type": "application/json" });
    response.end(CONTOSO.text);
  });
  vendor = await startLocalServer((request, response) => {
    seenByVendor.push({ path: request.url ?? "", authorization: request.headers.authorization ?? null });
    if (request.url === "/moved") {
      response.writeHead(302, { location: `${elsewhere.url}/card.json` });
      response.end();
    } else if (request.url === "/extended.json" && request.headers.authorization === SECRET) {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(CONTOSO.text);
    } else {
      response.writeHead(401, { "content-type": "text/plain", "www-authenticate": "Bearer" });
      response.end("authenticate first");
    }
  });
});

test.afterAll(async () => {
  await vendor.close();
  await elsewhere.close();
});

async function fetchWithAuthorization(page: Page, url: string): Promise<void> {
  await page.getByLabel(/Fetch from URL/).fill(url);
  const field = page.getByLabel(/Authorization header/);
  await expect(field).toHaveAttribute("type", "password");
  await field.fill(SECRET);
  await page.getByRole("button", { name: "Fetch" }).click();
}

test("the Authorization header reaches the card's own origin, and nothing shows, keeps or shares it", async ({ page, context }) => {
  await context.grantPermissions(CLIPBOARD);
  await openWorkspace(page);
  await fetchWithAuthorization(page, `${vendor.url}/extended.json`);

  await expect(page.getByTestId("fetch-details")).toContainText(`${vendor.url}/extended.json`);
  await expectDecision(page, "live-input", "reject");
  expect(seenByVendor.filter((s) => s.path === "/extended.json")).toEqual([{ path: "/extended.json", authorization: SECRET }]);

  // Not on the page (the field masks it), not in storage, not in the address bar, not in a link.
  expect(await page.locator("body").innerText()).not.toContain("e2e-extended-card-secret");
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain("e2e-extended-card-secret");
  await page.getByRole("button", { name: "Copy link", exact: true }).click();
  await expect(page.getByTestId("share-status")).toContainText("Copied");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).not.toContain("e2e-extended-card-secret");
  expect(page.url()).not.toContain("e2e-extended-card-secret");
});

test("a redirect to another origin drops the Authorization header", async ({ page }) => {
  await openWorkspace(page);
  await fetchWithAuthorization(page, `${vendor.url}/moved`);

  await expect(page.getByTestId("fetch-details")).toContainText(`${elsewhere.url}/card.json`);
  expect(seenByVendor.filter((s) => s.path === "/moved")).toEqual([{ path: "/moved", authorization: SECRET }]);
  expect(seenElsewhere).toEqual([{ path: "/card.json", authorization: null }]);
});

test("without the header an authenticated card is refused, and the refusal does not echo anything secret", async ({ page }) => {
  await openWorkspace(page);
  await page.getByLabel(/Fetch from URL/).fill(`${vendor.url}/extended.json`);
  await page.getByRole("button", { name: "Fetch" }).click();
  await expect(page.getByTestId("fetch-error")).toContainText("HTTP 401");
  await expect(page.getByTestId("fetch-error")).not.toContainText("authenticate first");
});
