import { describe, expect, it } from "vitest";
import { CONTOSO } from "../examples/incidents";
import { NORTHWIND } from "../profile";
import { writeDecisionRecord } from "../record";
import { review } from "../review";
import { groupJsonSpans, MAX_SPAN_LINES } from "./json-spans";
import { readLogText } from "./read-log";

const RECORD = writeDecisionRecord(review(CONTOSO.text, NORTHWIND), "live-input", CONTOSO.text);
const PRETTY = JSON.stringify(JSON.parse(RECORD), null, 2);

describe("a JSON value laid out over lines is one entry", () => {
  it("reads a pretty-printed record (as 'Copy JSON' used to copy it) as the record it is", () => {
    const lines = PRETTY.split("\n").length;
    const reading = readLogText(`2026-11-08T09:41:07Z WARN northwind.discovery\n${PRETTY}\n`);
    expect(reading.entries.map((e) => [e.kind, e.line, e.endLine])).toEqual([
      ["unreadable", 1, undefined],
      ["record", 2, lines + 1],
    ]);
    const record = reading.entries[1];
    expect(record?.kind === "record" && record.record.taskClass).toBe("live-input");
    expect(record?.excerpt.startsWith('{ "type": "parley.decision", "v": 1,')).toBe(true);
  });

  it("keeps a log prefix before the brace, and one-line entries around the span in their places", () => {
    const text = [RECORD, `2026-11-08 WARN parley ${PRETTY.split("\n")[0]}`, ...PRETTY.split("\n").slice(1), "", "rule shared-transport fired"].join("\n");
    const reading = readLogText(text);
    expect(reading.entries.map((e) => e.kind)).toEqual(["record", "record", "mention"]);
    expect(reading.entries[1]?.kind === "record" && reading.entries[1].prefix).toBe("2026-11-08 WARN parley");
    expect(reading.entries[2]?.line).toBe(PRETTY.split("\n").length + 3);
    expect(reading.blankLines).toBe(1);
  });

  it("never swallows lines after a brace that does not close", () => {
    const text = 'config {\n  "a": 1,\nplain words\nmore words';
    expect([...groupJsonSpans(text.split("\n"))].map((e) => e.text)).toEqual(text.split("\n"));
  });

  it("does not start a span on a brace that is not JSON", () => {
    expect([...groupJsonSpans(["if (x) {", "  y();", "}"])].map((e) => [e.line, e.endLine])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
  });

  it("is not fooled by braces inside strings", () => {
    const entries = [...groupJsonSpans(['{"message": "a } inside {",', '  "ok": "]"', "}", "after"])];
    expect(entries.map((e) => [e.line, e.endLine])).toEqual([
      [1, 3],
      [4, 4],
    ]);
  });

  it("gives up on a span longer than the cap and reads its lines one by one", () => {
    const lines = ['{"a": [', ...Array.from({ length: MAX_SPAN_LINES + 5 }, () => "1,")];
    const entries = [...groupJsonSpans(lines)];
    expect(entries).toHaveLength(lines.length);
    expect(entries[MAX_SPAN_LINES]?.line).toBe(MAX_SPAN_LINES + 1);
  });
});
