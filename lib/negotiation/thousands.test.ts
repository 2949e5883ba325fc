import { describe, expect, it } from "vitest";
import { withThousands } from "./thousands";

describe("withThousands", () => {
  it('writes a count as toLocaleString("en-US") does, whole or not', () => {
    for (const n of [0, 7, 999, 1000, 9_995, 12_345, 999_999, 1_000_000, 1_234_567_890, -4_321, Number.MAX_SAFE_INTEGER, 2.5, 1234.5, -0, Infinity]) {
      expect(withThousands(n)).toBe(n.toLocaleString("en-US"));
    }
  });

  it("groups by threes from the right", () => {
    expect(withThousands(1_204)).toBe("1,204");
    expect(withThousands(10_000_000)).toBe("10,000,000");
  });
});
