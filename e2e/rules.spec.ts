import { expect, test } from "./fixtures";
import { CONTOSO_PUSH_MTLS } from "../lib/negotiation/examples/incidents";
import { getInvariant, INVARIANT_IDS, review } from "../lib/negotiation";
import { NORTHWIND_NO_POLLING, RULE_DOCS } from "../lib/negotiation/rule-docs";
import { decodeReviewLink } from "../lib/share";

test("/rules lists every invariant with its page", async ({ page }) => {
  await page.goto("/rules");
  const items = page.getByTestId("rule-index").locator("[data-rule]");
  await expect(items).toHaveCount(INVARIANT_IDS.length);
  expect(await items.evaluateAll((els) => els.map((el) => el.getAttribute("data-rule")))).toEqual([...INVARIANT_IDS]);
  for (const id of INVARIANT_IDS) {
    const link = page.getByRole("link", { name: getInvariant(id)?.meta.title ?? id, exact: true });
    await expect(link).toHaveAttribute("href", `/rules/${id}`);
  }
  // The introduction counts what the list holds: the rule's own invariants and Parley's baseline.
  const fromRule = INVARIANT_IDS.filter((id) => getInvariant(id)?.meta.origin === "rule").length;
  await expect(page.getByTestId("rules-from-rule")).toHaveText(String(fromRule));
  await expect(page.getByTestId("rules-baseline")).toHaveText(String(INVARIANT_IDS.length - fromRule));
  await expect(page.locator('[data-rule] >> text="from the rule"')).toHaveCount(fromRule);
});

test("a rule page's failing example opens in the workspace with the claimed decision", async ({ page }) => {
  await page.goto("/rules/push-callback-mtls");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Push callbacks need a listener that does mTLS");
  await expect(page.getByText("every notification is lost")).toBeVisible();
  const failing = page.getByTestId("example-failing");
  const row = failing.locator('[data-task-class="async-completion"]');
  await expect(row).toHaveAttribute("data-decision", "reject");
  await expect(row).toContainText("reject");

  const open = failing.getByTestId("open-failing-example");
  const href = (await open.getAttribute("href")) ?? "";
  const decoded = decodeReviewLink(href);
  if (!decoded.ok || decoded.link.kind !== "snapshot") throw new Error("expected a snapshot link");
  const state = decoded.link.state;
  expect(state.cardText).toBe(CONTOSO_PUSH_MTLS.text);
  expect(state.profile).toEqual(NORTHWIND_NO_POLLING);
  expect(state.decisions?.["async-completion"]).toBe(RULE_DOCS["push-callback-mtls"].failing.claims["async-completion"]);
  // The workspace will review what the link carries: that review rejects async-completion, as the page says.
  const reopened = review(state.cardText, state.profile, { context: state.context });
  expect(reopened.decisions.find((d) => d.taskClass === "async-completion")?.decision).toBe("reject");

  await open.click();
  await expect(page).toHaveURL(/\/#v1\./);
  // The workspace opens the example's review: the decision the rule page claims is in the matrix.
  await expect(page.getByTestId("decision-async-completion")).toHaveAttribute("data-decision", "reject");
  await expect(page.getByText(`${NORTHWIND_NO_POLLING.name} · engine`)).toBeVisible();
});

test("a rule page shows the decision under each condition of validity", async ({ page }) => {
  await page.goto("/rules/live-input-needs-streaming");
  const conditions = page.getByTestId("conditions");
  await expect(conditions.locator('[data-condition="renegotiable-client"]')).toHaveAttribute("data-decision", "defer");
  await expect(conditions.locator('[data-condition="honored-extension"]')).toHaveAttribute("data-decision", "escalate");
  await expect(conditions.locator('[data-condition="client-buffers"]')).toHaveAttribute("data-decision", "accept");
  await expect(conditions.locator('[data-condition="stale-card"]')).toContainText("refetch");
});

test("an unknown rule id gives a 404 page", async ({ page }) => {
  const response = await page.goto("/rules/no-such-rule");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "No such rule" })).toBeVisible();
  await expect(page.getByRole("link", { name: "shared-transport" })).toHaveAttribute("href", "/rules/shared-transport");
});

test("a rule page links its section of the rule, which opens on that section and links back", async ({ page }) => {
  await page.goto("/rules/push-callback-mtls");
  await page.getByTestId("spec-ref").click();
  await expect(page).toHaveURL(/\/rule#invariant-2-push-callbacks-behind-mutual-tls$/);
  const section = page.locator("#invariant-2-push-callbacks-behind-mutual-tls");
  await expect(section).toHaveText(/Invariant 2/);
  await expect(section).toBeInViewport();
  const document = page.getByTestId("rule-document");
  await expect(document.getByRole("heading", { name: "The reference check" })).toBeVisible();
  await document.getByRole("link", { name: "push-callback-mtls" }).click();
  await expect(page).toHaveURL(/\/rules\/push-callback-mtls$/);
});

test("on a 390 px phone no rule page is wider than the screen, with its card JSON open", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tooWide: string[] = [];
  for (const id of INVARIANT_IDS) {
    await page.goto(`/rules/${id}`);
    await expect(page.getByTestId("rule-page")).toHaveAttribute("data-rule", id);
    // Long spec pointers, changed values and card lines must wrap or scroll inside their own box.
    await page.locator("details").evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 390) tooWide.push(`${id}: ${width} px`);
  }
  expect(tooWide, "rule pages that scroll sideways at 390 px").toEqual([]);
});
