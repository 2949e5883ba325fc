import { describe, expect, it } from "vitest";
import { findPreset, NORTHWIND, review } from "@/lib/negotiation";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { escapeMarkdown } from "@/lib/markdown";
import { renderDecisionMarkdown } from "./markdown";

const LINK = "https://parley.example/#v1.abc";

/** The table rows of rendered Markdown, header and divider excluded. */
function tableRows(markdown: string): string[] {
  return markdown.split("\n").filter((line) => line.startsWith("| ")).slice(2);
}

describe("renderDecisionMarkdown", () => {
  it("writes the incident review as a ticket comment: one row per task class, the explain/ wording, the link", () => {
    expect(renderDecisionMarkdown(review(CONTOSO.text, NORTHWIND), LINK)).toMatchInlineSnapshot(`
      "**Parley review:** Contoso Voice Desk × Northwind discovery agent (engine parley 0.2.0)

      | Task class | Decision | Why |
      | --- | --- | --- |
      | Request–response (\`request-response\`) | accept | No invariant cuts a path request-response needs. It works over JSONRPC at https://agents.contoso.example/a2a/v1, sending text/plain, reading text/plain and audio/pcm; the result comes in the reply. |
      | Live input (\`live-input\`) | reject | live-input-needs-streaming cuts the input path for audio/pcm, which live-input requires. |
      | Async completion (\`async-completion\`) | accept-degraded | push-callback-mtls cuts push notifications, which async-completion can do without: it falls back to polling. |
      | Fire and forget (\`fire-and-forget\`) | accept | No invariant cuts a path fire-and-forget needs. It works over JSONRPC at https://agents.contoso.example/a2a/v1, sending text/plain; it awaits no completion. |
      | Streaming output (\`streaming-output\`) | reject | stream-channel-available cuts the stream its results arrive on, which streaming-output requires. |

      [Open this review in Parley](https://parley.example/#v1.abc)
      "
    `);
  });

  it("keeps a hostile card name from breaking the table or adding links and HTML", () => {
    const card = JSON.parse(CONTOSO.text) as Record<string, unknown>;
    card.name = "Evil | col [click](javascript:alert(1)) <img src=x>\n| injected | row |";
    const markdown = renderDecisionMarkdown(review(JSON.stringify(card), NORTHWIND), LINK);
    const heading = markdown.split("\n")[0] ?? "";
    expect(heading).toContain("Evil \\| col \\[click\\](javascript:alert(1)) \\<img src=x\\> \\| injected \\| row \\|");
    expect(tableRows(markdown)).toHaveLength(5);
  });

  it("says an invalid card is invalid and accepts nothing", () => {
    const markdown = renderDecisionMarkdown(review('{"name": "Broken",', NORTHWIND), LINK);
    expect(markdown).toContain("The card is not valid");
    for (const row of tableRows(markdown)) expect(row.split(" | ")[1]).not.toMatch(/^accept/);
  });

  it("gives an invalid card's reason once, lists its errors, and shows each class's decision alone", () => {
    const card = JSON.parse(CONTOSO.text) as { skills: Array<Record<string, unknown>> };
    delete card.skills[0]!.description;
    const markdown = renderDecisionMarkdown(review(JSON.stringify(card), { ...NORTHWIND, validatesRequiredFields: true }), LINK);
    const said = markdown.split("\n").filter((line) => line.includes("so nothing can be accepted on it"));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^Every task class is rejected\. The card is not valid \(/);
    expect(markdown).toMatch(/^- skills\\\[0\\\]\.description is missing: .* \(`\/skills\/0`\)$/m);
    expect(markdown).toContain("| Task class | Decision |\n| --- | --- |\n");
    const rows = tableRows(markdown);
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).toMatch(/ \| reject \(the card: fix it at its source\) \|$/);
  });

  it("explains why there are no decisions when the profile is unusable", () => {
    const markdown = renderDecisionMarkdown(review(CONTOSO.text, { ...NORTHWIND, name: "" }), LINK);
    expect(markdown).toContain("No decisions: The client profile is invalid at /profile/name");
    expect(markdown).not.toContain("| Task class |");
    expect(markdown.trimEnd().endsWith(`[Open this review in Parley](${LINK})`)).toBe(true);
  });
});

describe("escapeMarkdown", () => {
  it.each([
    ["plain words stay as they are", "Contoso Voice Desk", "Contoso Voice Desk"],
    ["a pipe cannot end a table cell", "a | b", "a \\| b"],
    ["brackets cannot make a link", "[x](y)", "\\[x\\](y)"],
    ["angle brackets cannot make HTML", "<b>", "\\<b\\>"],
    ["emphasis and code markers are literal", "*a* _b_ `c` ~d~", "\\*a\\* \\_b\\_ \\`c\\` \\~d\\~"],
    ["a backslash stays a backslash", "a\\b", "a\\\\b"],
    ["line breaks cannot start a new row", "one\n| two\r\nthree\u2028four", "one \\| two three four"],
  ])("%s", (_, input, expected) => {
    expect(escapeMarkdown(input)).toBe(expected);
  });
});

describe("renderDecisionMarkdown, a rejection aimed at the card", () => {
  it("says an invalid card is fixed at its source, not refetched", () => {
    const rows = tableRows(renderDecisionMarkdown(review('{"name": 12}', NORTHWIND), LINK));
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toContain("reject (the card: fix it at its source)");
      expect(row).not.toContain("refetch");
    }
  });

  it("says a stale card on a known-good server is refetched", () => {
    const stale = review(CONTOSO.text, NORTHWIND, { context: { cardKnownStale: true, serverKnownGood: true } });
    const liveInput = tableRows(renderDecisionMarkdown(stale, LINK)).find((row) => row.includes("`live-input`"));
    expect(liveInput).toContain("reject (the card: refetch it)");
  });
});

describe("renderDecisionMarkdown: not for this client", () => {
  it("labels a class the client itself cannot perform apart from a rejection", () => {
    const rows = tableRows(renderDecisionMarkdown(review(CONTOSO.text, findPreset("a2a-js")!, { taskClasses: ["live-input"] })));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(/^\| Live input \(`live-input`\) \| not for this client \| /);
  });
});
