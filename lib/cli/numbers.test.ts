import { describe, expect, it } from "vitest";
import { parseWholeNumberFlag } from "./numbers";

describe("parseWholeNumberFlag", () => {
  it("takes plain decimal digits in range, and refuses what Number() would also take", () => {
    expect(parseWholeNumberFlag("batch", "--jobs", "1", 1, 64)).toBe(1);
    expect(parseWholeNumberFlag("batch", "--jobs", "64", 1, 64)).toBe(64);
    for (const raw of ["1e1", "0x2", "2.0", " 2", "+2", "", "0", "65", "-1", "Infinity", "99999999999999999999"]) {
      expect(() => parseWholeNumberFlag("batch", "--jobs", raw, 1, 64)).toThrow(`batch: --jobs must be a whole number from 1 to 64, in decimal digits, not "${raw}".`);
    }
    expect(() => parseWholeNumberFlag("batch", "--max-line-bytes", "1e3", 1)).toThrow(/--max-line-bytes must be a whole number of at least 1/);
  });
});
