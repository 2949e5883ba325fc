import { describe, expect, it } from "vitest";
import { diffCards, findPreset, NORTHWIND } from "@/lib/negotiation";
import { CONTOSO_LIVE_AUDIO } from "@/lib/negotiation/examples/incidents";
import { renderDiffMarkdown } from "./diff-markdown";

const LINK = "https://parley.example/diff#d1.abc";
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a card edited field by field
function edit(text: string, change: (card: Record<string, any>) => void): string {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same card
  const card = JSON.parse(text) as Record<string, any>;
  change(card);
  return JSON.stringify(card, null, 2);
}
const BEFORE = CONTOSO_LIVE_AUDIO.text;
const STREAMING = edit(BEFORE, (card) => (card.capabilities.streaming = true));

describe("renderDiffMarkdown", () => {
  it("writes the moved decision and the finding that moved it, in the engine's words, with the link", () => {
    const markdown = renderDiffMarkdown(diffCards(BEFORE, STREAMING, [NORTHWIND]), { before: "contoso-2026-10.json", after: "contoso-2026-11.json" }, LINK);
    expect(markdown).toMatchInlineSnapshot(`
      "**Parley diff:** Contoso Voice Desk → Contoso Voice Desk (engine parley 0.2.0)

      - Before: contoso-2026-10.json
      - After: contoso-2026-11.json
      - Compared for: Northwind discovery agent

      **2 decisions change, none for the worse.**

      #### Northwind discovery agent

      - \`live-input\`: reject → accept (**better**). Accept Live input. No invariant cuts a path live-input needs. It works over JSONRPC at https://agents.contoso.example/a2a/v1, sending audio/pcm, reading text/plain and audio/pcm; the result comes in the reply.
        - \`live-input-needs-streaming\`: violated → holds. Before: The card takes audio/pcm as input but does not stream (capabilities.streaming is false), and the client has audio/pcm only live and cannot buffer it: the input path is unreachable. After: The card declares streaming (capabilities.streaming is true). A2A streams run from server to client; the rule takes a streaming endpoint as one that keeps a live exchange open, so it does not refuse live input here.
      - \`streaming-output\`: reject → accept (**better**). Accept Streaming output. No invariant cuts a path streaming-output needs. It works over JSONRPC at https://agents.contoso.example/a2a/v1, sending text/plain, reading text/plain and audio/pcm; results arrive over the server stream.
        - \`stream-channel-available\`: violated → holds. Before: The card does not stream (capabilities.streaming is false), so results cannot arrive over a stream. After: The card streams and the client consumes server streams, so results can arrive over a stream.

      [Open this diff in Parley](https://parley.example/diff#d1.abc)
      "
    `);
  });

  it("puts the decisions that got worse first, and says how many", () => {
    const worse = edit(STREAMING, (card) => {
      card.defaultInputModes = ["audio/pcm"];
      for (const skill of card.skills as Array<{ inputModes?: string[] }>) skill.inputModes = ["audio/pcm"];
    });
    const diff = diffCards(BEFORE, worse, [NORTHWIND]);
    const markdown = renderDiffMarkdown(diff, { before: "a", after: "b" });
    const moves = markdown.split("\n").filter((line) => line.startsWith("- `"));
    expect(moves.length).toBe(diff.decisionChanges.length);
    expect(moves[0]).toContain("(**worse**)");
    expect(moves.at(-1)).toContain("(**better**)");
    expect(markdown).toMatch(/\*\*\d+ decisions change, \d+ for the worse\.\*\*/);
    expect(markdown).not.toContain("[Open this diff");
  });

  it("lists the decisions that stay the same for other reasons", () => {
    const after = edit(STREAMING, (card) => {
      card.defaultOutputModes = ["audio/mpeg"];
      for (const skill of card.skills) skill.outputModes = ["audio/mpeg"];
    });
    const markdown = renderDiffMarkdown(diffCards(BEFORE, after, [NORTHWIND]), { before: "a", after: "b" });
    expect(markdown).toContain("**Same decisions, other reasons:**");
    expect(markdown).toContain("- Northwind discovery agent, `live-input`: still reject, now resting on `output-modes`; before, on `live-input-needs-streaming`.");
  });

  it("says so when no decision changes, for each profile compared", () => {
    const same = edit(BEFORE, (card) => (card.description = "New words."));
    const markdown = renderDiffMarkdown(diffCards(BEFORE, same, [NORTHWIND, findPreset("full-sdk")!]), { before: "", after: "" });
    expect(markdown).toContain("- Compared for: Northwind discovery agent, Full-featured SDK client");
    expect(markdown).toContain("No decision changes.");
    expect(markdown).toContain("- Before: pasted");
  });

  it("keeps hostile card names, file names and profile names from adding links, HTML, mentions or lines", () => {
    const evil = "Evil | [click](javascript:alert(1)) <img src=x> @team\n## injected";
    const before = edit(BEFORE, (card) => (card.name = evil));
    const after = edit(STREAMING, (card) => (card.name = evil));
    const profile = { ...NORTHWIND, name: "Acme ![x](https://t.example/p.png) `code`" };
    const markdown = renderDiffMarkdown(diffCards(before, after, [profile]), { before: "<script>x</script>.json", after: "a\n- [x](javascript:1)" });
    expect(markdown).not.toMatch(/(^|[^\\])\[click\]\(/);
    expect(markdown).not.toMatch(/(^|[^\\])<(img|script)/);
    expect(markdown).not.toMatch(/(^|[^\\])!\[x\]/);
    expect(markdown).not.toMatch(/^## injected/m);
    expect(markdown).not.toMatch(/^- \[x\]/m);
    expect(markdown).toContain("@\u2060team");
    expect(markdown).toContain("#### Acme !\\[x\\](https://t.example/p.png) \\`code\\`");
  });
});
