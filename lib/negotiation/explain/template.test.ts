import { describe, expect, it } from "vitest";
import { renderTemplate, UnfilledPlaceholderError } from "./template";

describe("renderTemplate (templates split once, rendered many times)", () => {
  it.each<[string, Record<string, string | string[] | number>, string]>([
    ["no placeholders", {}, "no placeholders"],
    ["{{a}}", { a: "x" }, "x"],
    ["{{a}}{{b}}", { a: "x", b: "y" }, "xy"],
    ["{{ a }} and {{a}} again", { a: "x" }, "x and x again"],
    ["cuts {{modes}}, {{n}} of them.", { modes: ["audio/pcm", "text/plain", "image/png"], n: 3 }, "cuts audio/pcm, text/plain and image/png, 3 of them."],
    ["{{a}}", { a: "{{b}}", b: "not this" }, "{{b}}"],
    ["$& $1 {{a}}", { a: "$&" }, "$& $1 $&"],
  ])("%s with %j → %s", (template, data, expected) => {
    expect(renderTemplate(template, data)).toBe(expected);
  });

  it("renders the same template with other data afresh each time", () => {
    expect(["a", "b", "c"].map((v) => renderTemplate("value {{v}}.", { v }))).toEqual(["value a.", "value b.", "value c."]);
  });

  it("keeps an unfilled placeholder as written when not strict, and throws when strict", () => {
    expect(renderTemplate("cuts {{ modes }} here", {}, { strict: false })).toBe("cuts {{ modes }} here");
    expect(() => renderTemplate("cuts {{ modes }} here", {}, { strict: true })).toThrow(UnfilledPlaceholderError);
  });
});
