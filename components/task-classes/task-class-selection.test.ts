import { describe, expect, it } from "vitest";
import { BUILT_IN_TASK_CLASSES, BUILT_IN_TASK_CLASS_IDS, type TaskClass } from "@/lib/negotiation";
import { aimAll, checkClass, classesOf, commonSkill, idFromTitle, includeClass, selectionOf } from "./task-class-selection";

const voice: TaskClass = { id: "voice-note", title: "Voice note", description: "", input: "whole", completion: "push", output: "required", inputModes: ["audio/*"] };

describe("task class selection", () => {
  it("the default is every built-in class, and travels as nothing at all", () => {
    expect(classesOf(undefined).map((t) => t.id)).toEqual(BUILT_IN_TASK_CLASS_IDS);
    expect(selectionOf(classesOf(undefined))).toBeUndefined();
  });

  it("a user class travels whole and unchanged built-ins as ids, in order", () => {
    const selection = selectionOf([...classesOf(["live-input"]), voice]);
    expect(selection).toEqual(["live-input", voice]);
    expect(classesOf(selection)).toEqual([BUILT_IN_TASK_CLASSES[1], voice]);
  });

  it("aiming at a skill makes the built-ins whole objects (a link must carry the skill); aiming at none gives the ids back", () => {
    const aimed = aimAll(classesOf(undefined), "transcribe-call");
    const selection = selectionOf(aimed)!;
    expect(selection.every((e) => typeof e === "object" && e.skill === "transcribe-call")).toBe(true);
    expect(commonSkill(aimed)).toBe("transcribe-call");
    expect(selectionOf(aimAll(aimed, undefined))).toBeUndefined();
  });

  it("reports mixed skills as no common skill", () => {
    expect(commonSkill([{ ...voice, skill: "a" }, BUILT_IN_TASK_CLASSES[0]!])).toBeUndefined();
    expect(commonSkill(BUILT_IN_TASK_CLASSES)).toBe("");
  });

  it("puts a built-in class back in its place, a user class at the end", () => {
    const without = classesOf(["request-response", "fire-and-forget"]).concat(voice);
    expect(includeClass(without, BUILT_IN_TASK_CLASSES[1]!).map((t) => t.id)).toEqual(["request-response", "live-input", "fire-and-forget", "voice-note"]);
    expect(includeClass(without, { ...voice, id: "other" }).map((t) => t.id).at(-1)).toBe("other");
  });

  it("skips stale ids and duplicates in a selection instead of failing", () => {
    expect(classesOf(["nope", "live-input", "live-input"]).map((t) => t.id)).toEqual(["live-input"]);
  });

  it.each([
    ["Live dictation", "live-dictation"],
    ["  Überweisung / SEPA  ", "uberweisung-sepa"],
    ["!!!", ""],
  ])("derives an id from the title %j", (title, id) => {
    expect(idFromTitle(title)).toBe(id);
  });
});

describe("checkClass", () => {
  it("accepts a valid class", () => {
    expect(checkClass(voice, [])).toEqual({ taskClass: voice });
  });

  it.each([
    ["a built-in id", { ...voice, id: "live-input" }, "/id", /built-in/],
    ["an id another class has", voice, "/id", /already called "voice-note"/],
    ["an id that is not kebab-case", { ...voice, id: "Voice Note" }, "/id", /^"Voice Note" cannot be an id: use lower-case letters/],
    ["no id", { ...voice, id: "" }, "/id", /^give it an id/],
    ["no title", { ...voice, title: "" }, "/title", /^give the task class a name\.$/],
    ["an empty list of input modes", { ...voice, inputModes: [] }, "/inputModes", /^tick at least one mode, or uncheck "Only these"/],
    ["a blank output mode", { ...voice, outputModes: [" "] }, "/outputModes", /media type such as text\/plain/],
  ])("names the field for %s", (_name, candidate, field, message) => {
    const result = checkClass(candidate, [voice].filter((t) => _name === "an id another class has" && t === voice));
    expect("problems" in result).toBe(true);
    if ("problems" in result) {
      expect(result.problems[0]!.field).toBe(field);
      expect(result.problems[0]!.message).toMatch(message);
      // Never the validator's own words.
      expect(result.problems.map((p) => p.message).join(" ")).not.toMatch(/expected|Too small|Invalid/);
    }
  });

  it("says each field's problem once, in the editor's order of fields", () => {
    const result = checkClass({ ...voice, id: "", title: "", outputModes: [], inputModes: [] }, []);
    expect("problems" in result && result.problems.map((p) => p.field)).toEqual(["/title", "/id", "/inputModes", "/outputModes"]);
  });
});
