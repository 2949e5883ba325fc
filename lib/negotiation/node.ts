/**
 * The package's entry for Node (and any runtime that allows generated code): the front door, with
 * the compiled card validator installed first, so a library user's review() takes the fast path
 * (the same issues as zod/mini's own parse, faster: `npm run bench` prints by how much) without
 * knowing it exists. Browsers resolve the package's "browser" condition to ./index.ts instead, which keeps
 * zod/mini alone and generates no code.
 */
import { installCompiledCardSchemas } from "./card/schemas/compiled";

installCompiledCardSchemas();

export * from "./index";
export { installCompiledCardSchemas };
