import { parseArgs } from "node:util";
import { describe, expect, it } from "vitest";
import { flagError, nearestFlag, type FlagOptions } from "./flag-errors";

const CHECK_LIKE = ["card", "profile", "task-class", "task-class-file", "skill", "format", "jobs", "help"];

describe("nearestFlag", () => {
  it.each([
    ["--profil", "profile"],
    ["--fromat", "format"],
    ["--classes", "task-class"],
    ["--cards", "card"],
    ["--job", "jobs"],
    ["--hep", "help"],
    ["--task-clas", "task-class"],
    ["--Card", "card"],
  ])("%s → --%s", (given, expected) => {
    expect(nearestFlag(given, CHECK_LIKE)).toBe(expected);
  });

  it.each([["--verbose"], ["--ski"], ["-x"], ["--"], ["--output"]])("suggests nothing for %s (no flag is close)", (given) => {
    expect(nearestFlag(given, CHECK_LIKE)).toBeUndefined();
  });
});

describe("flagError", () => {
  const options = { card: { type: "string" }, "task-class": { type: "string", multiple: true } } as const satisfies FlagOptions;
  const thrown = (args: string[]) => {
    try {
      parseArgs({ args, strict: true, allowPositionals: false, options });
    } catch (e) {
      return e;
    }
    throw new Error(`parseArgs accepted ${args.join(" ")}`);
  };

  it("names the nearest flag after node's own message, and asks for the command's usage", () => {
    const error = flagError("check", thrown(["--classes", "x"]), options);
    expect(error.message).toBe("check: Unknown option '--classes'. Did you mean --task-class?");
    expect(error.showUsage).toBe(true);
  });

  it("keeps node's message as it is when no flag is close", () => {
    expect(flagError("check", thrown(["--verbose"]), options).message).toBe("check: Unknown option '--verbose'");
  });

  it("says what a stray argument was probably meant to be, when the command says", () => {
    const hint = (argument: string) => `Try --card ${argument}.`;
    expect(flagError("check", thrown(["a.json"]), options, hint).message).toBe('check: unexpected argument "a.json". Try --card a.json.');
    expect(flagError("check", thrown(["a.json"]), options).message).toMatch(/^check: Unexpected argument 'a\.json'/);
  });

  it("passes an error that is not parseArgs's through with the command's name", () => {
    expect(flagError("batch", new Error("boom"), options).message).toBe("batch: boom");
    expect(flagError("batch", "text", options).message).toBe("batch: text");
  });
});
