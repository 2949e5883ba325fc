import { describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { pointerFromPath } from "./card/pointer";
import { PRESETS } from "./profile";
import { review } from "./review";

// An explanation lists the card fields behind a finding as "pointer = value". That line must never
// contradict the card: the value shown is the one at that pointer, or says it is Parley's reading
// of a field the card leaves out (absent), or sums up the object or list found there (an interface
// by its URL, a scheme by its kind). A string boolean ("True") is shown as the flag it is read as.

function at(doc: unknown, pointer: string): { found: boolean; value?: unknown } {
  let current = doc;
  for (const raw of pointer === "" ? [] : pointer.slice(1).split("/")) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (current === null || typeof current !== "object" || !Object.hasOwn(current, key)) return { found: false };
    current = (current as Record<string, unknown>)[key];
  }
  return { found: true, value: current };
}

describe("card evidence agrees with the card it points into", () => {
  const cards = corpusCardNames().flatMap((name) => {
    const text = readCorpusCard(name);
    try {
      return [{ name, text, doc: JSON.parse(text) as unknown }];
    } catch {
      return [];
    }
  });

  it.each(cards.map((c) => [c.name, c] as const))("%s, every preset", (_name, { text, doc }) => {
    const contradictions: string[] = [];
    for (const profile of PRESETS) {
      for (const decision of review(text, profile).decisions) {
        for (const finding of decision.findings) {
          for (const ref of finding.evidence) {
            if (ref.source !== "card" || ref.value === undefined || ref.absent) continue;
            const found = at(doc, ref.pointer);
            const shown = JSON.stringify(ref.value);
            const where = `${finding.invariant}/${finding.messageId} ${ref.pointer} = ${shown}`;
            if (!found.found) {
              contradictions.push(`${where}: no such field, and not marked absent`);
              continue;
            }
            const actual = found.value;
            if (actual !== null && typeof actual === "object") continue; // a summary of the object or list
            const boolish = typeof actual === "string" && typeof ref.value === "boolean" && actual.trim().toLowerCase() === String(ref.value);
            if (JSON.stringify(actual) !== shown && !boolish) contradictions.push(`${where}: the card holds ${JSON.stringify(actual)}`);
          }
        }
      }
    }
    expect(contradictions).toEqual([]);
  });

  it("the check itself catches a contradiction (an interface shown holding its version)", () => {
    expect(at({ url: "https://a.example" }, "/url")).toEqual({ found: true, value: "https://a.example" });
    expect(at({ capabilities: {} }, pointerFromPath(["capabilities", "streaming"]))).toEqual({ found: false });
  });
});
