import { createHash } from "node:crypto";
import { expect, test } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { startLocalServer } from "./local-server";
import { expectDecision, loadExample, openWorkspace } from "./workspace-helpers";

let server: Awaited<ReturnType<typeof startLocalServer>>;
let base: string;
const hits: string[] = [];

test.beforeAll(async () => {
  // A vendor that only serves the legacy well-known path, so discovery has to fall back.
  server = await startLocalServer((request, response) => {
    hits.push(request.url ?? "");
    if (request.url === "/.well-known/agent.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(CONTOSO.text);
    } else if (request.url === "/latin1/card.json") {
      // A card saved in Latin-1: "Café" ends in the single byte 0xE9.
      response.writeHead(200, { "content-type": "application/json" });
      response.end(Buffer.from('{"name": "Caf\u00e9"}', "latin1"));
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not here");
    }
  });
  base = server.url;
});

test.afterAll(() => server.close());

test("fetching a card from a server gives the same review as pasting it, with its provenance", async ({ page }) => {
  await openWorkspace(page);
  await loadExample(page, "spec 0.2.5 sample");
  await expect(page.getByTestId("card-shape")).toContainText("0.2");

  await page.getByLabel(/Fetch from URL/).fill(base);
  await page.getByRole("button", { name: "Fetch" }).click();

  const details = page.getByTestId("fetch-details");
  await expect(details).toContainText("/.well-known/agent.json answered");
  await expect(details).toContainText(`${base}/.well-known/agent.json`);
  await expect(details).toContainText("application/json");
  await expect(details).toContainText(`${Buffer.byteLength(CONTOSO.text).toLocaleString("en")} bytes`);
  await expect(details).toContainText(createHash("sha256").update(CONTOSO.text).digest("hex"));
  expect(hits).toContain("/.well-known/agent-card.json");

  await expect(page.getByTestId("card-editor")).toContainText("Contoso Voice Desk");
  await expectDecision(page, "live-input", "reject");
  await expectDecision(page, "request-response", "accept");
  await expectDecision(page, "async-completion", "accept-degraded");
  // Found at agent.json only: Northwind's client, like the SDKs, reads agent-card.json (issue 39).
  await expect(page.getByTestId("validity-problems")).toContainText("This client will not find this card");
});

test("a card served in another encoding than UTF-8 is refused where it breaks, and nothing is loaded", async ({ page }) => {
  await openWorkspace(page);
  await page.getByLabel(/Fetch from URL/).fill(`${base}/latin1/card.json`);
  await page.getByRole("button", { name: "Fetch" }).click();
  const error = page.getByTestId("fetch-error");
  await expect(error).toContainText("notUtf8");
  await expect(error).toContainText("not UTF-8: byte 13 (counting from 0)");
  await expect(page.getByTestId("card-editor")).toContainText("Contoso Voice Desk");
});

for (const target of ["http://169.254.169.254/latest/meta-data/", "http://10.0.0.1/"]) {
  test(`an SSRF attempt at ${target} is refused with a clear message`, async ({ page }) => {
    await openWorkspace(page);
    await page.getByLabel(/Fetch from URL/).fill(target);
    await page.getByRole("button", { name: "Fetch" }).click();
    const error = page.getByTestId("fetch-error");
    await expect(error).toContainText("blockedAddress");
    await expect(error).toContainText(/public address/i);
    // The editor still holds the card it had: nothing was loaded.
    await expect(page.getByTestId("card-editor")).toContainText("Contoso Voice Desk");
  });
}

test("a non-http scheme is refused", async ({ page }) => {
  await openWorkspace(page);
  await page.getByLabel(/Fetch from URL/).fill("file:///etc/passwd");
  await page.getByRole("button", { name: "Fetch" }).click();
  await expect(page.getByTestId("fetch-error")).toContainText(/blockedScheme|badUrl/);
});

test("the fetch route refuses bad requests with a clear JSON error and never buffers a huge body", async ({ request, baseURL }) => {
  // As the workspace page sends it: JSON, from the app's own origin.
  const headers = { "content-type": "application/json", origin: baseURL! };
  const notJson = await request.post("/api/fetch-card", { data: Buffer.from("nope"), headers });
  expect(notJson.status()).toBe(400);
  expect(await notJson.json()).toEqual({ code: "badRequest", message: "The request body is not JSON." });

  const noUrl = await request.post("/api/fetch-card", { data: {}, headers });
  expect(noUrl.status()).toBe(400);
  expect((await noUrl.json()).code).toBe("badRequest");

  const huge = await request.post("/api/fetch-card", { data: Buffer.from(JSON.stringify({ url: "x".repeat(5_000_000) })), headers });
  expect(huge.status()).toBe(413);
  expect(await huge.json()).toMatchObject({ code: "tooLarge" });

  const metadata = await request.post("/api/fetch-card", { data: { url: "http://169.254.169.254/" }, headers });
  expect(metadata.status()).toBe(403);
  expect(await metadata.json()).toMatchObject({ code: "blockedAddress" });
});
