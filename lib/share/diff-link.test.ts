import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CONTOSO, CONTOSO_LIVE_AUDIO } from "../negotiation/examples/incidents";
import { findPreset, NORTHWIND } from "../negotiation/profile";
import { ENGINE_VERSION } from "../negotiation/version";
import { encodeBase64Url } from "./base64url";
import { decodeDiffLink, describeDiffLinkError, describeLinkError, decodeReviewLink, isDiffFragment, tryEncodeDiffLink, type DiffLinkState } from "./index";
import { sealFrame } from "./frame";
import { MAX_FRAGMENT_LENGTH } from "./format-v1";

const STATE: DiffLinkState = {
  before: { text: CONTOSO_LIVE_AUDIO.text, origin: "contoso-2026-10.json" },
  after: { text: CONTOSO.text, origin: "built-in example: Contoso Voice Desk" },
  profiles: [NORTHWIND, findPreset("full-sdk")!],
  context: { priorTaskHistory: true },
  taskClasses: ["live-input", "request-response"],
  engineVersion: ENGINE_VERSION,
};

function encode(state: DiffLinkState): string {
  const encoded = tryEncodeDiffLink(state);
  if (!encoded.ok) throw new Error(describeDiffLinkError(encoded.error));
  return encoded.fragment;
}

/** A d1 frame around any payload, as an attacker would make it. */
function craft(state: unknown, cards: string): string {
  const bytes = new TextEncoder().encode(`${JSON.stringify(state)}\u0000${cards}`);
  const sealed = sealFrame({ letter: "d", current: "d1" }, bytes);
  if (!sealed.ok) throw new Error("cannot craft");
  return sealed.fragment;
}

describe("diff links", () => {
  it("round-trip both versions byte for byte, their origins, the profiles, context and task classes", () => {
    const fragment = encode(STATE);
    expect(fragment.startsWith("d1.")).toBe(true);
    expect(isDiffFragment(fragment)).toBe(true);
    expect(decodeDiffLink(fragment)).toEqual({ ok: true, state: STATE });
    // As people paste it: the whole address.
    expect(decodeDiffLink(`https://parley.example/diff#${fragment}`)).toEqual({ ok: true, state: STATE });
  });

  it("keep a NUL, a byte order mark and non-ASCII text in either version where they were", () => {
    const state: DiffLinkState = { ...STATE, before: { text: "\uFEFF{\"a\":\"\u0000\"}", origin: "" }, after: { text: "Café ☕ 𝄞\u0000", origin: "pasted" } };
    expect(decodeDiffLink(encode(state))).toEqual({ ok: true, state });
  });

  it("are as deterministic as review links: the same diff gives the same link", () => {
    expect(encode(STATE)).toBe(encode({ ...STATE, profiles: [...STATE.profiles] }));
  });

  it("refuse a diff too large for a link, with the length a review link may have", () => {
    const noise = randomBytes(1_700_000).toString("base64");
    const encoded = tryEncodeDiffLink({ ...STATE, after: { text: noise, origin: "noise" } });
    expect(encoded).toMatchObject({ ok: false, error: { code: "tooLarge", limit: MAX_FRAGMENT_LENGTH } });
  });

  it("refuse a state the schema refuses, naming where", () => {
    const encoded = tryEncodeDiffLink({ ...STATE, profiles: [] });
    expect(encoded.ok).toBe(false);
    expect(!encoded.ok && describeDiffLinkError(encoded.error)).toMatch(/^The link unpacked, but what it holds is not a valid diff: \/profiles: /);
  });

  it.each([
    ["a review link", "v1.abc", /not a Parley diff link: it should start with "d1\." after the #, but starts with "v1\.abc"/],
    ["a newer format", "d2.abc", /uses format d2, which this version of Parley cannot read \(it reads d1\)/],
    ["a cut-off link", "d1.A", /cut short/],
    ["a character links never hold", "d1.ab%cd", /contains "%" at position 5/],
  ])("say what is wrong with %s, never throwing", (_name, input, message) => {
    const decoded = decodeDiffLink(input);
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && describeDiffLinkError(decoded.error)).toMatch(message);
  });

  it("catch one changed character", () => {
    const fragment = encode(STATE);
    const i = Math.floor(fragment.length / 2);
    const altered = fragment.slice(0, i) + (fragment[i] === "A" ? "B" : "A") + fragment.slice(i + 1);
    expect(decodeDiffLink(altered).ok).toBe(false);
  });

  it("refuse crafted states: Before longer than the bytes there are, a hostile profile, unknown keys", () => {
    const good = { kind: "diff", engineVersion: ENGINE_VERSION, profiles: [NORTHWIND], context: {}, before: { origin: "" }, after: { origin: "" }, beforeBytes: 2 };
    expect(decodeDiffLink(craft({ ...good, beforeBytes: 99 }, "{}{}"))).toEqual({ ok: false, error: { code: "corrupt", reason: "framing" } });
    expect(decodeDiffLink(craft(good, "{}{}"))).toMatchObject({ ok: true, state: { before: { text: "{}" }, after: { text: "{}" } } });
    const hostile = decodeDiffLink(craft({ ...good, profiles: [{ ...NORTHWIND, name: 7 }] }, "{}{}"));
    expect(!hostile.ok && describeDiffLinkError(hostile.error)).toMatch(/\/profiles\/0\/name/);
    expect(decodeDiffLink(craft({ ...good, script: "<img>" }, "{}{}")).ok).toBe(false);
    expect(decodeDiffLink(craft({ ...good, beforeBytes: -1 }, "{}{}")).ok).toBe(false);
    expect(decodeDiffLink(`d1.${encodeBase64Url(new Uint8Array([1, 2, 3, 4, 5, 6]))}`).ok).toBe(false);
  });

  it("are not review links, and a review link's reader says to open one on /diff", () => {
    const decoded = decodeReviewLink(encode(STATE));
    expect(decoded.ok).toBe(false);
    expect(!decoded.ok && describeLinkError(decoded.error)).toBe('This is a diff link (it starts with "d1."), not a review link: open it on the /diff page.');
    expect(isDiffFragment("v1.abc")).toBe(false);
  });
});
