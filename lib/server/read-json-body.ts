import "server-only";

/** The fetch-card request is a URL of at most 2 KiB; anything much larger is not a real request. */
export const MAX_REQUEST_BYTES = 16 * 1024;

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: 400 | 413; message: string };

/**
 * Reads a JSON request body without buffering more than `limit` bytes: a huge or endless body is
 * cut off (413) instead of being held in memory, whatever Content-Length claims.
 */
export async function readJsonBody(request: Request, limit = MAX_REQUEST_BYTES): Promise<JsonBody> {
  const tooLarge = { ok: false, status: 413, message: `The request body is larger than ${limit} bytes.` } as const;
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) return tooLarge;
  if (!request.body) return { ok: false, status: 400, message: "The request body is not JSON." };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      return tooLarge;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { ok: true, value: JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes)) as unknown };
  } catch {
    return { ok: false, status: 400, message: "The request body is not JSON." };
  }
}
