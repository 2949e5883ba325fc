import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { type InputLine, isBlankLine, readLines } from "./read-lines";

async function collect(chunks: Array<string | Buffer>, max?: number): Promise<InputLine[]> {
  const out: InputLine[] = [];
  for await (const line of readLines(Readable.from(chunks.map((c) => (typeof c === "string" ? Buffer.from(c) : c))), max)) out.push(line);
  return out;
}

describe("readLines", () => {
  it("splits across chunk boundaries and numbers lines from 1", async () => {
    expect(await collect(["a\nb", "c\n", "d"])).toEqual([
      { lineNo: 1, text: "a" },
      { lineNo: 2, text: "bc" },
      { lineNo: 3, text: "d" },
    ]);
  });

  it("strips CR of CRLF and keeps empty lines (numbering stays right)", async () => {
    expect(await collect(["x\r\n\r\ny\n"])).toEqual([
      { lineNo: 1, text: "x" },
      { lineNo: 2, text: "" },
      { lineNo: 3, text: "y" },
    ]);
  });

  it("drops a UTF-8 BOM at the start of the input, even split over chunks, and only there", async () => {
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    expect(await collect([Buffer.concat([bom, Buffer.from("a\n")]), "b\n"])).toEqual([
      { lineNo: 1, text: "a" },
      { lineNo: 2, text: "b" },
    ]);
    expect(await collect([bom.subarray(0, 1), bom.subarray(1, 2), Buffer.concat([bom.subarray(2), Buffer.from("a")])])).toEqual([{ lineNo: 1, text: "a" }]);
    // Not at the start: the bytes stay part of their line.
    expect(await collect(["a\n", Buffer.concat([bom, Buffer.from("b")])])).toEqual([
      { lineNo: 1, text: "a" },
      { lineNo: 2, text: "\uFEFFb" },
    ]);
    // Input that is only the first bytes of a BOM is a line of its own.
    expect(await collect([bom.subarray(0, 2)])).toEqual([{ lineNo: 1, text: "\uFFFD" }]);
    expect(await collect([Buffer.from([0xef]), "x\n"])).toEqual([{ lineNo: 1, text: "\uFFFDx" }]);
  });

  it("decodes a multi-byte character split between chunks", async () => {
    const bytes = Buffer.from("é€\n");
    expect(await collect([bytes.subarray(0, 1), bytes.subarray(1, 3), bytes.subarray(3)])).toEqual([{ lineNo: 1, text: "é€" }]);
  });

  it("drops an overlong line as it streams and resumes at the next line", async () => {
    const out = await collect(["ok\n", "x".repeat(30), "x".repeat(30), "\nnext\n"], 40);
    expect(out).toEqual([
      { lineNo: 1, text: "ok" },
      { lineNo: 2, overlong: true, bytes: 60 },
      { lineNo: 3, text: "next" },
    ]);
  });

  it("yields nothing for empty input", async () => {
    expect(await collect([])).toEqual([]);
  });
});

describe("isBlankLine", () => {
  it.each(["", " ", "\t\r", "\u00a0\u2028\ufeff\u3000", "\v\f"])("%j is blank, as trim() says", (text) => {
    expect(isBlankLine(text)).toBe(true);
    expect(text.trim()).toBe("");
  });
  it.each(["{}", " x ", "\u00a0a", "\ud800", "\u200b"])("%j is not blank, as trim() says", (text) => {
    expect(isBlankLine(text)).toBe(false);
    expect(text.trim()).not.toBe("");
  });
});
