import { describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { CONTOSO } from "../negotiation/examples/incidents";
import { BUILT_IN_TASK_CLASS_IDS, findPreset, NORTHWIND } from "../negotiation";
import {
  filterCells,
  readTriageFile,
  summarize,
  toJsonRows,
  triagePair,
  worstOf,
  writeTriageFile,
  type TriageCard,
  type TriageProfile,
} from "./triage";
import { toCsv, toMarkdown } from "../report/triage";

const cards: TriageCard[] = [
  { id: "contoso", label: "contoso.json", text: CONTOSO.text },
  ...corpusCardNames()
    .slice(0, 6)
    .map((file) => ({ id: file, label: file, text: readCorpusCard(file), source: `fixtures/cards/${file}` })),
];
const profiles: TriageProfile[] = [
  { id: "northwind", profile: NORTHWIND },
  { id: "a2a-python", profile: findPreset("a2a-python")! },
];
const cells = cards.flatMap((card) => profiles.map((p) => triagePair(card, p)));

describe("triage", () => {
  it("boils each pair down to the decision per task class, its rules and the worst", () => {
    const contoso = cells.find((c) => c.cardId === "contoso" && c.profileId === "northwind")!;
    expect(contoso.valid).toBe(true);
    expect(contoso.cardName).toBe("Contoso Voice Desk");
    expect(contoso.decisions["live-input"]).toEqual({ decision: "reject", rules: ["live-input-needs-streaming"] });
    expect(contoso.decisions["async-completion"]?.decision).toBe("accept-degraded");
    expect(contoso.worst).toBe("reject");
    expect(Object.keys(contoso.decisions)).toEqual(BUILT_IN_TASK_CLASS_IDS);
  });

  it("carries an invalid card's first errors, as data for the explanation, and none for a valid one", () => {
    const invalid = cells.find((c) => c.cardId === "a2a-pr1323-cli-invalid-format.json")!;
    expect(invalid.valid).toBe(false);
    expect(invalid.problems!.length).toBeGreaterThan(0);
    expect(invalid.problems!.length).toBeLessThanOrEqual(3);
    expect(invalid.problems!.every((p) => p.severity === "error")).toBe(true);
    expect(cells.find((c) => c.cardId === "contoso")!.problems).toBeUndefined();
    const broken = triagePair({ id: "b", label: "b", text: "{ broken" }, profiles[0]!);
    expect(broken.problems).toMatchObject([{ code: "notJson", position: { line: 1, column: 3 } }]);
  });

  it("summarizes rows and columns by their worst decision", () => {
    expect(worstOf(["accept", "defer", "accept-degraded"])).toBe("defer");
    expect(worstOf([])).toBe("accept");
    const rows = summarize(cells, "cardId");
    expect(rows.get("contoso")).toBe("reject");
    expect(summarize(cells, "profileId").size).toBe(2);
  });

  it("filters: pairs where a task class got a decision, invalid cards, a name search", () => {
    const rejectedLive = filterCells(cells, cards, { taskClass: "live-input", decision: "reject" });
    expect(rejectedLive.every((c) => c.decisions["live-input"]?.decision === "reject")).toBe(true);
    expect(rejectedLive.length).toBeGreaterThan(0);
    const invalid = filterCells(cells, cards, { invalidOnly: true });
    expect(invalid.every((c) => !c.valid)).toBe(true);
    expect(filterCells(cells, cards, { search: "VOICE desk" }).map((c) => c.cardId)).toEqual(["contoso", "contoso"]);
  });

  it("exports CSV one row per pair, with formula injection defused", () => {
    const hostile: TriageCard = { id: "h", label: '=HYPERLINK("http://evil")', text: CONTOSO.text };
    const csv = toCsv([triagePair(hostile, profiles[0]!)], [hostile], profiles, BUILT_IN_TASK_CLASS_IDS);
    const [header, row] = csv.trimEnd().split("\n");
    expect(header).toBe(`card,name,source,profile,valid,worst,${BUILT_IN_TASK_CLASS_IDS.join(",")},${BUILT_IN_TASK_CLASS_IDS.map((t) => `${t} rules`).join(",")}`);
    expect(row!.startsWith(`"'=HYPERLINK(""http://evil"")"`)).toBe(true);
    expect(toCsv(cells, cards, profiles, BUILT_IN_TASK_CLASS_IDS).trimEnd().split("\n")).toHaveLength(cells.length + 1);
  });

  it("exports Markdown a table per profile, escaping what the card says", () => {
    const hostile: TriageCard = { id: "h", label: "evil | [x](javascript:alert(1))", text: CONTOSO.text };
    const md = toMarkdown([triagePair(hostile, profiles[0]!)], [hostile], profiles, BUILT_IN_TASK_CLASS_IDS);
    expect(md).toContain("## Northwind discovery agent");
    expect(md).toContain("evil \\| \\[x\\](javascript:alert(1))");
    expect(md).toContain("reject (live-input-needs-streaming)");
  });

  it("exports JSON rows in the CLI's shape, naming the card by its label", () => {
    const rows = toJsonRows(cells.slice(0, 2), cards, profiles);
    expect(rows[0]).toMatchObject({ card: "contoso.json", source: null, cardName: "Contoso Voice Desk", profile: NORTHWIND.name, valid: true, worst: "reject" });
    expect(rows[0]!.decisions["live-input"]).toEqual({ decision: "reject", rules: ["live-input-needs-streaming"] });
    expect(rows[1]!.profile).toBe(findPreset("a2a-python")!.name);
  });

  it("refuses a triage file that uses one id twice (results are kept per id)", () => {
    const text = writeTriageFile([cards[0]!, { ...cards[1]!, id: cards[0]!.id }], profiles);
    expect(readTriageFile(text)).toMatchObject({ ok: false, pointer: "/cards/1/id" });
    const twice = writeTriageFile(cards.slice(0, 1), [profiles[0]!, { ...profiles[1]!, id: profiles[0]!.id }]);
    expect(readTriageFile(twice)).toMatchObject({ ok: false, pointer: "/profiles/1/id" });
  });

  it("saves and reopens a triage file; a hostile one gives a pointer, never a throw", () => {
    const text = writeTriageFile(cards, profiles, ["live-input"]);
    const read = readTriageFile(text);
    expect(read.ok && read.file.cards.map((c) => c.id)).toEqual(cards.map((c) => c.id));
    expect(read.ok && read.file.taskClasses).toEqual(["live-input"]);
    expect(readTriageFile("{")).toMatchObject({ ok: false, pointer: "" });
    expect(readTriageFile(JSON.stringify({ type: "parley.triage", v: 1, cards: [{ id: "", label: "", text: "" }], profiles: [] }))).toMatchObject({ ok: false, pointer: "/cards/0/id" });
    expect(readTriageFile(JSON.stringify({ type: "parley.triage", v: 2, cards: [], profiles: [] }))).toMatchObject({ ok: false, pointer: "/v" });
    expect(readTriageFile('{"__proto__": {"polluted": true}}').ok).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
