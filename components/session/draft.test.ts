import { describe, expect, it } from "vitest";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { NORTHWIND, PRESETS } from "@/lib/negotiation";
import { decodeDraft, type WorkspaceDraft } from "./draft";

const DRAFT: WorkspaceDraft = {
  savedAt: "2026-11-08T09:41:07.211Z",
  cardText: CONTOSO.text.replace("Contoso", "Edited"),
  origin: { kind: "url", url: "https://agents.contoso.example" },
  profile: { ...NORTHWIND, streaming: true },
  context: { priorTaskHistory: true },
  selection: { taskClass: "live-input", invariant: "live-input-needs-streaming" },
};
const FALLBACK = PRESETS[1] ?? NORTHWIND;

describe("decodeDraft", () => {
  it("reads back what was stored", () => {
    expect(decodeDraft(JSON.stringify(DRAFT), FALLBACK)).toEqual({ draft: DRAFT, dropped: [] });
  });

  it.each([
    ["nothing stored", null],
    ["text that is not JSON", "{not json"],
    ["JSON that is not a draft", '["a"]'],
    ["a draft without its card", JSON.stringify({ ...DRAFT, cardText: undefined })],
  ])("is no draft for %s", (_name, raw) => {
    expect(decodeDraft(raw, FALLBACK)).toBeUndefined();
  });

  it("keeps the card when the stored profile no longer validates, and says the profile was reset", () => {
    const read = decodeDraft(JSON.stringify({ ...DRAFT, profile: { name: "x", streaming: "yes" } }), FALLBACK);
    expect(read?.draft.cardText).toBe(DRAFT.cardText);
    expect(read?.draft.profile).toEqual(FALLBACK);
    expect(read?.dropped).toEqual(["profile"]);
  });

  it("drops a context field this version does not know, and says so", () => {
    const read = decodeDraft(JSON.stringify({ ...DRAFT, context: { fromTheFuture: true } }), FALLBACK);
    expect(read?.draft.context).toEqual({});
    expect(read?.dropped).toEqual(["context"]);
  });

  it("ignores an origin or a selection of the wrong shape instead of failing", () => {
    const read = decodeDraft(JSON.stringify({ ...DRAFT, origin: { kind: "ftp" }, selection: { row: 1 } }), FALLBACK);
    expect(read?.draft.origin).toBeUndefined();
    expect(read?.draft.selection).toBeUndefined();
  });
});
