/**
 * Words for numbers, sizes and unreadable files that every page says the same way (triage, /diff,
 * the card editor, a profile import).
 */
export function count(n: number): string {
  return n.toLocaleString("en-US");
}

export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${count(n)} ${n === 1 ? noun : nouns}`;
}

export function formatBytes(n: number): string {
  if (n >= 1024 * 1024) return `${+(n / (1024 * 1024)).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}

/** A file that is not UTF-8, said the same way wherever one is opened (triage, /diff, a profile import). */
export function describeNotUtf8(offset: number, byte: number): string {
  return `It is not UTF-8 text: byte ${count(offset)} (0x${byte.toString(16).toUpperCase().padStart(2, "0")}, counting from 0) does not begin a valid UTF-8 character. Parley reads cards and profiles as UTF-8 JSON; a file saved in another encoding (Latin-1, UTF-16) or a binary file cannot be read.`;
}
