import { expect, test } from "./fixtures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { startLocalServer } from "./local-server";
import { expectDecision, openWorkspace } from "./workspace-helpers";

// A URL typed without a scheme is tried as https; when that fails at the connection, the form says
// which URL was tried and offers the plain-http one, which the user then fetches in one click.

let server: Awaited<ReturnType<typeof startLocalServer>>;

test.beforeAll(async () => {
  // A vendor that speaks plain http only: an https handshake to it fails.
  server = await startLocalServer((request, response) => {
    if (request.url === "/.well-known/agent-card.json") {
      response.writeHead(200, { "content-type": "application/json" });
      response.end(CONTOSO.text.replace("Contoso Voice Desk", "Plain HTTP Desk"));
    } else {
      response.writeHead(404, { "content-type": "text/plain" });
      response.end("not here");
    }
  });
});

test.afterAll(() => server.close());

test("a host:port typed without a scheme: https is tried, the form says so and offers http", async ({ page }) => {
  const hostPort = server.url.replace("http://", "");
  await openWorkspace(page);
  await page.getByLabel(/Fetch from URL/).fill(hostPort);
  await page.getByRole("button", { name: "Fetch", exact: true }).click();
  const hint = page.getByTestId("fetch-scheme-hint");
  await expect(hint).toContainText(`No scheme was typed, so Parley tried https://${hostPort} first`);
  await hint.getByRole("button", { name: `Fetch http://${hostPort}` }).click();
  await expect(page.getByTestId("card-editor")).toContainText("Plain HTTP Desk");
  await expect(page.getByLabel(/Fetch from URL/)).toHaveValue(`http://${hostPort}`);
  await expectDecision(page, "live-input", "reject");
});
