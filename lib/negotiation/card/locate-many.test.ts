import { describe, expect, it } from "vitest";
import { corpusCardNames, readCorpusCard } from "@/fixtures/corpus";
import { loadCard } from "./load";
import { locatePointer, locatePointers } from "./locate";

// locatePointers finds many pointers in one read of the text; it must say exactly what
// locatePointer says for each, on hand-made edge cases and on every problem of the real cards.
const each = (text: string, pointers: string[]) => {
  const many = locatePointers(text, pointers);
  for (const pointer of pointers) expect([pointer, many.get(pointer)]).toEqual([pointer, locatePointer(text, pointer)]);
};

describe("locatePointers", () => {
  it("agrees with locatePointer on members, elements, escapes, the root and what is missing", () => {
    const text = '{ "a": { "b/c": [1, {"~": true}], "": null }, "list": [[0], "x"], "dup": 1, "dup": 2 }';
    each(text, ["", "/a", "/a/b~1c", "/a/b~1c/1/~0", "/a/", "/list/0/0", "/list/1", "/list/2", "/dup", "/nope", "/a/b~1c/9", "not-a-pointer"]);
  });

  it("finds what is before a syntax error and nothing after it", () => {
    each('{ "name": "x", "skills": [ {"id": 1} }', ["/name", "/skills/0/id", "/skills/0", "/skills"]);
  });

  it("finds a key that is also an array index in an object", () => {
    each('{ "0": { "1": "a" }, "arr": ["p", "q"] }', ["/0/1", "/0", "/arr/1"]);
  });

  it.each(corpusCardNames())("agrees on every problem pointer of %s and their ancestors", (file) => {
    const text = readCorpusCard(file);
    const pointers = new Set<string>(["/name", "/skills/0"]);
    for (const p of loadCard(text).validity.problems) {
      for (let q = p.pointer; ; q = q.slice(0, q.lastIndexOf("/"))) {
        pointers.add(q);
        if (q === "") break;
      }
    }
    each(text, [...pointers]);
  });
});
