/**
 * 12,345: a whole number with its thousands grouped as en-US writes them, the same text as
 * `n.toLocaleString("en-US")`. Grouped here for whole numbers because toLocaleString is slow where
 * counts are written often: its first call in a process loads the locale data (about 10 ms of the
 * CLI's start-up) and every call builds a number format (a tenth of a millisecond, paid by each
 * review of a card with a thousand skills or more). Anything else goes to toLocaleString.
 */
export function withThousands(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString("en-US");
  return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
}
