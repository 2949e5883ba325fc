import AxeBuilder from "@axe-core/playwright";
import { crossSiteAttempts, postFromAnotherSite, startCountingTarget } from "./cross-site";
import { type RunningAgent, startAgent } from "../reality/agents";
import { expect, test } from "./fixtures";
import { recordFigures } from "./figures";
import { bringUpRichEditor, expectDecision, loadExample, openWorkspace } from "./workspace-helpers";
import { type OwnServer, startOwnServer } from "./standalone-server";
import { type FaultyAgent, startFaultyAgent } from "../lib/probe/faulty-agent";

// The workspace's "Check against the live agent" against real @a2a-js/sdk servers on loopback
// (the reality kit), and the probe route as another site sees it.

const agents: RunningAgent[] = [];
test.afterEach(async () => {
  await Promise.all(agents.splice(0).map((a) => a.close()));
});

async function fetchIntoWorkspace(page: import("@playwright/test").Page, agent: RunningAgent) {
  await openWorkspace(page);
  await page.getByLabel(/Fetch from URL/).fill(agent.cardUrl);
  await page.getByRole("button", { name: "Fetch", exact: true }).click();
  await expect(page.getByTestId("fetch-details")).toBeVisible();
  return page.getByTestId("live-check");
}

test("a card that claims a stream the server refuses: the check names the field, marks it in the editor, and creates no task", async ({ page }) => {
  const agent = await startAgent({ name: "stream liar", lies: { streamRefused: true } });
  agents.push(agent);
  const check = await fetchIntoWorkspace(page, agent);
  await check.getByRole("button", { name: "Check against the live agent" }).click();
  const result = check.getByTestId("live-check-result");
  await expect(result).toContainText("1 claim of the card contradicted by the agent.");
  const contradiction = check.getByTestId("live-check-contradictions").locator("li");
  await expect(contradiction).toContainText("capabilities.streaming is true; the stream was refused");
  await expect(check.getByTestId("live-check-interfaces")).toContainText("task not found, as it should");
  await expect(check.getByTestId("live-check-classes")).toContainText("streaming-output");
  await contradiction.getByRole("button", { name: "/capabilities/streaming" }).click();
  await expect(page.getByTestId("card-editor").locator(".cm-parley-highlight")).toContainText("true");
  expect(agent.log.messages).toEqual([]);
});

test("an honest agent is confirmed; where the operator has not allowed sending, the panel does not offer it", async ({ page }) => {
  const agent = await startAgent({ name: "honest", bindings: ["JSONRPC", "HTTP+JSON"] });
  agents.push(agent);
  const check = await fetchIntoWorkspace(page, agent);
  await check.getByRole("button", { name: "Check against the live agent" }).click();
  await expect(check.getByTestId("live-check-result")).toContainText("The agent does what its card says");
  await expect(check.getByTestId("live-check-interfaces").locator("tbody tr")).toHaveCount(2);
  // This server runs without PARLEY_PROBE_SEND: no button that could only be refused.
  await expect(check.getByRole("button", { name: "Also send real messages…" })).toHaveCount(0);
  await expect(check.getByTestId("live-check-wire")).toHaveCount(0);
  expect(agent.log.messages).toEqual([]);
});

