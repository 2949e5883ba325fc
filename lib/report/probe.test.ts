import { describe, expect, it } from "vitest";
import type { ProbeReport } from "../probe/types";
import { formatProbeJunit, formatProbeText } from "./probe";

// What a remote server said is data: in the probe's JUnit it goes through the same writer and the
// same escaping as a review's, so a CI log printing either gets no line of the server's making.
const HOSTILE = "refused\n::error::owned\u202e <b>&\"";

const report = {
  card: { url: "https://agent.example/card", servedToSdkDiffers: false, name: "Probe <agent>" },
  interfaces: [],
  classes: { "request-response": { predicted: "accept", observed: "failed", error: HOSTILE, disagrees: true } },
  contradictions: [{ pointer: "/capabilities/streaming", claim: "streaming is true", observed: HOSTILE }],
  sent: true,
  notes: [HOSTILE],
} as unknown as ProbeReport;

describe("the probe's reports", () => {
  it("writes JUnit through the review's writer: the same document head, counts and escaping", () => {
    const junit = formatProbeJunit(report);
    const lines = junit.split("\n");
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(lines[1]).toBe('<testsuites name="parley probe" tests="2" failures="2">');
    expect(junit).toContain('name="parley probe: Probe &lt;agent&gt;"');
    expect(lines.some((l) => /^\s*::/.test(l))).toBe(false);
    expect(junit).not.toContain("\u202e");
    expect(junit).toContain("refused\\n::error::owned\\u{202e} &lt;b&gt;&amp;&quot;");
  });

  it("keeps the server's words on their line in the text report too", () => {
    const text = formatProbeText(report);
    expect(text.split("\n").some((l) => l.startsWith("::"))).toBe(false);
    expect(text).toContain("refused\\n::error::owned\\u{202e}");
  });
});
