import { describe, expect, it } from "vitest";
import { renderTemplate, renderTemplateLayered, UnfilledPlaceholderError } from "./template";

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

describe("renderTemplateLayered (data in layers, filled as the spread { ...under, ...data, ...over } would be)", () => {
  const template = "{{a}} {{b}} {{c}}";
  it.each<[string, Record<string, unknown>, Record<string, unknown> | undefined, Record<string, unknown> | undefined]>([
    ["data alone", { a: "1", b: "2", c: "3" }, undefined, undefined],
    ["over wins over data", { a: "1", b: "2", c: "3" }, { b: "over" }, undefined],
    ["data wins over under", { a: "1", b: "2" }, undefined, { b: "under", c: "under" }],
    ["all three", { b: "2" }, { a: "over" }, { a: "under", b: "under", c: "under" }],
    ["lists as a list", { a: ["x", "y", "z"], b: 2, c: "3" }, undefined, undefined],
  ])("%s", (_name, data, over, under) => {
    const spread = { ...under, ...data, ...over } as Record<string, string>;
    expect(renderTemplateLayered(template, data as Record<string, string>, over as Record<string, string>, under as Record<string, string>)).toBe(renderTemplate(template, spread));
  });

  it("an undefined value in data hides the layer under it, as the spread's undefined would (unfilled)", () => {
    expect(renderTemplateLayered("{{a}}", { a: undefined as unknown as string }, undefined, { a: "under" }, { strict: false })).toBe("{{a}}");
    expect(() => renderTemplateLayered("{{a}}", { a: undefined as unknown as string }, undefined, { a: "under" }, { strict: true })).toThrow(UnfilledPlaceholderError);
  });
});
