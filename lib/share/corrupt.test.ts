import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { NORTHWIND } from "../negotiation";
import {
  decodeReviewLink,
  encodeReviewLink,
  MAX_FRAGMENT_LENGTH,
  MAX_PAYLOAD_BYTES,
  MAX_STATE_JSON_BYTES,
  type LinkError,
} from "./index";
import { bytesOf, concatBytes, craftLink, snapshotPayload } from "./v1-reference.testkit";

const goodState = { kind: "snapshot", engineVersion: "0.1.0", profile: NORTHWIND, context: {} };
const bigState = { ...goodState, profile: { name: "x", description: "d".repeat(MAX_STATE_JSON_BYTES) } };
const good = encodeReviewLink({ cardText: '{"name":"Demo"}', profile: NORTHWIND, context: {}, engineVersion: "0.1.0" });
/** The first character after the prefix encodes only checksum bits: changing it changes the checksum alone. */
const checkFlipped = `v1.${good[3] === "A" ? "B" : "A"}${good.slice(4)}`;

/** How many characters to append so a base64url body of this length becomes 4n+1 long (never decodable). */
function strayToLength4nPlus1(length: number): number {
  const k = (((1 - length) % 4) + 4) % 4;
  return k === 0 ? 4 : k;
}

function errorOf(input: string): LinkError {
  const result = decodeReviewLink(input);
  if (result.ok) throw new Error(`expected an error for ${input.slice(0, 40)}`);
  return result.error;
}

describe("corrupt input gives exactly this error", () => {
  const cases: { name: string; input: string; error: LinkError }[] = [
    { name: "nothing", input: "", error: { code: "empty" } },
    { name: "just a #", input: "#", error: { code: "empty" } },
    { name: "whitespace", input: " \n\t", error: { code: "empty" } },
    { name: "a URL with an empty fragment", input: "https://parley.example/review#", error: { code: "empty" } },
    { name: "some other fragment", input: "#section-2", error: { code: "notAReviewLink", found: "section-2" } },
    { name: "emoji text, quoted by whole characters", input: "😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀", error: { code: "notAReviewLink", found: "😀".repeat(16) } },
    { name: "uppercase prefix", input: "V1.AAAA", error: { code: "notAReviewLink", found: "V1.AAAA" } },
    { name: "prefix without the dot", input: "v1AAAA", error: { code: "notAReviewLink", found: "v1AAAA" } },
    { name: "a future format", input: "v3.AAAAAAAA", error: { code: "unknownVersion", version: "v3", supported: ["v1", "v2"] } },
    { name: "format zero", input: "v0.AAAA", error: { code: "unknownVersion", version: "v0", supported: ["v1", "v2"] } },
    { name: "prefix only", input: "v1.", error: { code: "truncated" } },
    { name: "shorter than the checksum", input: "v1.AAAAAA", error: { code: "truncated" } },
    { name: "stray characters at the end (length 4n+1)", input: `${good}${"A".repeat(strayToLength4nPlus1(good.length - 3))}`, error: { code: "truncated" } },
    { name: "cut after the checksum", input: good.slice(0, 3 + 8), error: { code: "truncated" } },
    { name: "cut in the middle of the deflate data", input: good.slice(0, good.length - 12), error: { code: "truncated" } },
    { name: "base64 padding", input: `${good}=`, error: { code: "notBase64", position: good.length, character: "=" } },
    { name: "standard-base64 +", input: "v1.AB+C", error: { code: "notBase64", position: 5, character: "+" } },
    { name: "a space inside", input: "v1.AB CD", error: { code: "notBase64", position: 5, character: " " } },
    { name: "percent-encoding", input: "v1.AB%2FCD", error: { code: "notBase64", position: 5, character: "%" } },
    { name: "an emoji", input: "v1.AB😀CD", error: { code: "notBase64", position: 5, character: "😀" } },
    { name: "checksum changed", input: checkFlipped, error: { code: "corrupt", reason: "checksum" } },
    {
      name: "invalid deflate block type",
      input: "v1." + Buffer.from([1, 2, 3, 4, 0xff, 0xff, 0xff]).toString("base64url"),
      error: { code: "corrupt", reason: "deflate" },
    },
    {
      name: "inflates, but not valid UTF-8",
      input: craftLink(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])),
      error: { code: "corrupt", reason: "utf8" },
    },
    {
      name: "card bytes not valid UTF-8",
      input: craftLink(concatBytes(snapshotPayload(goodState, ""), new Uint8Array([0xc3]))),
      error: { code: "corrupt", reason: "utf8" },
    },
    { name: "state is not JSON", input: craftLink(bytesOf("{kind: snapshot}\u0000{}")), error: { code: "corrupt", reason: "json" } },
    { name: "empty payload", input: craftLink(new Uint8Array(0)), error: { code: "corrupt", reason: "json" } },
    {
      name: "snapshot without card bytes",
      input: craftLink(bytesOf(JSON.stringify(goodState))),
      error: { code: "corrupt", reason: "framing" },
    },
    {
      name: "live link with card bytes",
      input: craftLink(snapshotPayload({ ...goodState, kind: "live", cardUrl: "https://a.example/card.json" }, "{}")),
      error: { code: "corrupt", reason: "framing" },
    },
    {
      name: "oversized fragment",
      input: "v1." + "A".repeat(MAX_FRAGMENT_LENGTH),
      error: { code: "tooLarge", length: MAX_FRAGMENT_LENGTH + 3, limit: MAX_FRAGMENT_LENGTH },
    },
    {
      name: "hugely oversized paste",
      input: "x".repeat(MAX_FRAGMENT_LENGTH * 4),
      error: { code: "tooLarge", length: MAX_FRAGMENT_LENGTH * 4, limit: MAX_FRAGMENT_LENGTH },
    },
    {
      name: "state JSON past its cap",
      input: craftLink(snapshotPayload(bigState, "{}")),
      error: { code: "stateTooLarge", length: JSON.stringify(bigState).length, limit: MAX_STATE_JSON_BYTES },
    },
  ];
  it.each(cases)("$name → $error.code", ({ input, error }) => {
    expect(errorOf(input)).toEqual(error);
  });

  it("a changed character inside the compressed data is caught (never a silently different card)", () => {
    // Flip every character of the deflate part in turn: each must fail, or decode to exactly the original.
    const original = decodeReviewLink(good);
    for (let i = 12; i < good.length; i++) {
      const flipped = good.slice(0, i) + (good[i] === "Q" ? "R" : "Q") + good.slice(i + 1);
      const result = decodeReviewLink(flipped);
      if (result.ok) expect(result).toEqual(original);
      else expect(["corrupt", "truncated"]).toContain(result.error.code);
    }
  });

  it("never throws for non-string input", () => {
    expect(decodeReviewLink(null as unknown as string)).toEqual({ ok: false, error: { code: "notAReviewLink", found: "" } });
  });
});

