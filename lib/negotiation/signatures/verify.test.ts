import { beforeAll, describe, expect, it } from "vitest";
import { readCorpusCard } from "@/fixtures/corpus";
import { makeTestKey, signCard, type TestKey } from "./test-sign";
import { SIGNATURE_LIMITS } from "./types";
import { verifyCardSignatures } from "./verify";
import { describeProblem } from "../explain";
import { review } from "../review";
import { withSignatureReport } from "./in-review";

const CARD = {
  name: "Contoso Text Desk",
  description: "Answers questions in text.",
  version: "1.0.0",
  supportedInterfaces: [{ url: "https://agents.contoso.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
  capabilities: { streaming: false, pushNotifications: false },
  defaultInputModes: ["text/plain"],
  defaultOutputModes: ["text/plain"],
  skills: [{ id: "answer", name: "Answer", description: "Answers", tags: ["qa"] }],
};

let key: TestKey;
let other: TestKey;
beforeAll(async () => {
  key = await makeTestKey("contoso-2026");
  other = await makeTestKey("contoso-2026");
});

const jwks = (...keys: TestKey[]) => ({ keys: keys.map((k) => k.publicJwk) });
const text = (card: unknown) => JSON.stringify(card, null, 2);

describe("verifyCardSignatures: outcomes a user acts on", () => {
  it("an unsigned card is unsigned (and an empty signatures list too)", async () => {
    expect(await verifyCardSignatures(text(CARD))).toEqual({ status: "unsigned", total: 0, signatures: [] });
    expect((await verifyCardSignatures({ ...CARD, signatures: [] })).status).toBe("unsigned");
    expect((await verifyCardSignatures("not json")).status).toBe("unsigned");
  });

  it("valid: signed, checked against the public JWK the user supplies, from the card's text", async () => {
    const signed = await signCard(CARD, key);
    const report = await verifyCardSignatures(text(signed), { keys: key.publicJwk });
    expect(report.status).toBe("valid");
    expect(report.signatures).toEqual([
      expect.objectContaining({ index: 0, pointer: "/signatures/0", status: "valid", reason: "verified", alg: "ES256", kid: "contoso-2026", keySource: "supplied", payload: "as-received" }),
    ]);
  });

  it("valid with a JWKS: the key is picked by kid among others", async () => {
    const third = await makeTestKey("someone-else");
    const signed = await signCard(CARD, key);
    const report = await verifyCardSignatures(signed, { keys: JSON.stringify(jwks(third, key)) });
    expect(report.status).toBe("valid");
  });

  it("invalid: one field changed after signing (a tampered card)", async () => {
    const signed = await signCard(CARD, key);
    const tampered = { ...signed, supportedInterfaces: [{ ...CARD.supportedInterfaces[0], url: "https://evil.example/a2a" }] };
    const report = await verifyCardSignatures(text(tampered), { keys: key.publicJwk });
    expect(report.status).toBe("invalid");
    expect(report.signatures[0]).toMatchObject({ status: "invalid", reason: "badSignature", keySource: "supplied" });
  });

  it("whitespace and key order do not matter: the canonical form is what is signed", async () => {
    const signed = await signCard(CARD, key);
    const reordered = Object.fromEntries(Object.entries(signed).reverse());
    expect((await verifyCardSignatures(JSON.stringify(reordered), { keys: key.publicJwk })).status).toBe("valid");
  });

  it("invalid: a key with the same kid that did not sign it (wrong key)", async () => {
    const signed = await signCard(CARD, key);
    const report = await verifyCardSignatures(signed, { keys: other.publicJwk });
    expect(report.status).toBe("invalid");
    expect(report.signatures[0]?.reason).toBe("badSignature");
  });

  it("unverifiable: no supplied key has the signature's kid (names the kids it has)", async () => {
    const third = await makeTestKey("someone-else");
    const signed = await signCard(CARD, key);
    const report = await verifyCardSignatures(signed, { keys: jwks(third) });
    expect(report.status).toBe("unverifiable");
    expect(report.signatures[0]).toMatchObject({ reason: "unknownKid", kid: "contoso-2026", data: { kids: ["someone-else"] } });
  });

  it("unverifiable: no key given and no jku to fetch one from", async () => {
    const report = await verifyCardSignatures(await signCard(CARD, key));
    expect(report.signatures[0]).toMatchObject({ status: "unverifiable", reason: "noKey", kid: "contoso-2026" });
  });

  it("jku: the key set is fetched through the caller's fetcher, once per URL", async () => {
    const jku = "https://contoso.example/.well-known/jwks.json";
    const twice = await signCard(await signCard(CARD, key, { jku }), key, { jku });
    const fetched: string[] = [];
    const report = await verifyCardSignatures(twice, {
      fetchJwks: async (url) => {
        fetched.push(url);
        return JSON.stringify(jwks(key));
      },
    });
    expect(report.status).toBe("valid");
    expect(report.signatures.map((s) => [s.status, s.keySource, s.jku])).toEqual([
      ["valid", "jku", jku],
      ["valid", "jku", jku],
    ]);
    expect(fetched).toEqual([jku]);
  });

  it("jku: a supplied key wins and nothing is fetched", async () => {
    const signed = await signCard(CARD, key, { jku: "https://contoso.example/jwks.json" });
    const report = await verifyCardSignatures(signed, {
      keys: key.publicJwk,
      fetchJwks: () => {
        throw new Error("must not fetch");
      },
    });
    expect(report.signatures[0]).toMatchObject({ status: "valid", keySource: "supplied" });
  });

  it.each([
    ["unreachable (the fetcher's error code is kept)", () => Promise.reject(Object.assign(new Error("no"), { code: "noPublicAddress" })), "jkuUnreachable", { error: "noPublicAddress" }],
    ["unreachable (an error without a code)", () => Promise.reject(new Error("boom")), "jkuUnreachable", { error: "failed" }],
    ["a fetcher that throws outright", () => { throw new Error("sync"); }, "jkuUnreachable", { error: "failed" }],
    ["not fetched (the caller declined)", () => Promise.resolve(undefined), "jkuNotFetched", {}],
    ["not a key set", () => Promise.resolve("<html>login</html>"), "jkuNotJwks", { keyError: "notJson" }],
    ["a key set of symmetric keys only", () => Promise.resolve({ keys: [{ kty: "oct", k: "c2VjcmV0" }] }), "jkuNotJwks", { keyError: "noUsableKey" }],
  ] as const)("jku %s: unverifiable", async (_name, fetchJwks, reason, data) => {
    const signed = await signCard(CARD, key, { jku: "https://contoso.example/jwks.json" });
    const report = await verifyCardSignatures(signed, { fetchJwks: fetchJwks as () => Promise<unknown> });
    expect(report.status).toBe("unverifiable");
    expect(report.signatures[0]).toMatchObject({ reason, data, jku: "https://contoso.example/jwks.json" });
  });

  it("jku that is not an http(s) URL is never handed to the fetcher", async () => {
    for (const jku of ["file:///etc/passwd", "not a url", "javascript:alert(1)"]) {
      const signed = await signCard(CARD, key, { jku });
      let called = false;
      const report = await verifyCardSignatures(signed, { fetchJwks: async () => ((called = true), jwks(key)) });
      expect(report.signatures[0]?.reason).toBe("jkuBadUrl");
      expect(called).toBe(false);
    }
  });

  it("a jku in the unprotected header is never followed", async () => {
    const signed = await signCard(CARD, key, { unprotected: { jku: "https://attacker.example/jwks.json" } });
    let called = false;
    const report = await verifyCardSignatures(signed, { fetchJwks: async () => ((called = true), jwks(key)) });
    expect(report.signatures[0]?.reason).toBe("noKey");
    expect(called).toBe(false);
  });

  it("valid with an unprotected header that names nothing the protected one does", async () => {
    const signed = await signCard(CARD, key, { unprotected: { note: "rotated 2026-01" } });
    expect((await verifyCardSignatures(signed, { keys: key.publicJwk })).status).toBe("valid");
  });

  it.each(["RS256", "PS256", "EdDSA"] as const)("%s keys verify too", async (alg) => {
    const k = await makeTestKey(`k-${alg}`, alg);
    const report = await verifyCardSignatures(await signCard(CARD, k), { keys: k.publicJwk });
    expect(report.status).toBe("valid");
  });

  it("a pasted private JWK verifies by its public part", async () => {
    const { exportJWK } = await import("jose/key/export");
    const privateJwk = { ...(await exportJWK(key.privateKey)), kid: key.kid };
    const report = await verifyCardSignatures(await signCard(CARD, key), { keys: privateJwk });
    expect(report.status).toBe("valid");
  });

  it("a signature made over the card with empty fields removed (as the SDKs sign) verifies as defaults-removed", async () => {
    const withEmpties = { ...CARD, documentationUrl: "", capabilities: { ...CARD.capabilities, extensions: [] }, provider: {} };
    const sdkForm = { ...CARD };
    const signed = await signCard(withEmpties, key, { payloadOf: sdkForm });
    const report = await verifyCardSignatures(signed, { keys: key.publicJwk });
    expect(report.signatures[0]).toMatchObject({ status: "valid", payload: "defaults-removed" });
  });

  // Issue 28: A2A 1.0 asks for at least one signature that verifies; a card may carry several (key
  // rotation), so a failing second one neither refuses the card nor says it may have been changed.
  it("one valid and one bad signature: one that verifies is enough, each entry says which", async () => {
    const signed = await signCard(await signCard(CARD, key), other);
    const report = await verifyCardSignatures(signed, { keys: jwks(key) });
    expect(report.status).toBe("valid");
    expect(report.signatures.map((s) => s.status)).toEqual(["valid", "invalid"]);
    const validity = withSignatureReport({ valid: true, shape: "1.0", problems: [] }, report);
    expect(validity.problems.map((p) => p.code)).toEqual(["signatureInvalidBesideValid"]);
    expect(describeProblem(validity.problems[0]!)).not.toContain("changed");
    const reviewed = review(JSON.stringify(signed), { name: "strict", requireSignedCard: true }, { signatures: report });
    const finding = reviewed.decisions[0]!.findings.find((f) => f.invariant === "signed-card");
    expect(finding?.status).toBe("holds");
  });
});

describe("verifyCardSignatures: malformed and hostile input", () => {
  const withEntry = (entry: unknown) => ({ ...CARD, signatures: [entry] });

  it.each([
    ["an entry that is not an object", "nope", "malformedJws", { what: "entry" }],
    ["protected missing", { signature: "abc" }, "malformedJws", { what: "protected" }],
    ["protected not base64url JSON", { protected: "not*base64", signature: "abc" }, "malformedJws", { what: "protected" }],
    ["protected decodes to a non-object", { protected: btoa("[1]").replace(/=+$/, ""), signature: "abc" }, "malformedJws", { what: "protected" }],
    ["signature not base64url", { protected: btoa('{"alg":"ES256"}').replace(/=+$/, ""), signature: "a b!" }, "malformedJws", { what: "signature" }],
    ["header not an object", { protected: btoa('{"alg":"ES256"}').replace(/=+$/, ""), signature: "abc", header: "x" }, "malformedJws", { what: "header" }],
    ["no alg", { protected: btoa('{"kid":"k"}').replace(/=+$/, ""), signature: "abc" }, "malformedJws", { what: "alg" }],
    ["alg none", { protected: btoa('{"alg":"none"}').replace(/=+$/, ""), signature: "abc" }, "algNone", {}],
    ["a protected header past the size bound", { protected: "A".repeat(SIGNATURE_LIMITS.maxProtectedChars + 1), signature: "abc" }, "malformedJws", { what: "protected", limit: SIGNATURE_LIMITS.maxProtectedChars }],
    ["a signature past the size bound", { protected: "eyJ9", signature: "A".repeat(SIGNATURE_LIMITS.maxSignatureChars + 1) }, "malformedJws", { what: "signature", limit: SIGNATURE_LIMITS.maxSignatureChars }],
  ] as const)("%s: invalid", async (_name, entry, reason, data) => {
    const report = await verifyCardSignatures(withEntry(entry), { keys: { kty: "EC", crv: "P-256", x: "x", y: "y" } });
    expect(report.status).toBe("invalid");
    expect(report.signatures[0]).toMatchObject({ status: "invalid", reason, data });
  });

  it("a signature with protected and unprotected headers naming the same member is malformed (jose's check)", async () => {
    const signed = await signCard(CARD, key);
    (signed.signatures as Array<Record<string, unknown>>)[0]!.header = { alg: "ES256" };
    const report = await verifyCardSignatures(signed, { keys: key.publicJwk });
    expect(report.signatures[0]).toMatchObject({ status: "invalid", reason: "malformedJws" });
  });

  it("a symmetric algorithm is unsupported (a card signature anyone checks needs a public key)", async () => {
    const report = await verifyCardSignatures(withEntry({ protected: btoa('{"alg":"HS256","kid":"k"}').replace(/=+$/, ""), signature: "abc" }), { keys: key.publicJwk });
    expect(report.signatures[0]).toMatchObject({ status: "unverifiable", reason: "unsupportedAlg", alg: "HS256" });
  });

  it(`checks at most ${SIGNATURE_LIMITS.maxSignatures} signatures; the rest are reported beyond the limit`, async () => {
    let signed: Record<string, unknown> = CARD;
    for (let i = 0; i < SIGNATURE_LIMITS.maxSignatures + 2; i++) signed = await signCard(signed, key);
    const report = await verifyCardSignatures(signed, { keys: key.publicJwk });
    expect(report.total).toBe(SIGNATURE_LIMITS.maxSignatures + 2);
    expect(report.signatures.filter((s) => s.status === "valid")).toHaveLength(SIGNATURE_LIMITS.maxSignatures);
    expect(report.signatures.slice(-2).map((s) => s.reason)).toEqual(["beyondLimit", "beyondLimit"]);
    expect(report.status).toBe("valid");
  });

  it.each([
    ["a number", 42],
    ["an array", [1, 2]],
    ["keys that is not a list", { keys: "x" }],
    ["not JSON text", "{nope"],
    ["a key with no members", { kty: "EC" }],
    ["a key of an unknown type", { kty: "XYZ", x: "1" }],
  ])("supplied keys that are %s: unverifiable (noUsableKey), never a throw", async (_name, keys) => {
    const report = await verifyCardSignatures(await signCard(CARD, key), { keys });
    expect(report.signatures[0]).toMatchObject({ status: "unverifiable", reason: "noUsableKey" });
  });

  it("an EC key on the wrong curve, or an RSA key for an EC signature, is no usable key", async () => {
    const rsa = await makeTestKey("contoso-2026", "RS256");
    const report = await verifyCardSignatures(await signCard(CARD, key), { keys: { ...rsa.publicJwk, alg: undefined } });
    expect(report.signatures[0]?.reason).toBe("noUsableKey");
    const p384 = { ...key.publicJwk, crv: "P-384" };
    expect((await verifyCardSignatures(await signCard(CARD, key), { keys: p384 })).signatures[0]?.reason).toBe("noUsableKey");
  });

  it("garbage key material is rejected, not thrown", async () => {
    const report = await verifyCardSignatures(await signCard(CARD, key), { keys: { ...key.publicJwk, x: "AAAA", y: "AAAA" } });
    expect(report.signatures[0]).toMatchObject({ status: "unverifiable", reason: "keyRejected" });
  });

  it("an RSA modulus past the size bound is rejected before any import", async () => {
    const huge = { kty: "RSA", kid: "contoso-2026", n: "A".repeat(1400), e: "AQAB" };
    const signed = await signCard(CARD, await makeTestKey("contoso-2026", "RS256"));
    const report = await verifyCardSignatures(signed, { keys: huge });
    expect(report.signatures[0]).toMatchObject({ reason: "keyRejected", data: { max: SIGNATURE_LIMITS.maxRsaBits } });
  });

  it("a card with a __proto__ key verifies as written and pollutes nothing", async () => {
    const cardText = `{"__proto__": {"polluted": true}, ${JSON.stringify(CARD).slice(1)}`;
    const parsed = JSON.parse(cardText) as Record<string, unknown>;
    const signed = await signCard(parsed, key);
    const report = await verifyCardSignatures(JSON.stringify(signed), { keys: key.publicJwk });
    expect(report.status).toBe("valid");
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("a lone surrogate in the card has no canonical form: unverifiable, not a crash", async () => {
    const signed = await signCard(CARD, key);
    const cardText = JSON.stringify(signed).replace('"Contoso Text Desk"', '"Contoso \\ud800"');
    const report = await verifyCardSignatures(cardText, { keys: key.publicJwk });
    expect(report.signatures[0]).toMatchObject({ status: "unverifiable", reason: "noCanonicalForm" });
  });
});

describe("verifyCardSignatures on real cards", () => {
  it("the identity-extension example carries its JWS inside an extension's params, not in signatures: unsigned for A2A", async () => {
    const cardText = readCorpusCard("a2a-pr1592-aiar-invoice-signed.json");
    expect(cardText).toContain('"jws"');
    expect((await verifyCardSignatures(cardText)).status).toBe("unsigned");
  });

  it("the spec's 1.0 sample card names key-1 at example.com, whose key set is not published: unverifiable", async () => {
    const cardText = readCorpusCard("a2a-spec-main-geospatial.json");
    const report = await verifyCardSignatures(cardText, { fetchJwks: () => Promise.reject(Object.assign(new Error("404"), { code: "notFound" })) });
    expect(report.status).toBe("unverifiable");
    expect(report.signatures[0]).toMatchObject({ reason: "jkuUnreachable", alg: "ES256", kid: "key-1", jku: "https://example.com/agent/jwks.json", data: { error: "notFound" } });
  });

  it("the same sample card against a key that did not sign it: invalid", async () => {
    const cardText = readCorpusCard("a2a-spec-main-geospatial.json");
    const report = await verifyCardSignatures(cardText, { keys: { ...key.publicJwk, kid: "key-1" } });
    expect(report.signatures[0]).toMatchObject({ status: "invalid", reason: "badSignature" });
  });

  it("a real card, signed with a generated key, verifies; any change to it does not", async () => {
    const original = JSON.parse(readCorpusCard("a2a-spec-main-geospatial.json")) as Record<string, unknown>;
    delete original.signatures;
    const signed = await signCard(original, key);
    expect((await verifyCardSignatures(text(signed), { keys: key.publicJwk })).status).toBe("valid");
    const changed = { ...signed, capabilities: { ...(signed.capabilities as object), streaming: false } };
    expect((await verifyCardSignatures(text(changed), { keys: key.publicJwk })).status).toBe("invalid");
  });
});

describe("verifyCardSignatures never throws", () => {
  it("not even on an object whose properties throw when read", async () => {
    const hostile = Object.defineProperty({}, "signatures", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    await expect(verifyCardSignatures(hostile)).resolves.toMatchObject({ status: "unsigned" });
  });
});
