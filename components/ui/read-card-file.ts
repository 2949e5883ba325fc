import { decodeUtf8 } from "@/lib/triage/utf8";
import { describeNotUtf8, formatBytes } from "./file-words";

export type CardFileReading = { ok: true; text: string } | { ok: false; message: string };

/**
 * A card opened from a file, read as UTF-8 strictly: a file in another encoding is refused at its
 * byte, never shown with replacement characters; a byte order mark is not part of the card (the
 * browser's own text reading drops it too). Files over `maxBytes` are refused before reading.
 */
export async function readCardFile(file: File, maxBytes: number): Promise<CardFileReading> {
  if (file.size > maxBytes) return { ok: false, message: `${file.name} is ${formatBytes(file.size)}; a card may be at most ${formatBytes(maxBytes)}.` };
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch {
    return { ok: false, message: `${file.name} could not be read.` };
  }
  const decoded = decodeUtf8(new Uint8Array(buffer));
  if (!decoded.ok) return { ok: false, message: `${file.name} was not opened. ${describeNotUtf8(decoded.offset, decoded.byte)}` };
  return { ok: true, text: decoded.text.replace(/^\uFEFF/, "") };
}
