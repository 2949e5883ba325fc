import type { Readable } from "node:stream";

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** One input line: its 1-based number and text, or a marker that it was too long to keep. */
export type InputLine = { lineNo: number; text: string } | { lineNo: number; overlong: true; bytes: number };

/** A card is capped at 4 M characters; one line holds a card plus a profile and an id. */
export const DEFAULT_MAX_LINE_BYTES = 5 * 1024 * 1024;

/**
 * Split a byte stream into lines without ever holding more than one line (plus one chunk) in
 * memory. readline has no length cap, so one endless line would exhaust memory; here a line past
 * `maxLineBytes` is dropped while it streams by and reported as overlong. Pulling lazily from the
 * stream's async iterator gives backpressure for free: the source is paused while lines are processed.
 *
 * Lines come in batches, one per input chunk (every line a chunk completes), so a consumer can
 * answer a whole chunk with one write: per-line stream calls cost more than a small review.
 */
export async function* readLineBatches(input: Readable, maxLineBytes = DEFAULT_MAX_LINE_BYTES): AsyncGenerator<InputLine[]> {
  let parts: Buffer[] = [];
  let kept = 0;
  let skipped = 0;
  let lineNo = 0;

  const finish = (): InputLine => {
    lineNo++;
    if (skipped > 0) {
      const line: InputLine = { lineNo, overlong: true, bytes: kept + skipped };
      parts = [];
      kept = 0;
      skipped = 0;
      return line;
    }
    let buf = parts.length === 1 ? parts[0]! : Buffer.concat(parts, kept);
    if (buf.length > 0 && buf[buf.length - 1] === 0x0d) buf = buf.subarray(0, buf.length - 1);
    parts = [];
    kept = 0;
    return { lineNo, text: buf.toString("utf8") };
  };

  const take = (piece: Buffer) => {
    if (skipped > 0 || kept + piece.length > maxLineBytes) {
      skipped += piece.length;
      return;
    }
    parts.push(piece);
    kept += piece.length;
  };

  // The input's first bytes, held until they show whether they are a UTF-8 BOM (it may be split over chunks).
  let head: Buffer | undefined = Buffer.alloc(0);
  for await (const chunk of input) {
    let buf = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    if (head) {
      // A BOM (EF BB BF) some editors put at the start of a file is not part of line 1, as for check's files.
      buf = head.length > 0 ? Buffer.concat([head, buf]) : buf;
      if (buf.length < BOM.length && BOM.subarray(0, buf.length).equals(buf)) {
        head = buf;
        continue;
      }
      head = undefined;
      if (buf.subarray(0, BOM.length).equals(BOM)) buf = buf.subarray(BOM.length);
    }
    let start = 0;
    const batch: InputLine[] = [];
    for (let nl = buf.indexOf(0x0a, start); nl !== -1; nl = buf.indexOf(0x0a, start)) {
      take(buf.subarray(start, nl));
      start = nl + 1;
      batch.push(finish());
    }
    if (start < buf.length) {
      // Copy: the stream may reuse its buffer for the next chunk.
      take(Buffer.from(buf.subarray(start)));
    }
    if (batch.length > 0) yield batch;
  }
  // Input that ended inside what could have been a BOM: those bytes are the last line.
  if (head && head.length > 0) take(head);
  if (kept > 0 || skipped > 0) yield [finish()];
}

/** The same lines one at a time. */
export async function* readLines(input: Readable, maxLineBytes = DEFAULT_MAX_LINE_BYTES): AsyncGenerator<InputLine> {
  for await (const batch of readLineBatches(input, maxLineBytes)) yield* batch;
}

/**
 * True when a line holds only whitespace (what String.prototype.trim removes), without copying it
 * as trim() would: for a million card-sized lines that copy was measurable.
 */
export function isBlankLine(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || (c >= 0x09 && c <= 0x0d)) continue;
    if (c < 0x80 || text[i]!.trim() !== "") return false;
  }
  return true;
}
