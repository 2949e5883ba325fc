import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { exportJWK } from "jose/key/export";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { corpusCardPath, readCorpusCard } from "@/fixtures/corpus";
import { json, startTestServer, type TestServer } from "../fetch/test-server";
import { makeTestKey, signCard, UNSIGNED_TEST_CARD as CARD, type TestKey } from "../negotiation/signatures/test-sign";
import { runCli } from "./test-io";
import { PassThrough, Readable } from "node:stream";
import type { CliIo } from "./io";
import { jwksFetcher } from "./signatures";
import { HEAVY_TEST_MS } from "@/fixtures/test-budget";


interface SignatureJson {
  status: string;
  total: number;
  message: string;
  signatures: Array<{ status: string; reason: string; kid?: string; jku?: string; keySource?: string; message: string }>;
}
interface CheckJson {
  valid: boolean;
  signature?: SignatureJson;
  validity: Array<{ code: string; pointer: string; message: string }>;
  decisions: Record<string, { decision: string; reasons: Array<{ invariant?: string }> }>;
}

let dir: string;
let key: TestKey;
let other: TestKey;
let server: TestServer;
let signedPath: string;
let keyPath: string;
let requiresPath: string;
const file = (name: string, content: string) => {
  const p = path.join(dir, name);
  writeFileSync(p, content);
  return p;
};
const parse = (stdout: string) => JSON.parse(stdout) as CheckJson;
const loopback = { env: { PARLEY_ALLOW_LOOPBACK_FETCH: "1" } };

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), "parley-cli-sig-"));
  key = await makeTestKey("contoso-2026");
  other = await makeTestKey("contoso-2026");
  server = await startTestServer({ "/jwks.json": json({ keys: [key.publicJwk] }, "application/jwk-set+json") });
  signedPath = file("signed.json", JSON.stringify(await signCard(CARD, key), null, 2));
  keyPath = file("key.json", JSON.stringify(key.publicJwk));
  requiresPath = file("requires.json", JSON.stringify({ name: "Requires signed cards", transports: ["JSONRPC"], streaming: true, canPoll: true, requireSignedCard: true }));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("check --jwks", () => {
  it("valid: says signed and valid in the JSON report and the text, and a client that requires it accepts (exit 0)", async () => {
    const r = await runCli(["check", "--card", signedPath, "--profile", requiresPath, "--jwks", keyPath, "--format", "json"]);
    expect(r.code).toBe(0);
    const doc = parse(r.stdout);
    expect(doc.signature).toMatchObject({ status: "valid", total: 1, signatures: [{ status: "valid", reason: "verified", keySource: "supplied", kid: "contoso-2026" }] });
    expect(doc.signature?.message).toMatch(/^Signed and valid/);
    expect(doc.validity.filter((p) => p.code.startsWith("signature"))).toEqual([]);
    const text = await runCli(["check", "--card", signedPath, "--profile", "northwind", "--jwks", keyPath]);
    expect(text.stdout).toContain('Signature: Signed and valid (one signature). Signature 1 (ES256, kid "contoso-2026"): it verifies with the key you supplied.');
  }, HEAVY_TEST_MS);

  it("a tampered card: invalid, a warning at /signatures/0, every class rejected by signed-card when required (exit 1)", async () => {
    const tampered = file("tampered.json", JSON.stringify({ ...(await signCard(CARD, key)), name: "Contoso Text Desk (now with more)" }));
    const r = await runCli(["check", "--card", tampered, "--profile", requiresPath, "--jwks", keyPath, "--format", "json"]);
    expect(r.code).toBe(1);
    const doc = parse(r.stdout);
    expect(doc.signature?.status).toBe("invalid");
    expect(doc.validity).toContainEqual(expect.objectContaining({ code: "signatureInvalid", pointer: "/signatures/0" }));
    expect(Object.values(doc.decisions).map((d) => d.decision)).toEqual(["reject", "reject", "reject", "reject", "reject"]);
    for (const d of Object.values(doc.decisions)) expect(d.reasons.map((x) => x.invariant)).toContain("signed-card");
  });

  it("a key that did not sign it: invalid (the card changed, or the key is not the signer's)", async () => {
    const wrong = file("wrong.json", JSON.stringify({ keys: [other.publicJwk] }));
    const doc = parse((await runCli(["check", "--card", signedPath, "--profile", "northwind", "--jwks", wrong, "--format", "json"])).stdout);
    expect(doc.signature?.signatures[0]).toMatchObject({ status: "invalid", reason: "badSignature" });
    expect(doc.signature?.signatures[0]?.message).toContain("the card was changed after it was signed, or that is not the key that signed it");
  });

  it("a key set without the signature's kid: unverifiable, naming the kid to supply", async () => {
    const third = await makeTestKey("someone-else");
    const keys = file("others.json", JSON.stringify({ keys: [third.publicJwk] }));
    const r = await runCli(["check", "--card", signedPath, "--profile", requiresPath, "--jwks", keys, "--format", "json"]);
    expect(r.code).toBe(1);
    const doc = parse(r.stdout);
    expect(doc.signature?.signatures[0]).toMatchObject({ status: "unverifiable", reason: "unknownKid" });
    expect(doc.signature?.signatures[0]?.message).toContain('(they have "someone-else")');
    expect(doc.validity.find((p) => p.code === "signatureUnverifiable")?.message).toContain('kid "contoso-2026"');
  });

  it("a malformed JWS: invalid, whatever the key", async () => {
    const broken = file("broken-jws.json", JSON.stringify({ ...CARD, signatures: [{ protected: "eyJhbGciOiJFUzI1NiJ9", signature: "not base64!" }] }));
    const doc = parse((await runCli(["check", "--card", broken, "--profile", "northwind", "--jwks", keyPath, "--format", "json"])).stdout);
    expect(doc.signature?.signatures[0]).toMatchObject({ status: "invalid", reason: "malformedJws" });
  });

  it("a pasted private JWK verifies by its public part, with a note on stderr", async () => {
    const privatePath = file("private.json", JSON.stringify({ ...(await exportJWK(key.privateKey)), kid: key.kid }));
    const r = await runCli(["check", "--card", signedPath, "--profile", "northwind", "--jwks", privatePath, "--format", "json"]);
    expect(parse(r.stdout).signature?.status).toBe("valid");
    expect(r.stderr).toMatch(/holds a private key: only its public part is used/);
  });

  it.each([
    ["not JSON", "{nope", /not a usable JWK or JWK set: it is not JSON\./],
    ["neither a JWK nor a set", JSON.stringify({ hello: "world" }), /neither a JWK \(an object with "kty"\) nor a JWK set/],
    ["only a shared secret", JSON.stringify({ keys: [{ kty: "oct", k: "c2VjcmV0" }] }), /The key is a shared secret \(kty "oct"\)/],
    ["an EC key without y", JSON.stringify({ kty: "EC", crv: "P-256", x: "abc" }), /The key is an EC key without "y"/],
    ["empty", "", /nothing was given/],
  ])("a --jwks file that is %s: exit 2 with what is wrong", async (name, content, message) => {
    const bad = file(`bad-${name.replace(/\W+/g, "-")}.json`, content);
    const r = await runCli(["check", "--card", signedPath, "--profile", "northwind", "--jwks", bad]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`--jwks ${bad}`);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe("");
  });

  it("a --jwks file that does not exist: exit 2", async () => {
    const r = await runCli(["check", "--card", signedPath, "--profile", "northwind", "--jwks", path.join(dir, "missing.json")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--jwks .*missing\.json: no such file/);
  });
});

describe("check without --jwks: the signature's jku", () => {
  it("fetches the key set its jku names through the safe fetcher (a local server, loopback allowed)", async () => {
    const before = server.requests.length;
    const jku = `${server.base}/jwks.json`;
    const signed = file("signed-jku.json", JSON.stringify(await signCard(await signCard(CARD, key, { jku }), key, { jku })));
    const r = await runCli(["check", "--card", signed, "--profile", requiresPath, "--format", "json", "--fetch-jku"], loopback);
    expect(r.code).toBe(0);
    const doc = parse(r.stdout);
    expect(doc.signature?.signatures.map((s) => [s.status, s.keySource, s.jku])).toEqual([
      ["valid", "jku", jku],
      ["valid", "jku", jku],
    ]);
    expect(doc.signature?.message).toContain("that URL is named by the card itself");
    expect(server.requests.length - before).toBe(1);
  });

  it("refuses a loopback jku without the loopback switch: unverifiable, saying why", async () => {
    const signed = file("signed-jku-blocked.json", JSON.stringify(await signCard(CARD, key, { jku: `${server.base}/jwks.json` })));
    const before = server.requests.length;
    const doc = parse((await runCli(["check", "--card", signed, "--profile", "northwind", "--format", "json", "--fetch-jku"])).stdout);
    expect(doc.signature?.signatures[0]).toMatchObject({ status: "unverifiable", reason: "jkuUnreachable" });
    expect(doc.signature?.signatures[0]?.message).toContain("it points to an address that is not public");
    expect(server.requests.length).toBe(before);
  });

  it("a jku that answers 404: unverifiable (the key set is not published)", async () => {
    const signed = file("signed-jku-404.json", JSON.stringify(await signCard(CARD, key, { jku: `${server.base}/missing-jwks.json` })));
    const doc = parse((await runCli(["check", "--card", signed, "--profile", "northwind", "--format", "json", "--fetch-jku"], loopback)).stdout);
    expect(doc.signature?.signatures[0]).toMatchObject({ reason: "jkuUnreachable" });
    expect(doc.signature?.signatures[0]?.message).toContain("it answered 404: nothing is published there");
  });

  it.each([[[]], [["--no-jku"]], [["--fetch-jku", "--no-jku"]]])("%j fetches nothing: unverifiable, naming the key set it did not fetch", async (flags) => {
    const signed = file("signed-jku-no.json", JSON.stringify(await signCard(CARD, key, { jku: `${server.base}/jwks.json` })));
    const before = server.requests.length;
    const doc = parse((await runCli(["check", "--card", signed, "--profile", "northwind", "--format", "json", ...flags], loopback)).stdout);
    expect(doc.signature?.signatures[0]).toMatchObject({ status: "unverifiable", reason: "jkuNotFetched", jku: `${server.base}/jwks.json` });
    expect(server.requests.length).toBe(before);
  });
});

describe("check on real corpus cards", () => {
  it("the identity-extension example: its JWS sits in an extension's params, not in signatures, so it is unsigned for A2A (no signature report)", async () => {
    const doc = parse((await runCli(["check", "--card", corpusCardPath("a2a-pr1592-aiar-invoice-signed.json"), "--profile", "northwind", "--format", "json", "--jwks", keyPath])).stdout);
    expect(doc.signature).toBeUndefined();
    expect(doc.validity.filter((p) => p.code.startsWith("signature"))).toEqual([]);
  });

  it("the spec's 1.0 sample card: unverifiable (kid key-1, its key set at example.com is not published), never trusted", async () => {
    expect(readCorpusCard("a2a-spec-main-geospatial.json")).toContain('"signatures"');
    const r = await runCli(["check", "--card", corpusCardPath("a2a-spec-main-geospatial.json"), "--profile", requiresPath, "--format", "json", "--no-jku"]);
    expect(r.code).toBe(1);
    const doc = parse(r.stdout);
    expect(doc.signature?.signatures[0]).toMatchObject({ status: "unverifiable", kid: "key-1", jku: "https://example.com/agent/jwks.json" });
    expect(doc.signature?.signatures[0]?.message).toContain('supply the public key with kid "key-1" (published in the key set at https://example.com/agent/jwks.json)');
  });
});

describe("batch --jwks", () => {
  it("verifies each signed line (and only those), with the signature report on its output line", async () => {
    const signed = await signCard(CARD, key);
    const tampered = { ...signed, version: "9.9.9" };
    const stdin = [
      { id: "signed", card: signed, profile: "northwind", taskClasses: ["request-response"] },
      { id: "unsigned", card: CARD, profile: "northwind", taskClasses: ["request-response"] },
      { id: "tampered", cardText: JSON.stringify(tampered), profile: "northwind", taskClasses: ["request-response"] },
    ]
      .map((l) => JSON.stringify(l))
      .join("\n");
    const r = await runCli(["batch", "--jwks", keyPath], { stdin });
    expect(r.code).toBe(0);
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { id: string } & CheckJson);
    expect(out.map((o) => [o.id, o.signature?.status])).toEqual([
      ["signed", "valid"],
      ["unsigned", undefined],
      ["tampered", "invalid"],
    ]);
  });

  it("with --jobs 2 the workers review with the reports the main thread verified; --messages none keeps the data", async () => {
    const signed = await signCard(CARD, key);
    const lines = [
      { id: "signed", card: signed, profile: "northwind", taskClasses: ["request-response"] },
      { id: "tampered", card: { ...signed, version: "9.9.9" }, profile: "northwind", taskClasses: ["request-response"] },
    ];
    const stdin = lines.map((l) => JSON.stringify(l)).join("\n");
    const r = await runCli(["batch", "--jobs", "2", "--messages", "none", "--jwks", keyPath], { stdin });
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as { signature?: { status: string; message?: string; signatures: Array<{ reason: string; data?: unknown; message?: string }> } });
    expect(out.map((o) => o.signature?.status)).toEqual(["valid", "invalid"]);
    expect(out[1]?.signature?.signatures[0]).toEqual(expect.objectContaining({ reason: "badSignature", data: { keySource: "supplied", keysTried: 1 } }));
    expect(out[1]?.signature?.message).toBeUndefined();
    expect(out[1]?.signature?.signatures[0]?.message).toBeUndefined();
  }, HEAVY_TEST_MS);

  it("fetches a jku once for the whole run", async () => {
    const jku = `${server.base}/jwks.json`;
    const signed = await signCard(CARD, key, { jku });
    const stdin = [1, 2, 3].map((id) => JSON.stringify({ id, card: signed, profile: "northwind" })).join("\n");
    const before = server.requests.length;
    const r = await runCli(["batch", "--fetch-jku"], { stdin, ...loopback });
    const out = r.stdout.trim().split("\n").map((l) => JSON.parse(l) as CheckJson);
    expect(out.map((o) => o.signature?.status)).toEqual(["valid", "valid", "valid"]);
    expect(server.requests.length - before).toBe(1);
  });

  it("a bad --jwks file stops the run before any line (exit 2)", async () => {
    const bad = file("bad-batch.json", "[]");
    const r = await runCli(["batch", "--jwks", bad], { stdin: JSON.stringify({ id: 1, card: CARD, profile: "northwind" }) });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr).toMatch(/--jwks .*bad-batch\.json: not a usable JWK or JWK set/);
  });
});