test("the live-check panel reads cleanly: headers apart, words whole, advice about this page, the wire and the exchange log; axe clean in both themes", async ({ page, context }) => {
  // Two agents, two checks and two axe scans: past the default 30 s on the shared 2-core machines.
  test.setTimeout(120_000);
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const faulty: FaultyAgent = await startFaultyAgent({ faults: { errorsHttp400: true, echoCredentials: true } });
  const guarded = await startAgent({ name: "guarded", security: { kind: "bearer", token: "e2e-guard" } });
  agents.push(guarded);
  try {
    // Credentials wanted: the advice names the panel's field, not a CLI flag.
    let check = await fetchIntoWorkspace(page, guarded);
    await check.getByRole("button", { name: "Check against the live agent" }).click();
    await expect(check.getByTestId("live-check-result")).toBeVisible();
    await expect(check.getByTestId("live-check-result")).toContainText('enter them under "Credential header"');
    await expect(check.getByTestId("live-check-result")).not.toContainText("--header");
    await expect(check.getByTestId("live-check-classes")).not.toContainText("--send");

    // Headers never run together: each header's text ends before the next one's starts.
    for (const table of ["live-check-interfaces", "live-check-classes"]) {
      const gaps = await check.getByTestId(table).locator("thead th").evaluateAll((ths) =>
        ths.slice(1).map((th, i) => {
          const range = (el: Element) => {
            const r = document.createRange();
            r.selectNodeContents(el);
            return r.getBoundingClientRect();
          };
          return Math.round(range(th).left - range(ths[i]!).right);
        }),
      );
      expect(gaps.every((g) => g >= 4), `${table} header gaps ${gaps.join(", ")}`).toBe(true);
    }
    // Words stay whole: no cell may break inside a word to fit.
    const breaks = await check.locator("td, th").evaluateAll((cells) => cells.map((c) => getComputedStyle(c).wordBreak).filter((w) => w === "break-all"));
    expect(breaks).toEqual([]);

    // A server whose JSON-RPC errors come on HTTP 400: named, with what each client does.
    await page.getByLabel(/Fetch from URL/).fill(faulty.cardUrl);
    await page.getByRole("button", { name: "Fetch", exact: true }).click();
    // The panel starts afresh for another card: the credential goes into the new card's panel, once it is there.
    await expect(page.getByTestId("fetch-details")).toContainText(`Fetched ${faulty.cardUrl}`);
    check = page.getByTestId("live-check");
    await check.getByLabel("Value (optional)").fill("Bearer e2e-echoed-secret");
    await check.getByRole("button", { name: "Check against the live agent" }).click();
    const wire = check.getByTestId("live-check-wire");
    await expect(wire).toContainText("jsonrpc-error-http-status");
    await expect(wire).toContainText("fails with the Python SDK client; works with the JS SDK 1.x client and the JS SDK 0.3 client");
    await expect(wire).toContainText("the Python SDK client loses the A2A error");

    // The exchange log: closed at first, every request in order, credentials redacted even when echoed.
    const log = check.getByTestId("live-check-exchanges");
    await expect(log.getByTestId("exchange").first()).toBeHidden();
    await log.locator("summary").click();
    await expect(log.getByTestId("exchange").first()).toBeVisible();
    await expect(log).toContainText("authorization: [redacted]");
    await expect(log).toContainText("you sent [redacted]");
    await expect(log).not.toContainText("e2e-echoed-secret");
    await log.getByRole("button", { name: "Copy as JSON lines" }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.trim().split("\n").map((l) => (JSON.parse(l) as { seq: number }).seq)[0]).toBe(0);
    expect(copied).not.toContain("e2e-echoed-secret");
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }) + location.href);
    expect(stored).not.toContain("jsonrpc-error-http-status");
    expect(stored).not.toContain("e2e-echoed-secret");

    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      const results = await new AxeBuilder({ page }).include("[data-testid='live-check']").analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
      expect(serious, `axe in the ${scheme} theme`).toEqual([]);
    }
  } finally {
    await faulty.close();
  }
});

test("the card as served: the JS SDK server's own card object writes schemes no Python client reads, and the panel says which client fails and how", async ({ page }) => {
  const agent = await startAgent({ name: "sdk object", security: { kind: "bearer", token: "e2e-scheme-token" }, cardServing: "sdk-object" });
  agents.push(agent);
  const check = await fetchIntoWorkspace(page, agent);
  await check.getByLabel("Value (optional)").fill("Bearer e2e-scheme-token");
  await check.getByRole("button", { name: "Check against the live agent" }).click();
  const wire = check.getByTestId("live-check-wire");
  await expect(wire).toContainText("card-scheme-shape");
  await expect(wire).toContainText("fails with the JS SDK 0.3 client and the Python SDK client; works with the JS SDK 1.x client");
  await expect(wire).toContainText("the Python SDK client reads no security scheme, so it sends no credentials and every call is refused (HTTP 401)");
  await expect(wire).toContainText("the JS SDK 0.3 client throws: Unsupported security scheme type");
  await expect(wire).toContainText('"$case":"httpAuthSecurityScheme"');
  await expect(wire).not.toContainText("e2e-scheme-token");
  expect(agent.log.messages).toEqual([]);
});

