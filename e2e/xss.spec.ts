import { expect, test, type Page } from "./fixtures";
import { recordFigures } from "./figures";
import { CONTOSO } from "../lib/negotiation/examples/incidents";
import { ENGINE_VERSION, NORTHWIND, review, writeDecisionRecord } from "../lib/negotiation";
import { encodeLiveLink, encodeReviewLink } from "../lib/share";
import { bytesOf, craftLink, readLinkByTheBook, snapshotPayload } from "../lib/share/v1-reference.testkit";
import { matrix } from "./workspace-helpers";
import { encodeTriageLink } from "../lib/triage/link";
import { TRIAGE_FILE_TYPE } from "../lib/triage/triage";
import { dropFiles, openTriage, waitForReviews } from "./triage-helpers";

// Hostile cards, links and log lines in the workspace, the explainer and the rule pages. Every
// payload calls __xss(tag) if it ever runs; the CSP watch (fixtures.ts) fails any journey where the
// browser had to block something. So a pass means React rendered every payload as inert text.

const PAYLOADS = [
  `<script>__xss("script")</script>`,
  `<img src=x onerror=__xss("img")>`,
  `<svg/onload=__xss("svg")>`,
  `"><iframe srcdoc="<script>parent.__xss('srcdoc')</script>">`,
  `javascript:__xss("js-url")`,
  ` JaVaScRiPt:__xss("js-url-case")`,
  `java\tscript:__xss("js-url-tab")`,
  `data:text/html,<script>__xss("data-url")</script>`,
  `{{constructor.constructor('__xss("template")')()}}`,
  `</textarea><script>__xss("textarea")</script>`,
  `</script><script>__xss("script-break")</script>`,
  `<details open ontoggle=__xss("ontoggle")>`,
  `\u2028<a href="javascript:__xss('anchor')">x</a>`,
];

function hostileCard(payload: string, variant: number): string {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a card bent out of every shape on purpose
  const card = JSON.parse(CONTOSO.text) as Record<string, any>;
  // Always in the name (the first line of the editor, and the review's heading)...
  card.name = `Hostile ${variant}: ${payload}`;
  // ...and, per variant, where a different part of the UI shows it.
  switch (variant % 6) {
    case 0:
      card.description = payload;
      break;
    case 1:
      card.provider = { organization: payload, url: payload };
      card.documentationUrl = payload;
      card.iconUrl = payload;
      break;
    case 2:
      card.supportedInterfaces[0].url = payload;
      card.supportedInterfaces[0].protocolBinding = payload;
      break;
    case 3:
      card.skills[0].name = payload;
      card.skills[0].description = payload;
      card.skills[0].tags = [payload];
      card.skills[0].examples = [payload];
      card.defaultInputModes = [payload, "audio/pcm"];
      break;
    case 4:
      card.capabilities.extensions = [{ uri: payload, description: payload, required: true }];
      card.securitySchemes = { [payload]: { type: payload } };
      break;
    default:
      card[payload] = payload;
      card.version = payload;
  }
  return JSON.stringify(card, null, 2);
}

let executions: string[] = [];

test.beforeEach(async ({ context, page }) => {
  executions = [];
  await context.exposeBinding("__xss", (_source, tag: string) => {
    executions.push(String(tag));
  });
  page.on("dialog", (dialog) => {
    executions.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
});

/** Links, frames and forms whose target is a script or inline document. */
async function dangerousTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const check = (what: string, value: string | null) => {
      if (value && /^\s*(javascript|data|vbscript):/i.test(value.replace(/[\u0000-\u001f]/g, ""))) found.push(`${what}=${value.slice(0, 60)}`);
    };
    document.querySelectorAll("a, area").forEach((a) => check("href", (a as HTMLAnchorElement).href));
    document.querySelectorAll("iframe, embed, script, img, video, audio, source").forEach((e) => check("src", e.getAttribute("src")));
    document.querySelectorAll("object").forEach((o) => check("data", o.getAttribute("data")));
    document.querySelectorAll("form, [formaction]").forEach((f) => check("action", f.getAttribute("action") ?? f.getAttribute("formaction")));
    document.querySelectorAll("iframe[srcdoc]").forEach(() => found.push("iframe srcdoc"));
    return found;
  });
}

/** Per journey (journeys may run in parallel workers): inputs shown, payloads run, dangerous links. */
let tally = { inputs: 0, scriptExecutions: 0, javascriptOrDataLinks: 0 };
test.beforeEach(() => {
  tally = { inputs: 0, scriptExecutions: 0, javascriptOrDataLinks: 0 };
});

async function settle(page: Page): Promise<void> {
  await page.waitForTimeout(250);
  const dangerous = await dangerousTargets(page);
  tally.inputs++;
  tally.scriptExecutions += executions.length;
  tally.javascriptOrDataLinks += dangerous.length;
  expect(executions, "payloads that ran").toEqual([]);
  expect(dangerous, "javascript:/data: targets in the page").toEqual([]);
}