describe("key sets that time out (a batch of cards naming slow jku hosts)", () => {
  const hanging = () => startTestServer({ "/a.json": () => {}, "/b.json": () => {}, "/c.json": () => {} });
  const quietIo = () => {
    const stderr = new PassThrough();
    let said = "";
    stderr.on("data", (c: Buffer) => (said += c.toString("utf8")));
    const io: CliIo = { stdin: Readable.from([]), stdout: new PassThrough(), stderr, env: { PARLEY_ALLOW_LOOPBACK_FETCH: "1" }, cwd: process.cwd() };
    return { io, said: () => said };
  };
  const codeOf = (p: Promise<unknown>) => p.then(() => "fetched", (e: { code?: string }) => e.code);

  it("a host that timed out is not asked again in the run: its other key sets fail at once", async () => {
    const slow = await hanging();
    try {
      const fetch = jwksFetcher(quietIo().io, 150);
      expect(await codeOf(fetch(`${slow.base}/a.json`))).toBe("timeout");
      expect(await codeOf(fetch(`${slow.base}/b.json`))).toBe("timeout");
      expect(await codeOf(fetch(`${slow.base}/c.json`))).toBe("timeout");
      expect(slow.requests.map((r) => r.url)).toEqual(["/a.json"]);
    } finally {
      await slow.close();
    }
  });

  it("after six hosts timed out, no key set is fetched any more, and stderr says so once", async () => {
    const hosts = await Promise.all(Array.from({ length: 8 }, hanging));
    try {
      const { io, said } = quietIo();
      const fetch = jwksFetcher(io, 150);
      const codes = [];
      for (const host of hosts) codes.push(await codeOf(fetch(`${host.base}/a.json`)));
      expect(codes).toEqual(Array(8).fill("timeout"));
      expect(hosts.map((h) => h.requests.length)).toEqual([1, 1, 1, 1, 1, 1, 0, 0]);
      expect(said()).toBe("parley: 6 signature key sets (jku) timed out; no more are fetched in this run. Pass the keys with --jwks.\n");
    } finally {
      await Promise.all(hosts.map((h) => h.close()));
    }
  });
});
