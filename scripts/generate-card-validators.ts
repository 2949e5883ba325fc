/**
 * Writes lib/negotiation/card/schemas/generated.ts: the card schemas' validator as plain code,
 * generated from the zod/mini schemas by compile.ts. It is checked in, so a clone, `next build`,
 * the CLI and the library build need no step of their own; run this after changing a card schema
 * (lib/negotiation/card/schemas/generated.test.ts fails until you do).
 *
 *   npm run generate:validators
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { emitCardValidatorModule } from "../lib/negotiation/card/schemas/compile";

const target = fileURLToPath(new URL("../lib/negotiation/card/schemas/generated.ts", import.meta.url));
const { source, leftToZod } = emitCardValidatorModule();
let before = "";
try {
  before = readFileSync(target, "utf8");
} catch {
  // first run: nothing to compare with
}
if (before === source) {
  console.log(`${target}: up to date`);
} else {
  writeFileSync(target, source);
  console.log(`${target}: written (${Buffer.byteLength(source)} bytes)`);
}
if (leftToZod > 0) console.log(`${leftToZod} schema node(s) are left to zod's own parse: slower, not different`);
