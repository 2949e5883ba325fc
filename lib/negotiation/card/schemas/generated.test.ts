import { describe, expect, it } from "vitest";
import { emitCardValidatorModule } from "./compile";
import { GENERATED_STEPS } from "./generated";
import { CARD_SCHEMAS, pushNotificationsObject } from "./index";

/**
 * generated.ts is the card validator every entry runs (the browser's CSP forbids generating code
 * at run time, so it is written ahead, from the same schemas). compile.test.ts holds it to zod's
 * own parse issue for issue; scripts/generate-card-validators.test.ts fails when it is stale; these
 * hold that it covers every card schema, at full speed, without evaluating code.
 */
describe("the generated card validator", () => {
  const emitted = emitCardValidatorModule();

  it("writes every card schema node out, leaving none to zod's slower parse", () => {
    expect(emitted.leftToZod).toBe(0);
  });

  it("has a step for every tier of every shape, and evaluates no code (the production CSP has no 'unsafe-eval')", () => {
    for (const tiers of Object.values(CARD_SCHEMAS)) for (const schema of [tiers.critical, tiers.required, tiers.spec]) expect(GENERATED_STEPS.has(schema)).toBe(true);
    expect(GENERATED_STEPS.has(pushNotificationsObject)).toBe(true);
    expect(emitted.source).not.toMatch(/new Function|\beval\(|import\(/);
  });
});
