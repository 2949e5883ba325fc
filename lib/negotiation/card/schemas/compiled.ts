import { generatedIssueFinder, setSchemaIssueFinder, type SchemaIssueFinder } from "../validate";

/**
 * The compiled card validator, by its older name: every entry (browser, Node, workers) now
 * validates with the validator generated at build time (generated.ts), which validate.ts uses
 * unless told otherwise, so installing it only undoes a caller's switch to zod's own parse. Kept
 * for the CLI and the package's Node entry, which install it at start-up.
 */
export const compiledIssueFinder: SchemaIssueFinder = generatedIssueFinder;

export function installCompiledCardSchemas(): void {
  setSchemaIssueFinder(compiledIssueFinder);
}