describe("state that does not match the schema → invalidState with the paths", () => {
  const cases: { name: string; state: unknown; pointers: string[] }[] = [
    { name: "not an object", state: [1, 2, 3], pointers: [""] },
    { name: "unknown kind", state: { ...goodState, kind: "replay" }, pointers: ["/kind"] },
    { name: "fields missing", state: { kind: "snapshot" }, pointers: ["/engineVersion", "/profile", "/context"] },
    { name: "profile without a name", state: { ...goodState, profile: { name: "" } }, pointers: ["/profile/name"] },
    { name: "profile with an unknown key", state: { ...goodState, profile: { name: "x", root: true } }, pointers: ["/profile"] },
    { name: "profile field of the wrong type", state: { ...goodState, profile: { name: "x", streaming: "yes" } }, pointers: ["/profile/streaming"] },
    { name: "context with an unknown key", state: { ...goodState, context: { trustMe: true } }, pointers: ["/context"] },
    { name: "context field of the wrong type", state: { ...goodState, context: { honoredExtensions: [""] } }, pointers: ["/context/honoredExtensions/0"] },
    { name: "javascript: card URL", state: { ...goodState, cardUrl: "javascript:alert(1)" }, pointers: ["/cardUrl"] },
    { name: "relative card URL", state: { ...goodState, cardUrl: "/card.json" }, pointers: ["/cardUrl"] },
    { name: "unknown decision", state: { ...goodState, decisions: { "live-input": "maybe" } }, pointers: ["/decisions/live-input"] },
    { name: "decision for a non-kebab id", state: { ...goodState, decisions: { "Live Input": "accept" } }, pointers: ["/decisions/Live Input"] },
    { name: "task class that is neither id nor class", state: { ...goodState, taskClasses: [42] }, pointers: ["/taskClasses/0"] },
    { name: "engine version not semver", state: { ...goodState, engineVersion: "latest" }, pointers: ["/engineVersion"] },
    {
      name: "live link with a malformed digest",
      state: { ...goodState, kind: "live", cardUrl: "https://a.example/card.json", snapshotDigest: "ABC" },
      pointers: ["/snapshotDigest"],
    },
  ];
  it.each(cases)("$name", ({ state, pointers }) => {
    const isLive = (state as { kind?: unknown }).kind === "live";
    const payload = isLive ? bytesOf(JSON.stringify(state)) : snapshotPayload(state, "{}");
    const error = errorOf(craftLink(payload));
    if (error.code !== "invalidState") throw new Error(`expected invalidState, got ${error.code}`);
    expect(error.issues.map((i) => i.pointer)).toEqual(pointers);
    expect(error.total).toBe(pointers.length);
  });

  it("keeps at most 20 issues however many there are, and counts the rest", () => {
    const state = { ...goodState, profile: { name: "x", transports: Array.from({ length: 5000 }, () => 1) } };
    const error = errorOf(craftLink(snapshotPayload(state, "")));
    expect(error).toMatchObject({ code: "invalidState", total: 5000 });
    if (error.code === "invalidState") expect(error.issues).toHaveLength(20);
  });
});

describe("decompression bombs", () => {
  // The bomb is deflated by Node's zlib, native and fast, so building it is not what this test
  // waits for; how fast it is refused is measured by npm run bench, not timed in a test.
  it("refuses 100 MB of zeros, without inflating it all", () => {
    const bomb = deflateRawSync(new Uint8Array(100 * 1024 * 1024), { level: 1 });
    const link = "v1." + Buffer.from(concatBytes(new Uint8Array(4), bomb)).toString("base64url");
    expect(link.length).toBeLessThan(MAX_FRAGMENT_LENGTH);
    expect(errorOf(link)).toEqual({ code: "decompressedTooLarge", limit: MAX_PAYLOAD_BYTES });
  });

  it("refuses a well-formed snapshot whose card unpacks past the cap", () => {
    const link = craftLink(snapshotPayload(goodState, " ".repeat(MAX_PAYLOAD_BYTES)), { level: 1 });
    expect(errorOf(link)).toEqual({ code: "decompressedTooLarge", limit: MAX_PAYLOAD_BYTES });
  });
});
