/**
 * A table's own entry for a key that may come from outside (a card, a pasted log line, a JWS
 * header): undefined unless the table itself defines it. A plain `table[key]` with "constructor",
 * "__proto__" or "toString" finds Object.prototype's members instead.
 */
export function ownValue<T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === "string" && Object.hasOwn(table, key) ? table[key] : undefined;
}
