import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { emitCardValidatorModule } from "../lib/negotiation/card/schemas/compile";

/**
 * The card validator every entry runs is generated from the card schemas ahead of time and checked
 * in (lib/negotiation/card/schemas/generated.ts), so a clone and every build use it as it is. A
 * schema changed without running the generator would leave it validating the old schema: this
 * fails until `npm run generate:validators` has written it again.
 */
describe("the generated card validator", () => {
  it("is what the card schemas generate today", () => {
    const checkedIn = readFileSync(new URL("../lib/negotiation/card/schemas/generated.ts", import.meta.url), "utf8");
    const { source } = emitCardValidatorModule();
    expect(checkedIn === source, "lib/negotiation/card/schemas/generated.ts is stale: run `npm run generate:validators`").toBe(true);
  });
});
