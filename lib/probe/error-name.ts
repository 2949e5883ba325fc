/**
 * The name an error report prints: the error's own `name` when it reads as a class name
 * ("TaskNotFoundError", "TypeError"), else "Error". Never the constructor's name: a production
 * build minifies it, and reports said "t: …" or "a6: …". The SDK's errors set `name` themselves.
 */
export function stableErrorName(error: Error): string {
  const name = typeof error.name === "string" ? error.name.replace(/^_+/, "") : "";
  return /^[A-Z][A-Za-z0-9]*(Error|Exception)$/.test(name) ? name : "Error";
}
