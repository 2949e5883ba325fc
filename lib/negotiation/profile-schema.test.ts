import { describe, expect, it } from "vitest";
import { ReviewContext } from "./context";
import { ClientProfile } from "./profile";
import { TaskClass } from "./task-classes";

/**
 * The schemas are zod/mini, which ships no messages of its own: these pin what a user reads in the
 * profile editor, the CLI and review-link errors (see lib/negotiation/zod.ts), and the trimming.
 */
function firstIssue(result: { success: boolean; error?: { issues: readonly { path: PropertyKey[]; message: string }[] } }) {
  const issue = result.error?.issues[0];
  return issue ? { path: issue.path.join("."), message: issue.message } : undefined;
}

describe("client profile: accepted values are trimmed", () => {
  it.each([
    [{ name: "  Northwind  " }, { name: "Northwind" }],
    [{ name: "n", transports: [" JSONRPC "] }, { name: "n", transports: ["JSONRPC"] }],
    [{ name: "n", inputModes: ["\taudio/pcm\n"] }, { name: "n", inputModes: ["audio/pcm"] }],
  ])("%j → %j", (input, expected) => {
    const result = ClientProfile.safeParse(input);
    expect(result.success && result.data).toEqual(expected);
  });
});

describe("client profile, context and task class: refusals read as English", () => {
  it.each([
    ["blank name", ClientProfile, { name: "   " }, { path: "name", message: "the profile needs a name" }],
    ["blank mode", ClientProfile, { name: "n", inputModes: [" "] }, { path: "inputModes.0", message: "a mode must be a non-empty string" }],
    ["string boolean", ClientProfile, { name: "n", streaming: "yes" }, { path: "streaming", message: "Invalid input: expected boolean, received string" }],
    ["missing name", ClientProfile, {}, { path: "name", message: "Invalid input: expected string, received undefined" }],
    ["unknown key", ClientProfile, { name: "n", stream: true }, { path: "", message: 'Unrecognized key: "stream"' }],
    ["blank transport", ClientProfile, { name: "n", transports: [""] }, { path: "transports.0", message: "Too small: expected string to have >=1 characters" }],
    ["context list", ReviewContext, { honoredExtensions: "x" }, { path: "honoredExtensions", message: "Invalid input: expected array, received string" }],
    ["task class id", TaskClass, { id: "Live Input", title: "t", description: "", input: "live", completion: "none", output: "none" }, { path: "id", message: "task class ids are kebab-case" }],
    ["task class enum", TaskClass, { id: "a", title: "t", description: "", input: "chunked", completion: "none", output: "none" }, { path: "input", message: 'Invalid option: expected one of "whole"|"live"' }],
  ] as const)("%s", (_label, schema, input, expected) => {
    expect(firstIssue(schema.safeParse(input))).toEqual(expected);
  });

  it("accepts a valid value with no issue", () => {
    expect(firstIssue(ClientProfile.safeParse({ name: "n", streaming: true }))).toBeUndefined();
  });
});