test("hostile cards in the workspace: rendered, explained, never run", async ({ page }) => {
  test.setTimeout(120_000);
  for (let i = 0; i < PAYLOADS.length; i++) {
    const fragment = encodeReviewLink({ cardText: hostileCard(PAYLOADS[i]!, i), profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION });
    // A fresh document each time: a link is read when the page opens, not on a change of fragment.
    await page.goto("about:blank");
    await page.goto(`/#${fragment}`);
    await expect(page.getByTestId("link-notice")).toBeVisible();
    await expect(matrix(page)).toBeVisible();
    // Open an explanation too: it lists the card fields involved.
    await page.getByTestId("decision-live-input").click();
    // Shown, as text: the editor holds the payload's characters.
    await expect(page.getByTestId("card-editor")).toContainText("__xss(");
    await settle(page);
  }
  recordFigures("xss-cards", tally);
});

test("hostile links: hand-made fragments and links whose state carries payloads", async ({ page }) => {
  test.setTimeout(120_000);
  const hostileProfile = { ...NORTHWIND, name: PAYLOADS[0]!, description: PAYLOADS[1]! };
  // Links the encoder would refuse to make, built byte by byte the way an attacker would.
  const live = readLinkByTheBook(encodeLiveLink({ cardUrl: "https://agent.example/", profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION }));
  const snapshot = readLinkByTheBook(encodeReviewLink({ cardText: CONTOSO.text, profile: NORTHWIND, context: {}, engineVersion: ENGINE_VERSION }));
  const crafted = [
    craftLink(bytesOf(JSON.stringify({ ...(live.state as object), cardUrl: `javascript:__xss("live-url")` }))),
    craftLink(bytesOf(JSON.stringify({ ...(live.state as object), cardUrl: `data:text/html,<script>__xss('live-data')</script>` }))),
    craftLink(snapshotPayload({ ...(snapshot.state as object), taskClasses: [PAYLOADS[0]], decisions: { [PAYLOADS[1]!]: PAYLOADS[2] } }, CONTOSO.text)),
    craftLink(snapshotPayload({ ...(snapshot.state as object), engineVersion: PAYLOADS[3] }, hostileCard(PAYLOADS[4]!, 1))),
  ];
  // A user-defined task class whose every free-text field is a payload: shown in the matrix, the
  // verdict, the task-class panel and the explanation.
  const hostileClassLink = `#${encodeReviewLink({
      cardText: CONTOSO.text,
      profile: NORTHWIND,
      context: {},
      engineVersion: ENGINE_VERSION,
      taskClasses: [
        "request-response",
        { id: "hostile-class", title: PAYLOADS[2]!, description: PAYLOADS[3]!, input: "whole", completion: "push", output: "required", skill: PAYLOADS[4]!.slice(0, 100), inputModes: [PAYLOADS[0]!.slice(0, 100)] },
      ],
    })}`;
  const links = [
    ...PAYLOADS.slice(0, 5).map((p) => `#${encodeURIComponent(p)}`),
    `#v1.${PAYLOADS[0]}`,
    `#v1.${"A".repeat(50)}<img src=x onerror=__xss("tail")>`,
    `#${encodeReviewLink({ cardText: CONTOSO.text, profile: hostileProfile, context: {}, engineVersion: ENGINE_VERSION })}`,
    hostileClassLink,
    ...crafted.map((fragment) => `#${fragment}`),
  ];
  for (const link of links) {
    await page.goto("about:blank");
    await page.goto(`/${link}`);
    await expect(page.getByTestId("card-editor")).toBeVisible();
    if (link === hostileClassLink) {
      // The class is decided and explained, and its editor opened: its fields shown as text everywhere.
      await page.getByTestId("decision-hostile-class").click();
      await expect(page.getByTestId("explain-panel")).toContainText("__xss(");
      await page.getByTestId("task-class-panel").getByRole("button", { name: /^Edit / }).click();
      await expect(page.getByTestId("task-class-editor")).toBeVisible();
    }
    await settle(page);
  }
  recordFigures("xss-links", tally);
});

test("hostile log lines in the explainer", async ({ page }) => {
  const result = review(CONTOSO.text, NORTHWIND);
  const record = JSON.parse(writeDecisionRecord(result, "live-input", CONTOSO.text)) as Record<string, unknown>;
  const lines = [
    ...PAYLOADS.map((p) => `2026-11-08T09:41:07Z WARN ${p} rule=live-input-needs-streaming taskClass=${p}`),
    JSON.stringify({ ...record, taskClass: PAYLOADS[0], profile: PAYLOADS[1] }),
    JSON.stringify({ ...record, reviewLink: `javascript:__xss("record-link")` }),
    JSON.stringify({ ...record, reviewLink: `data:text/html,<script>__xss("record-data")</script>` }),
    JSON.stringify({ ...record, card: { name: PAYLOADS[2], url: `javascript:__xss("card-url")`, source: PAYLOADS[4] } }),
    `UnnegotiableAgentCardError: task_class='${PAYLOADS[0]}': server push notifications require mTLS under scheme '${PAYLOADS[1]}', but client callback listener is plain HTTPS`,
    `{"__proto__":{"polluted":"<img src=x onerror=__xss('proto')>"},"rule":${JSON.stringify(PAYLOADS[2])}}`,
  ];
  await page.goto("/explain");
  for (const line of lines) {
    await page.getByLabel("Log lines").fill(line);
    await expect(page.getByTestId("log-entry").first()).toBeVisible();
    await expect(page.locator("main")).toContainText("__xss(");
    await settle(page);
  }
  expect(await page.evaluate(() => ({}) as Record<string, unknown>).then((o) => o.polluted)).toBeUndefined();
  recordFigures("xss-log-lines", tally);
});