test("a stream the server refuses: the editor marks /capabilities/streaming, the matrix shows observed failed beside predicted accept, and an edit makes it stale", async ({ page }) => {
  const agent = await startAgent({ name: "stream liar", lies: { streamRefused: true } });
  agents.push(agent);
  const check = await fetchIntoWorkspace(page, agent);
  await check.getByRole("button", { name: "Check against the live agent" }).click();
  await expect(check.getByTestId("live-check-result")).toBeVisible();

  // The card field, in the editor: the contradiction is a diagnostic on the claim itself.
  const editor = page.getByTestId("card-editor");
  await expect(editor.locator(".cm-lintRange-error", { hasText: "true" })).toHaveCount(1);
  // The verdict area lists it, with the sentence and the field.
  const verdict = page.getByTestId("live-verdict");
  await expect(verdict).toContainText("The live agent contradicts the card: capabilities.streaming is true; the stream was refused");
  await expect(verdict.getByRole("button", { name: "Show /capabilities/streaming in the editor" })).toBeVisible();
  await expect(page.getByTestId("live-disagreements")).toContainText("streaming-output (predicted accept, observed failed)");

  // The matrix: predicted accept, observed failed beside it, and the disagreement in words. The
  // row itself says what was observed: the prediction struck, "observed: failed" under it.
  await expect(page.getByTestId("decision-streaming-output")).toHaveAttribute("data-outcome", "accept");
  await expect(page.getByTestId("decision-streaming-output")).toHaveAttribute("data-observed-outcome", "failed");
  await expect(page.getByTestId("decision-observed-streaming-output")).toHaveText("observed: failed, not as predicted");
  await expect(page.getByTestId("decision-request-response")).not.toHaveAttribute("data-observed-outcome", /./);
  const observed = page.getByTestId("observed-streaming-output");
  await expect(observed).toHaveAttribute("data-observed", "failed");
  await expect(observed).toHaveAttribute("data-agreement", "disagrees");
  await expect(page.getByRole("gridcell", { name: /^Observed on the live agent: failed.*by the check, no task sent.*disagrees with the prediction.*The server said: the stream was refused/ })).toHaveCount(1);
  await expect(page.getByTestId("observed-request-response")).toHaveAttribute("data-agreement", "clear");

  // Keyboard-reachable like every cell: from the decision, one step right, Enter explains it.
  await page.getByTestId("decision-streaming-output").click();
  await page.keyboard.press("ArrowRight");
  await expect(observed).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("explain-panel")).toHaveAttribute("data-selection", "streaming-output/observed");
  const explained = page.getByTestId("explain-observation");
  await expect(explained).toContainText("failed");
  await expect(explained).toContainText("The prediction (accept) and the observation disagree.");
  await expect(explained).toContainText("What the server said: the stream was refused");

  // Edited: the observations were about the card as it was. Stale, said so, and no longer marked in the text.
  await editor.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" ");
  await expect(verdict).toHaveAttribute("data-stale", "card");
  await expect(verdict).toContainText("The card has changed since the live check");
  await expect(observed).toHaveAttribute("data-stale", "true");
  await expect(observed).toContainText("stale");
  // A stale observation no longer overrules the prediction.
  await expect(page.getByTestId("decision-observed-streaming-output")).toHaveCount(0);
  await expect(editor.locator(".cm-lintRange-error")).toHaveCount(0);
  await expect(check.getByTestId("live-check-stale")).toBeVisible();
  expect(agent.log.messages).toEqual([]);
});

