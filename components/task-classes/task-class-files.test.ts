import { describe, expect, it } from "vitest";
import type { TaskClass } from "@/lib/negotiation";
import { readTaskClassesFile, taskClassesFileText } from "./task-class-files";

const push: TaskClass = {
  id: "summary-by-push",
  title: "Summary by push",
  description: "Sent whole; the summary is pushed back.",
  input: "whole",
  completion: "push",
  output: "required",
  inputModes: ["text/plain"],
};
const note: TaskClass = { id: "voice-note", title: "Voice note", description: "", input: "whole", completion: "none", output: "none" };

describe("task class files", () => {
  it("round-trips the classes this browser keeps", () => {
    expect(readTaskClassesFile(taskClassesFileText([push, note]))).toEqual({ classes: [push, note], problems: [] });
    // One class as an object, as --task-class-file also takes it.
    expect(readTaskClassesFile(JSON.stringify(note)).classes).toEqual([note]);
  });

  it.each([
    ["not JSON", "{", 0, /not JSON/],
    ["an empty list", "[]", 0, /empty list/],
    ["too many", JSON.stringify(Array.from({ length: 51 }, (_, i) => ({ ...note, id: `c-${i}` }))), 0, /51 task classes; at most 50/],
    ["a built-in id", JSON.stringify([{ ...note, id: "live-input" }]), 1, /built-in task class/],
    ["an id used twice", JSON.stringify([note, note]), 2, /already called "voice-note"/],
    ["no name", JSON.stringify([note, { ...push, title: "" }]), 2, /^title: give the task class a name/],
  ])("names what is wrong with %s, entry by entry", (_name, text, entry, message) => {
    const reading = readTaskClassesFile(text);
    expect(reading.problems[0]).toMatchObject({ entry });
    expect(reading.problems[0]!.message).toMatch(message);
  });

  it("says every field's problem in words, never the validator's", () => {
    const reading = readTaskClassesFile(JSON.stringify([{ id: "Not An Id", extra: 1 }, "text", { ...note, completion: "later" }]));
    const text = reading.problems.map((p) => `${p.entry}: ${p.message}`).join("\n");
    expect(text).toContain(`1: title: give the task class a name. id: "Not An Id" cannot be an id`);
    expect(text).toContain(`description: a description is text (it may be empty). input: input is "whole" or "live".`);
    expect(text).toContain(`the entry: a task class has no field "extra".`);
    expect(text).toContain("2: the entry: a task class is a JSON object with id, title");
    expect(text).toContain(`3: completion: completion is one of "response"`);
    expect(text).not.toMatch(/Invalid|expected|received/);
  });

  it("keeps the good entries of a file with a bad one", () => {
    const reading = readTaskClassesFile(JSON.stringify([note, { id: "Bad Id" }, push]));
    expect(reading.classes.map((t) => t.id)).toEqual(["voice-note", "summary-by-push"]);
    expect(reading.problems.map((p) => p.entry)).toEqual([2]);
  });
});