test("hostile rule page addresses", async ({ page }) => {
  for (const p of PAYLOADS.slice(0, 4)) {
    await page.goto(`/rules/${encodeURIComponent(p)}`);
    await expect(page.locator("main")).toBeVisible();
    await settle(page);
  }
  recordFigures("xss-rule-pages", tally);
});

test("hostile cards, file names, profiles and triage links in the triage", async ({ page }) => {
  test.setTimeout(120_000);
  await openTriage(page);
  // Payloads in file names (the row labels), in every field a card shows, and in a profile's name.
  await dropFiles(
    page,
    PAYLOADS.map((p, i) => ({ name: `${p}.json`, text: hostileCard(p, i) })),
  );
  await page.getByLabel("Paste a profile (JSON)").fill(JSON.stringify({ ...NORTHWIND, name: PAYLOADS[1], description: PAYLOADS[2] }));
  await page.getByRole("button", { name: "Add profile" }).click();
  await waitForReviews(page, PAYLOADS.length);
  await expect(page.locator("main")).toContainText("__xss(");
  await settle(page);
  // A file that is not JSON, named with a payload: listed with why, as text.
  await dropFiles(page, [{ name: PAYLOADS[0]!, text: PAYLOADS[1] }]);
  await expect(page.getByTestId("triage-refused")).toContainText("__xss(");
  await settle(page);
  // A triage link whose labels, sources and profile carry payloads (a source is never made a link).
  const link = encodeTriageLink({
    type: TRIAGE_FILE_TYPE,
    v: 1,
    cards: PAYLOADS.slice(0, 6).map((p, i) => ({ id: `c${i}`, label: p, text: hostileCard(p, i), source: i % 2 ? `javascript:__xss("source")` : p })),
    profiles: [{ id: "p", profile: { ...NORTHWIND, name: PAYLOADS[3]! } }],
  });
  if (!link.ok) throw new Error("the hostile triage does not fit in a link");
  await page.goto("about:blank");
  await page.goto(`/triage#${link.fragment}`);
  await waitForReviews(page, 6);
  await expect(page.getByTestId("triage-row").first()).toContainText("__xss(");
  await settle(page);
  for (const fragment of [`#t1.${PAYLOADS[0]}`, `#${encodeURIComponent(PAYLOADS[4]!)}`]) {
    await page.goto("about:blank");
    await page.goto(`/triage${fragment}`);
    await expect(page.getByTestId("triage-notice")).toHaveAttribute("data-notice", "linkFailed");
    await settle(page);
  }
  recordFigures("xss-triage", tally);
});

test("hostile versions, keys and profiles in the card diff", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/diff");
  await expect(page.getByTestId("diff-workbench")).toHaveAttribute("data-ready", "true");
  for (let i = 0; i < 6; i++) {
    const p = PAYLOADS[i]!;
    // The payload as a changed value, a new key (a JSON pointer on the page) and a removed one.
    const before = JSON.stringify({ ...(JSON.parse(hostileCard(p, i)) as object), [`gone ${p}`]: p });
    const after = JSON.stringify({ ...(JSON.parse(CONTOSO.text) as object), [p]: { [p]: p }, description: p });
    await page.getByLabel("Before").fill(before);
    await page.getByLabel("After").fill(after);
    await expect(page.getByTestId("diff-fields")).toContainText("__xss(");
    await settle(page);
  }
  await page.getByLabel("Paste a profile (JSON)").fill(JSON.stringify({ ...NORTHWIND, name: PAYLOADS[5], description: PAYLOADS[6] }));
  await page.getByRole("button", { name: "Add profile" }).click();
  // The profile's name is shown as text: in its own section when decisions change, in the summary when none do.
  await expect(page.getByTestId("diff-report").getByText("__xss(").first()).toBeVisible();
  await settle(page);
  for (const fragment of [`#v1.${PAYLOADS[0]}`, `#${encodeURIComponent(PAYLOADS[2]!)}`]) {
    await page.goto("about:blank");
    await page.goto(`/diff${fragment}`);
    await expect(page.getByTestId("diff-link-error")).toBeVisible();
    await settle(page);
  }
  recordFigures("xss-diff", tally);
});
