import { describe, expect, it } from "vitest";
import { CONTOSO } from "../negotiation/examples/incidents";
import { BUILT_IN_TASK_CLASS_IDS, findPreset, NORTHWIND, type TaskClass } from "../negotiation";
import {
  addCards,
  addProfiles,
  addTaskClasses,
  canonicalJson,
  EMPTY_TRIAGE,
  fromTriageFile,
  mergeTriageFile,
  profileLabels,
  removeCards,
  toTriageFile,
} from "./inputs";
import { MAX_TRIAGE_CARDS, readTriageFile, writeTriageFile } from "./triage";

describe("triage inputs", () => {
  it("adds cards under fresh ids, and says which were already there (same bytes)", () => {
    const first = addCards(EMPTY_TRIAGE, [
      { label: "a.json", text: CONTOSO.text },
      { label: "b.json", text: "{}" },
      { label: "a-again.json", text: CONTOSO.text },
    ]);
    expect(first.added.map((c) => [c.id, c.label])).toEqual([
      ["c1", "a.json"],
      ["c2", "b.json"],
    ]);
    expect(first.duplicates).toEqual([{ label: "a-again.json", sameAs: "a.json" }]);
    const second = addCards(first.inputs, [{ label: "c.json", text: "[]", source: "https://c.example/" }]);
    expect(second.added).toEqual([{ id: "c3", label: "c.json", text: "[]", source: "https://c.example/" }]);
    // Ids are never reused, even after a removal.
    const removed = removeCards(second.inputs, new Set(["c3"]));
    expect(addCards(removed, [{ label: "d", text: "1" }]).added[0]!.id).toBe("c4");
  });

  it("stops at the card limit and counts what it left out", () => {
    const many = Array.from({ length: MAX_TRIAGE_CARDS + 3 }, (_, i) => ({ label: `${i}`, text: `{"n":${i}}` }));
    const result = addCards(EMPTY_TRIAGE, many);
    expect(result.inputs.cards).toHaveLength(MAX_TRIAGE_CARDS);
    expect(result.overLimit).toBe(3);
  });

  it("adds profiles once per content, whatever the key order, and labels two of one name apart", () => {
    const reordered = Object.fromEntries(Object.entries(NORTHWIND).reverse()) as typeof NORTHWIND;
    const result = addProfiles(EMPTY_TRIAGE, [NORTHWIND, reordered, { ...NORTHWIND, streaming: !NORTHWIND.streaming }]);
    expect(result.added).toHaveLength(2);
    expect(result.duplicates).toEqual([NORTHWIND.name]);
    expect([...profileLabels(result.inputs.profiles).values()]).toEqual([NORTHWIND.name, `${NORTHWIND.name} (2)`]);
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
  });

  it("takes a link's user-defined task classes alongside the built-in ones", () => {
    const custom: TaskClass = { id: "voice-note", title: "Voice note", description: "A recorded note, sent whole.", input: "whole", completion: "notification", output: "none" };
    const result = addTaskClasses(EMPTY_TRIAGE, BUILT_IN_TASK_CLASS_IDS, ["live-input", custom]);
    expect(result.added).toEqual(["voice-note"]);
    expect(result.inputs.taskClasses).toEqual([...BUILT_IN_TASK_CLASS_IDS, custom]);
    expect(addTaskClasses(result.inputs, BUILT_IN_TASK_CLASS_IDS, [custom]).added).toEqual([]);
  });

  it("saves as a triage file and opens it again under fresh ids; merging skips what is already there", () => {
    const withCards = addCards(EMPTY_TRIAGE, [{ label: "a.json", text: CONTOSO.text }]).inputs;
    const inputs = addProfiles(withCards, [NORTHWIND]).inputs;
    const read = readTriageFile(writeTriageFile(toTriageFile(inputs).cards, toTriageFile(inputs).profiles));
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const opened = fromTriageFile(read.file);
    expect(opened.cards.map((c) => c.label)).toEqual(["a.json"]);
    expect(opened.profiles.map((p) => p.profile)).toEqual([NORTHWIND]);
    expect(new Set([...opened.cards, ...opened.profiles].map((e) => e.id)).size).toBe(2);
    const merged = mergeTriageFile(opened, { ...read.file, profiles: [...read.file.profiles, { id: "x", profile: findPreset("a2a-python")! }] });
    expect(merged.cards.duplicates).toHaveLength(1);
    expect(merged.profiles.added.map((p) => p.profile.name)).toEqual(["A2A Python SDK client"]);
  });
});
