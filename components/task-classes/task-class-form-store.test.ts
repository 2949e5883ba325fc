import { describe, expect, it } from "vitest";
import { decodeTaskClassForm } from "./task-class-form-store";

describe("a kept task class form, read back", () => {
  it("brings back what was typed", () => {
    const raw = JSON.stringify({
      editingId: null,
      keep: true,
      fields: { title: "Half", id: "half", idTouched: false, description: "", input: "live", inputModes: ["audio/pcm"], completion: "push", output: "none", skill: "" },
    });
    expect(decodeTaskClassForm(raw)).toEqual({
      editingId: null,
      keep: true,
      fields: { title: "Half", id: "half", idTouched: false, description: "", input: "live", inputModes: ["audio/pcm"], completion: "push", output: "none", outputModes: undefined, skill: "" },
    });
  });

  it.each([null, "", "not json", "[]", '{"fields": 3}', "null"])("reads %j as no form", (raw) => {
    expect(decodeTaskClassForm(raw)).toBeNull();
  });

  it("resets a field that no longer fits to its default, keeping the rest", () => {
    const form = decodeTaskClassForm(JSON.stringify({ editingId: 7, keep: false, fields: { title: "T", input: "telepathy", completion: {}, output: 1, inputModes: [1, 2] } }));
    expect(form).toMatchObject({ editingId: null, keep: false, fields: { title: "T", input: "whole", completion: "response", output: "required", inputModes: undefined } });
  });
});
