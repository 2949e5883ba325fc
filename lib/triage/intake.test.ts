import { describe, expect, it } from "vitest";
import { CONTOSO } from "../negotiation/examples/incidents";
import { findPreset, NORTHWIND } from "../negotiation";
import { classifyBytes, classifyText, MAX_INTAKE_BYTES, parseUrlList, urlFormProblem } from "./intake";
import { MAX_TRIAGE_CARD_CHARS, writeTriageFile } from "./triage";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("classifying a dropped file", () => {
  it("reads any JSON that is not a profile or a triage as a card, valid or not", () => {
    expect(classifyBytes("contoso.json", bytes(CONTOSO.text))).toEqual({ kind: "card", name: "contoso.json", text: CONTOSO.text, cardName: "Contoso Voice Desk" });
    // Invalid as a card, but JSON: the review says what is wrong, in the grid.
    expect(classifyText("package.json", '{"name":"left-pad","version":"1.0.0"}').kind).toBe("card");
    expect(classifyText("just-a-name.json", '{"name":"Cut short"}').kind).toBe("card");
  });

  it("says why a file that is not JSON is refused, with the line and column", () => {
    const entry = classifyText("notes.txt", '{\n  "name": "x",\n  oops\n}');
    expect(entry).toMatchObject({ kind: "refused", name: "notes.txt", reason: { code: "notJson", problem: { code: "notJson", position: { line: 3, column: 3 } } } });
    expect(classifyText("empty.json", "").kind).toBe("refused");
  });

  it("refuses binary files and files over the size limit without reading them as text", () => {
    expect(classifyBytes("logo.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]))).toMatchObject({ kind: "refused", reason: { code: "notUtf8", offset: 0, byte: 0x89 } });
    // Broken UTF-8 inside an otherwise good card is placed at its byte, not read with replacement characters.
    const broken = Uint8Array.from([...bytes('{"name":"caf'), 0xc3, 0x28, 0x20, 0xff, 0xfe, ...bytes('"}')]);
    expect(classifyBytes("badutf8.json", broken)).toEqual({ kind: "refused", name: "badutf8.json", reason: { code: "notUtf8", offset: 12, byte: 0xc3 } });
    expect(classifyBytes("nul.json", bytes('{"a":"\u0000"}'))).toMatchObject({ kind: "refused", reason: { code: "notText" } });
    expect(classifyBytes("huge.json", new Uint8Array(MAX_INTAKE_BYTES + 1))).toMatchObject({ kind: "refused", reason: { code: "tooLarge", size: MAX_INTAKE_BYTES + 1 } });
    // Past a card's size, a file is read only if it is a saved triage.
    const big = `{"name":"${"x".repeat(MAX_TRIAGE_CARD_CHARS)}"}`;
    expect(classifyText("big-card.json", big)).toMatchObject({ kind: "refused", reason: { code: "tooLarge", size: big.length, limit: MAX_TRIAGE_CARD_CHARS } });
  });

  it("reads a client profile, or a list of them, as profiles", () => {
    expect(classifyText("northwind.json", JSON.stringify(NORTHWIND))).toEqual({ kind: "profiles", name: "northwind.json", profiles: [NORTHWIND] });
    const both = classifyText("saved.json", JSON.stringify([NORTHWIND, findPreset("a2a-python")]));
    expect(both.kind === "profiles" && both.profiles.map((p) => p.name)).toEqual([NORTHWIND.name, "A2A Python SDK client"]);
    // A list with one entry that is not a profile is not a profile list.
    expect(classifyText("mixed.json", JSON.stringify([NORTHWIND, { name: "x", streaming: "yes" }])).kind).toBe("card");
  });

  it("reads a saved triage larger than any card, and says where a broken large one stops being JSON", () => {
    const card = `{"name":"${"y".repeat(1024 * 1024)}"}`;
    const cards = Array.from({ length: 5 }, (_, i) => ({ id: `c${i}`, label: `${i}.json`, text: card + " ".repeat(i) }));
    const text = writeTriageFile(cards, [{ id: "n", profile: NORTHWIND }]);
    expect(text.length).toBeGreaterThan(MAX_TRIAGE_CARD_CHARS);
    const entry = classifyText("big.parley-triage.json", text);
    expect(entry.kind === "triage" && entry.file.cards).toHaveLength(5);
    const cut = classifyText("cut.parley-triage.json", text.slice(0, text.length - 10));
    expect(cut).toMatchObject({ kind: "refused", reason: { code: "notJson", problem: { code: "notJson" } } });
  });

  it("reads a saved triage, and says where a broken one is wrong", () => {
    const text = writeTriageFile([{ id: "a", label: "a.json", text: CONTOSO.text }], [{ id: "n", profile: NORTHWIND }]);
    const entry = classifyText("week.parley-triage.json", text);
    expect(entry.kind === "triage" && entry.file.cards[0]!.label).toBe("a.json");
    const broken = classifyText("bad.parley-triage.json", JSON.stringify({ type: "parley.triage", v: 1, cards: "no", profiles: [] }));
    expect(broken).toMatchObject({ kind: "refused", reason: { code: "badTriageFile", pointer: "/cards" } });
  });
});

describe("parseUrlList", () => {
  it("takes one URL per line, skips blanks, comments and repeats", () => {
    const list = parseUrlList("https://a.example\n\n# partners\nb.example\n  https://c.example/card.json  \nhttps://a.example\n", 100);
    expect(list).toEqual({ urls: ["https://a.example", "b.example", "https://c.example/card.json"], refused: [], duplicates: 1, overLimit: 0 });
  });

  it("refuses, line by line, what is not an http(s) URL, and never splits a line into several URLs", () => {
    const long = `https://example.com/${"a".repeat(5000)}`;
    const list = parseUrlList(["not a url", "http://10.0.0.1/", "javascript:alert(1)", "https://example.invalid/", "", long].join("\n"), 100);
    // The private address and the unknown host are the fetch route's to judge (it resolves the host).
    expect(list.urls).toEqual(["http://10.0.0.1/", "https://example.invalid/"]);
    expect(list.refused.map((r) => [r.line, r.text.slice(0, 20)])).toEqual([
      [1, "not a url"],
      [3, "javascript:alert(1)"],
      [6, long.slice(0, 20)],
    ]);
    expect(list.refused[0]!.message).toBe('"not a url" is not a valid URL.');
    expect(list.refused[1]!.message).toContain("Only http and https URLs can be fetched, not javascript");
    expect(list.refused[2]!.message).toContain("longer than 2048 characters");
  });

  it("refuses by form what the fetch route refuses by form, and lets the rest through", () => {
    expect(urlFormProblem("agents.example")).toBeUndefined();
    expect(urlFormProblem("https://agents.example:8443/.well-known/agent-card.json")).toBeUndefined();
    expect(urlFormProblem("ftp://agents.example/card.json")).toBe("Only http and https URLs can be fetched, not ftp:.");
    expect(urlFormProblem("https://user:secret@agents.example/")).toBe("The URL carries a user name or password; remove the credentials.");
    expect(urlFormProblem("https:// spaced.example")).toBe('"https:// spaced.example" is not a valid URL.');
  });

  it("stops at the limit and counts what it left out", () => {
    const list = parseUrlList(Array.from({ length: 12 }, (_, i) => `https://h${i}.example`).join("\n"), 10);
    expect(list.urls).toHaveLength(10);
    expect(list.overLimit).toBe(2);
  });
});
