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
  acknowledgements: [{ invariant: "live-input-needs-streaming", taskClass: "live-input", reason: "Streaming is on next quarter.", by: "Ana", until: "2099-12-31" }],
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

  it("keeps the acknowledgements that still read, and says the others were reset", () => {
    const stored = [...DRAFT.acknowledgements!, { invariant: "a-rule-since-removed", reason: "x" }, { invariant: "live-input-needs-streaming", reason: "Day that is not.", until: "2026-02-31" }];
    const read = decodeDraft(JSON.stringify({ ...DRAFT, acknowledgements: stored }), FALLBACK);
    expect(read?.draft.acknowledgements).toEqual(DRAFT.acknowledgements);
    expect(read?.dropped).toEqual(["acknowledgements"]);
  });

  it("keeps the first 500 of a longer list (the config file's cap), and says the rest were reset", () => {
    const many = Array.from({ length: 100_000 }, () => DRAFT.acknowledgements![0]);
    const read = decodeDraft(JSON.stringify({ ...DRAFT, acknowledgements: many }), FALLBACK);
    expect(read?.draft.acknowledgements).toHaveLength(500);
    expect(read?.dropped).toEqual(["acknowledgements"]);
  });

  it("keeps the config file imported, as it was, so an export after a reload loses nothing; one that no longer reads is said to be reset", () => {
    const importedConfig = { name: "team.json", raw: { profiles: ["northwind", "a2a-js"], acknowledgements: [{ lint: "signatureUnverifiable", reason: "Pinned keys." }], failOn: "defer" }, profileAt: 0, opened: NORTHWIND, acknowledgements: [] };
    expect(decodeDraft(JSON.stringify({ ...DRAFT, importedConfig }), FALLBACK)).toEqual({ draft: { ...DRAFT, importedConfig }, dropped: [] });
    for (const broken of [{ ...importedConfig, raw: ["not", "an object"] }, { ...importedConfig, profileAt: -1 }, { ...importedConfig, opened: { name: 7 } }, "team.json"]) {
      const read = decodeDraft(JSON.stringify({ ...DRAFT, importedConfig: broken }), FALLBACK);
      expect(read?.draft.importedConfig).toBeUndefined();
      expect(read?.dropped).toEqual(["imported config file"]);
    }
  });
});
