import { describe, expect, it } from "vitest";
import { tracebackLines } from "./traceback";

const TRACEBACK = [
  "Traceback (most recent call last):",
  '  File "/srv/app/seed.py", line 41, in main',
  "    client.negotiate(card)",
  '  File "/srv/app/negotiate.py", line 88, in negotiate',
  "    raise UnnegotiableAgentCardError(message)",
  "    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
  "UnnegotiableAgentCardError: task_class='async-completion': server push notifications require mTLS",
];

describe("the machinery of a pasted traceback", () => {
  it("marks the header, each frame, its source line and the carets, not the error line itself", () => {
    expect(tracebackLines(TRACEBACK)).toEqual([true, true, true, true, true, true, false]);
  });

  it.each([
    ["an indented line with no frame above it", ["    just indented"]],
    ["a log line that mentions a file", ['2026-01-01 INFO read File "x", then went on']],
    ["a JSON record laid out over lines", ["{", '  "type": "parley.decision"', "}"]],
  ])("leaves %s alone", (_name, lines) => {
    expect(tracebackLines(lines).some(Boolean)).toBe(false);
  });
});
