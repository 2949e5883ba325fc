import type * as z from "../../zod";
import { setSchemaIssueFinder, type SchemaIssueFinder } from "../validate";
import { compileSchema, type CompiledSchema } from "./compile";

/**
 * The Node entry to faster validation: after installCompiledCardSchemas(), every card validation in
 * this process runs the card schemas compiled by compile.ts (each compiled on first use) instead of
 * zod/mini's own parse, with the same issues. The CLI calls it at start-up (batch workers too);
 * the browser never imports this module, so its bundle keeps only zod/mini.
 */
const compiled = new WeakMap<z.ZodMiniType, CompiledSchema>();

export const compiledIssueFinder: SchemaIssueFinder = (schema, value) => {
  let run = compiled.get(schema);
  if (!run) {
    run = compileSchema(schema);
    compiled.set(schema, run);
  }
  // The compiled issues carry every field mapIssues reads (code, path, expected, params).
  return run(value) as unknown as readonly z.core.$ZodIssue[];
};

export function installCompiledCardSchemas(): void {
  setSchemaIssueFinder(compiledIssueFinder);
}
