/**
 * The package's entry for Node: the front door, with the compiled card validator installed first.
 * Every entry now validates with the validator generated ahead of time from the card schemas
 * (./card/schemas/generated.ts; the same issues as zod/mini's own parse, faster: `npm run bench`
 * prints by how much), so this entry and the browser's ("browser" condition, ./index.ts) review
 * alike; installing it here keeps installCompiledCardSchemas() exported as before.
 */
import { installCompiledCardSchemas } from "./card/schemas/compiled";

installCompiledCardSchemas();

export * from "./index";
export { installCompiledCardSchemas };
