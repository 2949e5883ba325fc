import { describe, expect, it } from "vitest";
import { CONTOSO } from "@/lib/negotiation/examples/incidents";
import { formatJsonText, hasLongLine, MAX_FORMAT_DEPTH } from "./format-json";

describe("formatJsonText", () => {
  it("re-indents a one-line card into the same value, two spaces a level, empty containers kept short", () => {
    const oneLine = JSON.stringify(JSON.parse(CONTOSO.text));
    const result = formatJsonText(oneLine);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(JSON.parse(result.text)).toEqual(JSON.parse(CONTOSO.text));
    expect(result.text).toBe(JSON.stringify(JSON.parse(CONTOSO.text), null, 2) + "\n");
    expect(formatJsonText('{"a":[],"b":{ },"c":[1,{}]}')).toEqual({ ok: true, text: '{\n  "a": [],\n  "b": {},\n  "c": [\n    1,\n    {}\n  ]\n}\n' });
  });

  it("keeps what re-serialising would lose: number digits, a key written twice, string escapes and brackets inside strings", () => {
    const text = '{"version":1.0,"id":123456789012345678901,"name":"a","name":"b","s":"x\\"}, [\\u00e9\\n"}';
    const result = formatJsonText(text);
    expect(result).toEqual({
      ok: true,
      text: '{\n  "version": 1.0,\n  "id": 123456789012345678901,\n  "name": "a",\n  "name": "b",\n  "s": "x\\"}, [\\u00e9\\n"\n}\n',
    });
  });

  it("refuses what is not JSON, what nests past the limit, and changes nothing then", () => {
    expect(formatJsonText('{"a": 1,}')).toEqual({ ok: false, reason: "not-json" });
    const deep = "[".repeat(MAX_FORMAT_DEPTH + 1) + "1" + "]".repeat(MAX_FORMAT_DEPTH + 1);
    expect(formatJsonText(deep)).toEqual({ ok: false, reason: "too-deep" });
    expect(formatJsonText("[".repeat(MAX_FORMAT_DEPTH) + "1" + "]".repeat(MAX_FORMAT_DEPTH)).ok).toBe(true);
  });
});

describe("hasLongLine", () => {
  it("finds a line past the width, first, middle or last", () => {
    expect(hasLongLine("a\n".repeat(5), 3)).toBe(false);
    expect(hasLongLine("abcd\nb", 3)).toBe(true);
    expect(hasLongLine("a\nabcd\nb", 3)).toBe(true);
    expect(hasLongLine("a\nb\nabcd", 3)).toBe(true);
    expect(hasLongLine(JSON.stringify(JSON.parse(CONTOSO.text)))).toBe(true);
    expect(hasLongLine(CONTOSO.text)).toBe(false);
  });
});
