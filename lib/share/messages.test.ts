import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeLinkError, LINK_ERROR_CODES, type LinkError } from "./index";

/** One example of every error, so a new code without English fails here. */
const EXAMPLES: Record<LinkError["code"], LinkError> = {
  empty: { code: "empty" },
  notAReviewLink: { code: "notAReviewLink", found: "section-2\n" },
  unknownVersion: { code: "unknownVersion", version: "v3", supported: ["v1", "v2"] },
  tooLarge: { code: "tooLarge", length: 3_000_000, limit: 2_097_152 },
  notBase64: { code: "notBase64", position: 17, character: "%" },
  truncated: { code: "truncated" },
  corrupt: { code: "corrupt", reason: "checksum" },
  decompressedTooLarge: { code: "decompressedTooLarge", limit: 4 * 1024 * 1024 },
  stateTooLarge: { code: "stateTooLarge", length: 70_000, limit: 65_536 },
  tooManyAcknowledgements: { code: "tooManyAcknowledgements", count: 100_000, limit: 500 },
  invalidState: {
    code: "invalidState",
    issues: [{ pointer: "/profile/name", path: ["profile", "name"], issue: "too_small", detail: "the profile needs a name" }],
    total: 3,
  },
};

describe("describeLinkError", () => {
  it("has an example for every code", () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...LINK_ERROR_CODES].sort());
  });

  it.each(LINK_ERROR_CODES)("%s reads as a sentence with its data filled in", (code) => {
    const text = describeLinkError(EXAMPLES[code]);
    expect(text).toMatch(/^[A-Z].*\.$/s);
    expect(text).not.toMatch(/undefined|NaN|\[object|\$\{/);
  });

  it("says what and where, in words a user acts on", () => {
    expect(EXAMPLES_TEXT()).toMatchInlineSnapshot(`
      "empty: The link has no review in it (the part after # is empty).
      notAReviewLink: This is not a Parley review link: it should start with "v1." or "v2." after the #, but starts with "section-2\\n".
      unknownVersion: This review link uses format v3, which this version of Parley cannot read (it reads v1, v2). Open it in a newer Parley.
      tooLarge: The link is 3,000,000 characters long, more than the 2,097,152 a review link may have. It was not read.
      notBase64: The link contains "%" at position 17, a character review links never contain. It was probably changed when it was copied.
      truncated: The link is cut short: part of it is missing. Copy the whole link again.
      corrupt: The link is damaged: it unpacks, but not to what was saved (its checksum does not match). Part of it was changed.
      decompressedTooLarge: The link unpacks to more than 4 MiB, more than any review needs; it was stopped there and not opened.
      stateTooLarge: The profile, context, task classes and acknowledgements in the link take 68.4 KiB, more than the 64 KiB allowed. It was not opened.
      tooManyAcknowledgements: The link holds 100,000 acknowledged findings, more than the 500 a review link may hold. It was not opened.
      invalidState: The link unpacked, but what it holds is not a valid review: /profile/name: the profile needs a name (and 2 more)."
    `);
  });

  it.each(["deflate", "checksum", "utf8", "json", "framing", "unreadable"] as const)("corrupt/%s has its own wording", (reason) => {
    const text = describeLinkError({ code: "corrupt", reason });
    expect(text.length).toBeGreaterThan(20);
    const others = (["deflate", "checksum", "utf8", "json", "framing", "unreadable"] as const).filter((r) => r !== reason);
    for (const other of others) expect(describeLinkError({ code: "corrupt", reason: other })).not.toBe(text);
  });
});

function EXAMPLES_TEXT(): string {
  return LINK_ERROR_CODES.map((code) => `${code}: ${describeLinkError(EXAMPLES[code])}`).join("\n");
}

describe("lib/share stays browser-pure", () => {
  const dir = import.meta.dirname;
  const sources = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".testkit.ts"));
  it.each(sources)("%s imports no react, next or Node built-ins", (file) => {
    const text = readFileSync(join(dir, file), "utf8");
    const imports = [...text.matchAll(/from\s+"([^"]+)"/g)].map((m) => m[1]!);
    for (const spec of imports) expect(spec).not.toMatch(/^(node:|react|next|fs$|path$|crypto$|buffer$|zlib$)/);
    expect(text).not.toMatch(/\bBuffer\b|\bprocess\./);
  });
});
