import { describe, expect, it } from "vitest";
import { describeProblem, describeProblemCounts, describeSignatureReport } from "../explain";
import { findPreset, review } from "..";
import { loadCard } from "./load";
import { capWarnings, MAX_WARNINGS_PER_CODE, type ValidityProblem } from "./validity";

// A short review link can unpack to a card with hundreds of thousands of warnings of one kind;
// every list, editor marker and output line then carries them all. The report keeps the first
// MAX_WARNINGS_PER_CODE of each code and counts the rest.
const warning = (code: string, pointer: string): ValidityProblem => ({ severity: "warning", code, pointer, data: {} });
const error = (code: string, pointer: string): ValidityProblem => ({ severity: "error", code, pointer, data: {} });

const card = (modes: string[]) => ({
  name: "Flood",
  description: "d",
  version: "1",
  protocolVersion: "0.3.0",
  url: "https://flood.example/a2a",
  defaultInputModes: modes,
  defaultOutputModes: ["text/plain"],
  capabilities: {},
  skills: [],
});

describe("capWarnings", () => {
  it("returns the list itself when no code is over the cap", () => {
    const list = Array.from({ length: MAX_WARNINGS_PER_CODE }, (_, i) => warning("nullValue", `/a/${i}`));
    expect(capWarnings(list)).toBe(list);
  });

  it("keeps the first of each code in place and counts the rest where the first left out was", () => {
    const list = [
      ...Array.from({ length: 30 }, (_, i) => warning("nullValue", `/n/${i}`)),
      warning("stringBoolean", "/s"),
      ...Array.from({ length: 25 }, (_, i) => warning("nonMimeMode", `/m/${i}`)),
    ];
    const capped = capWarnings(list);
    expect(capped.filter((p) => p.code === "nullValue")).toHaveLength(MAX_WARNINGS_PER_CODE);
    expect(capped.filter((p) => p.code === "nonMimeMode")).toHaveLength(MAX_WARNINGS_PER_CODE);
    expect(capped.filter((p) => p.code === "moreOfThisKind")).toEqual([
      { severity: "warning", code: "moreOfThisKind", pointer: "/n/20", data: { code: "nullValue", more: 10 } },
      { severity: "warning", code: "moreOfThisKind", pointer: "/m/20", data: { code: "nonMimeMode", more: 5 } },
    ]);
    expect(capped.map((p) => p.pointer).slice(19, 22)).toEqual(["/n/19", "/n/20", "/s"]);
  });

  it("keeps every error: they decide, and the decision counts them", () => {
    const list = Array.from({ length: 50 }, (_, i) => error("missingField", `/e/${i}`));
    expect(capWarnings(list)).toBe(list);
  });
});

describe("a card with a flood of one warning", () => {
  const modes = Array.from({ length: 100_000 }, () => "text");

  it("reports the first ones and says how many more, in words", () => {
    const { validity } = loadCard(JSON.stringify(card(modes)));
    const flood = validity.problems.filter((p) => p.code === "nonMimeMode");
    expect(flood).toHaveLength(MAX_WARNINGS_PER_CODE);
    const more = validity.problems.find((p) => p.code === "moreOfThisKind")!;
    expect(more.data).toEqual({ code: "nonMimeMode", more: 100_000 - MAX_WARNINGS_PER_CODE });
    expect(describeProblem(more)).toBe(
      `…and 99,980 more of this kind (a mode that is not a media type), the first at /defaultInputModes/20; Parley lists only the first ${MAX_WARNINGS_PER_CODE}.`,
    );
    expect(validity.valid).toBe(true);
  });

  it("leaves a card under the cap as it was", () => {
    const { validity } = loadCard(JSON.stringify(card(modes.slice(0, MAX_WARNINGS_PER_CODE))));
    expect(validity.problems.some((p) => p.code === "moreOfThisKind")).toBe(false);
    expect(validity.problems.filter((p) => p.code === "nonMimeMode")).toHaveLength(MAX_WARNINGS_PER_CODE);
  });
});

describe("a card with a flood of signatures", () => {
  // Signature warnings used to be added after the cap: 40,001 entries were 40,001 warnings in every output.
  const signed = { ...card(["text/plain"]), signatures: Array.from({ length: 40_001 }, () => ({ protected: "eyJhbGciOiJFUzI1NiJ9", signature: "c2ln" })) };

  it("lists the first signatures and counts the rest once, in the problems and in the report", () => {
    const { validity } = review(JSON.stringify(signed), findPreset("a2a-js")!, { taskClasses: ["request-response"] });
    expect(validity.problems.filter((p) => p.code === "signatureUnverifiable")).toHaveLength(MAX_WARNINGS_PER_CODE);
    const more = validity.problems.filter((p) => p.code === "moreOfThisKind");
    expect(more).toHaveLength(1);
    expect(describeProblem(more[0]!)).toMatch(/^…and 39,981 more of this kind \(an unverifiable signature\), the first at \/signatures\/20;/);
    expect(describeProblemCounts(validity.problems)).toBe("0 errors, 40,001 warnings: 20 of each kind shown, and 39,981 more");
    expect(validity.signature!.total).toBe(40_001);
    expect(validity.signature!.signatures).toHaveLength(MAX_WARNINGS_PER_CODE);
    expect(describeSignatureReport(validity.signature!)).toContain("(40,001 signatures; the first 20 listed)");
  });
});
