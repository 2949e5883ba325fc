import { TaskNotFoundError } from "@a2a-js/sdk/errors";
import { describe, expect, it } from "vitest";
import { describeError } from "./classify";
import { stableErrorName } from "./error-name";

// Issue 41: production error reports said "t: …" and "a6: …": the constructor's name, minified.
describe("the name an error report prints", () => {
  it("never the constructor's name: a minified class reads as Error", () => {
    // What a production bundle makes of `class SomeTransportError extends Error {}`.
    const t = class extends Error {};
    Object.defineProperty(t, "name", { value: "t" });
    expect(describeError(new t("socket closed"))).toBe("Error: socket closed");
    const a6 = new Error("boom");
    a6.name = "a6";
    expect(describeError(a6)).toBe("Error: boom");
  });

  it("the error's own name when it reads as a class name, as the SDK's errors set it", () => {
    expect(stableErrorName(new TaskNotFoundError("gone"))).toBe("TaskNotFoundError");
    expect(describeError(new TypeError("x is not a function"))).toBe("TypeError: x is not a function");
  });
});
