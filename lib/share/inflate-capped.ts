import { Inflate } from "fflate";

export type InflateResult =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; problem: "truncated" | "corrupt" | "tooLarge" };

/**
 * Inflates deflate-raw data in small steps and stops as soon as the output passes `maxBytes`.
 * One-shot inflate would allocate the whole output before we could look at its size, which is
 * exactly what a decompression bomb wants; step by step, memory stays near maxBytes + one step.
 */
export function inflateCapped(
  data: Uint8Array,
  options: { dictionary: Uint8Array; maxBytes: number; stepBytes: number },
): InflateResult {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let overflow = false;
  const inflater = new Inflate({ dictionary: options.dictionary }, (chunk) => {
    total += chunk.length;
    if (total > options.maxBytes) overflow = true;
    else if (chunk.length > 0) chunks.push(chunk);
  });
  try {
    if (data.length === 0) inflater.push(data, true);
    for (let at = 0; at < data.length && !overflow; at += options.stepBytes) {
      const end = Math.min(at + options.stepBytes, data.length);
      inflater.push(data.subarray(at, end), end === data.length);
    }
  } catch (error) {
    if (overflow) return { ok: false, problem: "tooLarge" };
    // fflate error code 0 is "unexpected EOF": the stream stops mid-way, i.e. the link was cut short.
    const code = (error as { code?: unknown } | null)?.code;
    return { ok: false, problem: code === 0 ? "truncated" : "corrupt" };
  }
  if (overflow) return { ok: false, problem: "tooLarge" };
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { ok: true, bytes };
}