test("an honest agent: no contradiction and no disagreement anywhere, nothing marked, no observation or credential in storage or a link; another card clears them", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const agent = await startAgent({ name: "honest", bindings: ["JSONRPC", "HTTP+JSON"] });
  agents.push(agent);
  const check = await fetchIntoWorkspace(page, agent);
  await check.getByLabel("Value (optional)").fill("Bearer e2e-probe-secret");
  await check.getByRole("button", { name: "Check against the live agent" }).click();
  await expect(page.getByTestId("live-verdict")).toContainText("The live agent contradicts nothing the check asked about.");
  await expect(page.getByTestId("observed-header")).toBeVisible();
  const cells = page.locator("[data-testid^='observed-']:not([data-testid='observed-header'])");
  await expect(cells).toHaveCount(5);
  expect(await cells.evaluateAll((all) => all.map((c) => c.getAttribute("data-agreement")))).toEqual(["clear", "clear", "clear", "clear", "clear"]);
  await expect(page.locator("[data-agreement='disagrees']")).toHaveCount(0);
  await expect(page.getByTestId("card-editor").locator(".cm-lintRange-error")).toHaveCount(0);

  await page.getByRole("button", { name: "Copy link", exact: true }).click();
  await expect(page.getByTestId("share-status")).toContainText("Copied");
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).not.toContain("e2e-probe-secret");
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain("e2e-probe-secret");
  expect(stored).not.toContain("contradicts");
  // The link reopens the review, not the check.
  const reopened = await context.newPage();
  await reopened.goto(link);
  await expect(reopened.getByTestId("review-matrix")).toBeVisible();
  await expect(reopened.getByTestId("decision-request-response")).toBeVisible();
  await expect(reopened.getByTestId("observed-header")).toHaveCount(0);
  await expect(reopened.getByTestId("live-verdict")).toHaveCount(0);
  await reopened.close();

  // Another card: the observations were about the last one.
  await loadExample(page, /Contoso/);
  await expect(page.getByTestId("observed-header")).toHaveCount(0);
  await expect(page.getByTestId("live-verdict")).toHaveCount(0);
  expect(agent.log.messages).toEqual([]);
});

