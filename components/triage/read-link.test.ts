import { describe, expect, it } from "vitest";
import { readLink } from "./engine-tasks";
import { describeTriageLinkError } from "./words";

/** What the triage page says about a link it cannot open (the address, or the "From a link" field). */
function said(fragment: string): string {
  const reading = readLink(fragment);
  if (reading.kind !== "failed") throw new Error(`opened ${fragment}`);
  return reading.triageError ? describeTriageLinkError(reading.triageError) : (reading.message ?? "");
}

describe("a link the triage cannot open", () => {
  it("is named in the triage's terms: both prefixes, and what this one starts with", () => {
    for (const fragment of ["foo", "https://parley.example/triage#foo"]) {
      const text = said(fragment);
      expect(text).toContain('"t1."');
      expect(text).toContain('"v1."');
      expect(text).toContain('starts with "foo"');
      expect(text).not.toContain("not a Parley review link");
    }
  });

  it("says a triage link of another format is one, not that it should start with v1.", () => {
    expect(said("t9.abc")).toBe("This triage link uses format t9, which this version of Parley cannot read (it reads t1). Open it in a newer Parley.");
  });

  it("keeps a review link's own words for a review link that is damaged", () => {
    expect(said("v1.zz!!")).toContain('contains "!"');
  });
});
