import { expect, test, type Page } from "./fixtures";
import { startLocalServer } from "./local-server";
import { makeTestKey, signCard, type TestKey } from "../lib/negotiation/signatures/test-sign";
import { decodeReviewLink } from "../lib/share";
import { expectDecision, openWorkspace, pasteCard, TASK_CLASSES } from "./workspace-helpers";

/** A text card every preset accepts, signed in each journey with a key the journey generates. */
const CARD = {
  name: "Contoso Signed Desk",
  description: "Answers questions in text.",
  version: "1.0.0",
  provider: { organization: "Contoso", url: "https://contoso.example" },
  supportedInterfaces: [{ url: "https://agents.contoso.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: true, pushNotifications: false },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "answer", name: "Answer", description: "Answers questions", tags: ["qa"] }],
};

const print = (card: unknown) => JSON.stringify(card, null, 2) + "\n";
const badge = (page: Page) => page.getByTestId("card-signature");

async function pasteKeys(page: Page, text: string): Promise<void> {
  const panel = page.getByTestId("signature-keys");
  if (!(await panel.evaluate((el) => (el as HTMLDetailsElement).open))) await panel.locator("summary").click();
  await page.getByLabel("Public keys (JWK or JWK set)").fill(text);
}

async function requireSignedCards(page: Page): Promise<void> {
  await page.getByRole("checkbox", { name: /Requires signed cards/ }).check();
}

let key: TestKey;
test.beforeAll(async () => {
  key = await makeTestKey("contoso-2026");
});

test("a signed card is unverifiable until its public key is pasted, then signed and valid", async ({ page }) => {
  await openWorkspace(page);
  await pasteCard(page, print(await signCard(CARD, key)));
  await expect(page.getByTestId("card-editor")).toContainText("Contoso Signed Desk");
  await expect(badge(page)).toHaveAttribute("data-status", "unverifiable");
  await expect(badge(page)).toContainText("signed, but unverifiable");
  // The warning says which key would check it.
  await expect(page.getByTestId("validity-problems")).toContainText('supply the public key with kid "contoso-2026"');

  await pasteKeys(page, JSON.stringify(key.publicJwk, null, 2));
  await expect(page.getByTestId("signature-keys-notes")).toContainText('1 public key read (kid "contoso-2026")');
  await expect(badge(page)).toHaveAttribute("data-status", "valid");
  await expect(badge(page)).toContainText("signed and valid");
  await expect(page.getByTestId("signature-keys-result")).toContainText("it verifies with the key you supplied");
  await expect(page.getByTestId("validity-problems")).toHaveCount(0);

  // One field changed: the same key no longer verifies it, and the warning says so loudly.
  await pasteCard(page, print({ ...(await signCard(CARD, key)), name: "Contoso Signed Desk (edited)" }));
  await expect(badge(page)).toHaveAttribute("data-status", "invalid");
  await expect(page.getByTestId("validity-problems")).toContainText("Do not trust what this card says");
});

test("a profile that requires signed cards rejects every task class by signed-card until the key is given", async ({ page }) => {
  await openWorkspace(page);
  await requireSignedCards(page);
  await pasteCard(page, print(await signCard(CARD, key)));
  await expect(badge(page)).toHaveAttribute("data-status", "unverifiable");
  for (const taskClass of TASK_CLASSES) {
    await expectDecision(page, taskClass, "reject");
    await expect(page.locator(`[data-task-class="${taskClass}"] [data-invariant="signed-card"]`)).toHaveAttribute("data-status", "violated");
  }

  await pasteKeys(page, JSON.stringify({ keys: [key.publicJwk] }));
  await expect(badge(page)).toHaveAttribute("data-status", "valid");
  // signed-card holds everywhere; the card is then decided on its paths alone.
  for (const taskClass of TASK_CLASSES) {
    await expect(page.locator(`[data-task-class="${taskClass}"] [data-invariant="signed-card"]`)).toHaveAttribute("data-status", "holds");
  }
  await expectDecision(page, "request-response", "accept");
  await expectDecision(page, "streaming-output", "accept");

  // An unsigned card is refused too; the requirement off, it is reviewed on its paths alone.
  await pasteCard(page, print(CARD));
  await expectDecision(page, "request-response", "reject");
  await expect(badge(page)).toHaveCount(0);
  await page.getByRole("checkbox", { name: /Requires signed cards/ }).uncheck();
  await expectDecision(page, "request-response", "accept");
});

test("keys that are not a public key say what is wrong, and keys never reach a review link", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openWorkspace(page);
  await pasteCard(page, print(await signCard(CARD, key)));
  await pasteKeys(page, '{"kty": "oct", "k": "c2VjcmV0"}');
  await expect(page.getByTestId("signature-keys-notes")).toContainText('The key is a shared secret (kty "oct")');
  await expect(badge(page)).toHaveAttribute("data-status", "unverifiable");
  await pasteKeys(page, "{not json");
  await expect(page.getByTestId("signature-keys-notes")).toContainText("it is not JSON");

  await pasteKeys(page, JSON.stringify(key.publicJwk));
  await expect(badge(page)).toHaveAttribute("data-status", "valid");
  await page.getByRole("button", { name: "Copy link", exact: true }).click();
  await expect(page.getByTestId("share-status")).toContainText("Copied");
  const decoded = decodeReviewLink(await page.evaluate(() => navigator.clipboard.readText()));
  if (!decoded.ok || decoded.link.kind !== "snapshot") throw new Error("the copied link does not decode");
  expect(decoded.link.state.cardText).toContain("Contoso Signed Desk");
  expect(JSON.stringify(decoded.link)).not.toContain(String(key.publicJwk.x));
  // Nothing about the keys is stored either.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(String(key.publicJwk.x));
});

test("the key set a signature's jku names is fetched through Parley's server on request", async ({ page }) => {
  const requests: string[] = [];
  const vendor = await startLocalServer((req, res) => {
    requests.push(req.url ?? "");
    if (req.url === "/.well-known/jwks.json") {
      res.setHeader("content-type", "application/jwk-set+json");
      res.end(JSON.stringify({ keys: [key.publicJwk] }));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  try {
    const jku = `${vendor.url}/.well-known/jwks.json`;
    await openWorkspace(page);
    await pasteCard(page, print(await signCard(CARD, key, { jku })));
    await expect(badge(page)).toHaveAttribute("data-status", "unverifiable");
    // Pasting a card fetches nothing by itself.
    expect(requests).toEqual([]);
    await page.getByTestId("signature-keys").locator("summary").click();
    await page.getByRole("button", { name: "Fetch key set" }).click();
    await expect(badge(page)).toHaveAttribute("data-status", "valid");
    await expect(page.getByTestId("signature-keys-result")).toContainText("that URL is named by the card itself");
    expect(requests).toEqual(["/.well-known/jwks.json"]);

    // A key set that is not published: unverifiable, and the reason is shown.
    await pasteCard(page, print(await signCard(CARD, key, { jku: `${vendor.url}/missing.json` })));
    await page.getByRole("button", { name: "Fetch key set" }).click();
    await expect(page.getByTestId("validity-problems")).toContainText("could not be fetched");
    await expect(badge(page)).toHaveAttribute("data-status", "unverifiable");
  } finally {
    await vendor.close();
  }
});
