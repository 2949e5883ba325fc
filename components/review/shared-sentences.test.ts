import { describe, expect, it } from "vitest";
import { shareSentences, splitSentences } from "./shared-sentences";

const EXT =
  "An extension the server honors cannot change this finding: an extension only escalates a contradiction in the card that it is named as resolving (honoredExtensions[].resolves).";

describe("saying each thing once in the verdict", () => {
  it("splits at sentence ends, keeping a parenthesised sentence whole and versions unsplit", () => {
    expect(splitSentences("It works on A2A 0.3. (Also applies: a channel.) Then this.")).toEqual([
      "It works on A2A 0.3.",
      "(Also applies: a channel.)",
      "Then this.",
    ]);
  });

  it.each([
    {
      name: "a condition repeated by two lines is said once, with both lines",
      texts: [`Live input is cut. ${EXT}`, `The stream is cut. ${EXT}`],
      lines: ["Live input is cut.", "The stream is cut."],
      shared: [{ text: EXT, lines: [0, 1] }],
    },
    {
      name: "nothing repeated: every line as it was",
      texts: ["One reason.", "Another reason."],
      lines: ["One reason.", "Another reason."],
      shared: [],
    },
    {
      name: "a line's first sentence is its reason: it stays, even when another line repeats it",
      texts: ["The profile leaves out securitySchemes: declare it. Until then A is deferred.", "The profile leaves out securitySchemes: declare it. Until then B is deferred."],
      lines: ["The profile leaves out securitySchemes: declare it. Until then A is deferred.", "The profile leaves out securitySchemes: declare it. Until then B is deferred."],
      shared: [],
    },
  ])("$name", ({ texts, lines, shared }) => {
    const result = shareSentences(texts);
    expect(result.lines).toEqual(lines);
    expect(result.shared).toEqual(shared);
  });
});