test.describe("on an instance whose operator allows sending (PARLEY_PROBE_SEND=1)", () => {
  // The shared server runs without the setting (the journey above is refused): this one has it.
  let instance: OwnServer;
  test.beforeAll(async () => {
    instance = await startOwnServer({ PARLEY_ALLOW_LOOPBACK_FETCH: "1", PARLEY_PROBE_SEND: "1" });
  });
  test.afterAll(async () => {
    await instance.stop();
  });

  test("the send is confirmed twice, and a check that runs far past 20 s still reaches its answer in the workspace", async ({ page }) => {
    test.setTimeout(150_000);
    // Each task takes 8 s: the classes the review accepts take over half a minute in all.
    const agent = await startAgent({ name: "slow sender", behaviour: { delayMs: 8000 } });
    agents.push(agent);
    await page.goto(`${instance.url}/`);
    await bringUpRichEditor(page);
    await page.getByLabel(/Fetch from URL/).fill(agent.cardUrl);
    await page.getByRole("button", { name: "Fetch", exact: true }).click();
    const check = page.getByTestId("live-check");
    await check.getByRole("button", { name: "Also send real messages…" }).click();
    const confirm = check.getByRole("alertdialog");
    await expect(confirm).toContainText("creates real tasks there");
    await expect(confirm).toContainText("may bill for them");
    // The question takes focus, on the answer that sends nothing.
    await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toHaveCount(0);
    expect(agent.log.messages).toEqual([]);
    await check.getByRole("button", { name: "Also send real messages…" }).click();
    await check.getByRole("alertdialog").getByRole("button", { name: "Yes, create real tasks" }).click();
    const classes = check.getByTestId("live-check-classes");
    await expect(classes).toContainText("Task classes: predicted and observed (real tasks were created)", { timeout: 140_000 });
    await expect(check.getByTestId("live-check-error")).toHaveCount(0);
    await expect(page.getByTestId("observed-request-response")).toHaveAttribute("data-observed", "completed");
    await expect(page.getByTestId("observed-streaming-output")).toHaveAttribute("data-observed", "completed");
    expect(agent.log.messages.length).toBeGreaterThanOrEqual(3);
  });

  test("a confirmed send the agent takes a minute to answer: the page says the check is alive while it waits, and the answer arrives as completed", async ({ page }) => {
    // One blocking send of 60 s, then the page's own work: well past the default 30 s.
    test.setTimeout(120_000);
    // An honest agent that is slow: it answers message/send only when the task is done, 60 s later.
    const slow: FaultyAgent = await startFaultyAgent({ workMs: 60_000, streaming: false });
    try {
      await page.goto(`${instance.url}/`);
      await bringUpRichEditor(page);
      // A 0.3 JSON-RPC card: the Python SDK client's profile accepts it.
      await page.getByLabel("Preset or saved profile").selectOption({ label: "A2A Python SDK client" });
      await page.getByLabel(/Fetch from URL/).fill(slow.cardUrl);
      await page.getByRole("button", { name: "Fetch", exact: true }).click();
      await expect(page.getByTestId("fetch-details")).toBeVisible();
      // Only request-response is reviewed, so the one real task is its blocking send.
      const panel = page.getByTestId("task-class-panel");
      for (const other of ["streaming-output", "live-input", "async-completion", "fire-and-forget"]) {
        await panel.locator(`[data-task-class="${other}"]`).getByRole("checkbox").uncheck();
      }
      await expect(page.getByTestId("review-matrix").locator("tr[data-task-class]")).toHaveCount(1);
      await expectDecision(page, "request-response", "accept");

      const check = page.getByTestId("live-check");
      await check.getByRole("button", { name: "Also send real messages…" }).click();
      await check.getByRole("alertdialog").getByRole("button", { name: "Yes, create real tasks" }).click();
      // While the agent works, the server's heartbeats reach the page and it says the check is alive.
      const progress = check.getByTestId("live-check-progress");
      await expect(progress).toContainText("Still running after", { timeout: 30_000 });
      await expect(progress).toHaveAttribute("data-heartbeats", /^([2-9]|\d{2,})$/, { timeout: 30_000 });
      await expect(check.getByTestId("live-check-classes")).toHaveCount(0);

      // The answer, a minute later: the connection held, the task completed as predicted.
      const classes = check.getByTestId("live-check-classes");
      await expect(classes).toContainText("Task classes: predicted and observed (real tasks were created)", { timeout: 90_000 });
      await expect(progress).toHaveCount(0);
      await expect(check.getByTestId("live-check-error")).toHaveCount(0);
      const observed = page.getByTestId("observed-request-response");
      await expect(observed).toHaveAttribute("data-observed", "completed");
      await expect(observed).toHaveAttribute("data-agreement", "agrees");
      expect(slow.calls.filter((m) => m === "message/send")).toHaveLength(1);
    } finally {
      await slow.close();
    }
  });

  test("sending real messages runs each class's smallest lifecycle: the agent gets the messages, and the matrix shows what each task did beside the prediction", async ({ page }) => {
    const agent = await startAgent({ name: "honest sender" });
    agents.push(agent);
    await page.goto(`${instance.url}/`);
    await bringUpRichEditor(page);
    await page.getByLabel(/Fetch from URL/).fill(agent.cardUrl);
    await page.getByRole("button", { name: "Fetch", exact: true }).click();
    const check = page.getByTestId("live-check");
    await check.getByRole("button", { name: "Also send real messages…" }).click();
    await check.getByRole("alertdialog").getByRole("button", { name: "Yes, create real tasks" }).click();

    const classes = check.getByTestId("live-check-classes");
    await expect(classes).toContainText("Task classes: predicted and observed (real tasks were created)", { timeout: 20_000 });
    await expect(check.getByTestId("live-check-error")).toHaveCount(0);
    // Real tasks: the agent's executor ran on the messages the check sent.
    expect(agent.log.messages.length).toBeGreaterThan(0);
    // Request–response is one message and its reply: completed, as predicted, and not "by the check".
    const observed = page.getByTestId("observed-request-response");
    await expect(observed).toHaveAttribute("data-observed", "completed");
    await expect(observed).toHaveAttribute("data-agreement", "agrees");
    await expect(observed).not.toContainText("by the check, no task sent");
    await expect(page.locator("[data-agreement='disagrees']")).toHaveCount(0);
  });
});

test("another site's form posts and fetches at the probe route make the server call nothing", async ({ page, baseURL }) => {
  const counter = await startCountingTarget();
  const target = counter.url;
  const route = `${baseURL}/api/probe`;
  const body = JSON.stringify({ url: target, profile: "a2a-js" });
  // Each attempt is a page on another origin that posts to the route as soon as it loads.
  const ATTEMPTS = crossSiteAttempts(route, body, target);
  try {
    const { sent, answered } = await postFromAnotherSite(page, route, ATTEMPTS);
    expect(counter.connections(), "outbound connections caused by another site").toBe(0);
    expect(sent.filter((m) => m === "POST").length).toBeGreaterThanOrEqual(4);
    expect(answered.length).toBeGreaterThanOrEqual(2);
    expect(answered.every((s) => s === 403 || s === 415), `route answered ${answered.join(", ")}`).toBe(true);
    recordFigures("cross-site-probe", {
      attempts: Object.keys(ATTEMPTS).length,
      postsSent: sent.filter((m) => m === "POST").length,
      answersSeen: answered.length,
      outboundConnections: counter.connections(),
    });
  } finally {
    await counter.close();
  }
});
