import { UsageError } from "./io";

/**
 * A flag's whole number, written in plain decimal digits: "10", not "1e1", "0x2", "2.0", " 2" or
 * "+2" (which Number() would all take), from `min` to `max`. Anything else is a usage error that
 * says what is expected.
 */
export function parseWholeNumberFlag(command: string, flag: string, raw: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = /^[0-9]+$/.test(raw) ? Number(raw) : NaN;
  if (Number.isSafeInteger(n) && n >= min && n <= max) return n;
  const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
  throw new UsageError(`${command}: ${flag} must be a whole number ${range}, in decimal digits, not "${raw}".`, true);
}
