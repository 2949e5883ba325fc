import { beforeAll, describe, expect, it } from "vitest";
import { readCorpusCard } from "@/fixtures/corpus";
import { describeProblem, explainReason } from "../explain";
import { describeSignatureReport } from "../explain/signatures";
import { NORTHWIND } from "../profile";
import { review } from "../review";
import { makeTestKey, signCard, UNSIGNED_TEST_CARD as CARD, type TestKey } from "./test-sign";
import { verifyCardSignatures } from "./verify";

const REQUIRES = { ...NORTHWIND, name: "Northwind requiring signed cards", requireSignedCard: true };
const JKU = "https://contoso.example/.well-known/jwks.json";

let key: TestKey;
let signedText: string;
beforeAll(async () => {
  key = await makeTestKey("contoso-2026");
  signedText = JSON.stringify(await signCard(CARD, key, { jku: JKU }), null, 2);
});

const decisionsOf = (r: ReturnType<typeof review>) => Object.fromEntries(r.decisions.map((d) => [d.taskClass, d.decision]));
const signatureProblems = (r: ReturnType<typeof review>) => r.validity.problems.filter((p) => p.code.startsWith("signature"));

describe("a review of a signed card", () => {
  it("without a report: the card stays valid, each signature a warning that it has not been checked", () => {
    const r = review(signedText, NORTHWIND);
    expect(r.validity.valid).toBe(true);
    expect(r.validity.signature).toMatchObject({ status: "unverifiable", total: 1 });
    const [problem, ...rest] = signatureProblems(r);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ severity: "warning", code: "signatureUnverifiable", pointer: "/signatures/0" });
    expect(describeProblem(problem!)).toBe(
      "The card is signed, but the signature at /signatures/0 cannot be verified: it has not been checked: supply the signer's public key to check it.",
    );
    // Not required: the signature decides nothing (the same decisions as the card without it).
    expect(decisionsOf(r)).toEqual(decisionsOf(review(JSON.stringify(CARD), NORTHWIND)));
    expect(r.decisions.every((d) => d.findings.find((f) => f.invariant === "signed-card")?.status === "not-applicable")).toBe(true);
  });

  it("checked without any key: the warning names the key that would check it (kid, and the key set its jku names)", async () => {
    const r = review(signedText, NORTHWIND, { signatures: await verifyCardSignatures(signedText) });
    expect(describeProblem(signatureProblems(r)[0]!)).toBe(
      `The card is signed, but the signature at /signatures/0 cannot be verified: the key set at ${JKU} has not been fetched (Parley fetches a card's key set only when asked: --fetch-jku in the CLI, "Fetch key set" in the workspace): fetch it, or supply the public key with kid "contoso-2026" (published in the key set at ${JKU}).`,
    );
  });

  it("with a report that verifies: no signature warning, the summary says signed and valid, and a client that requires signatures accepts", async () => {
    const report = await verifyCardSignatures(signedText, { keys: key.publicJwk });
    const r = review(signedText, REQUIRES, { signatures: report });
    expect(signatureProblems(r)).toEqual([]);
    expect(r.validity.signature?.status).toBe("valid");
    expect(describeSignatureReport(r.validity.signature!)).toBe(
      'Signed and valid (one signature). Signature 1 (ES256, kid "contoso-2026"): it verifies with the key you supplied.',
    );
    expect(decisionsOf(r)["request-response"]).toBe("accept");
    expect(r.decisions[0]?.findings.find((f) => f.invariant === "signed-card")?.status).toBe("holds");
  });

  it("a tampered card: a loud warning at /signatures/0, and every task class rejected by signed-card for a client that requires signatures", async () => {
    const tampered = signedText.replace("https://agents.contoso.example/a2a", "https://evil.example/a2a");
    const report = await verifyCardSignatures(tampered, { keys: key.publicJwk });
    const r = review(tampered, REQUIRES, { signatures: report });
    const [problem] = signatureProblems(r);
    expect(problem).toMatchObject({ code: "signatureInvalid", pointer: "/signatures/0", severity: "warning" });
    expect(describeProblem(problem!)).toContain("Do not trust what this card says");
    expect(Object.values(decisionsOf(r))).toEqual(["reject", "reject", "reject", "reject", "reject"]);
    for (const d of r.decisions) {
      expect(d.reasons).toContainEqual(expect.objectContaining({ reason: "requiredPathCut", invariant: "signed-card" }));
    }
    expect(explainReason(r.decisions[0]!.reasons.find((x) => x.invariant === "signed-card")!)).toBe(
      "signed-card cuts every request (the client does not trust the card), which request-response requires.",
    );
  });

  it("an unsigned card, for a client that requires signatures: rejected, though valid and with no signature warning", () => {
    const r = review(JSON.stringify(CARD), REQUIRES);
    expect(r.validity.signature).toBeUndefined();
    expect(signatureProblems(r)).toEqual([]);
    expect(Object.values(decisionsOf(r))).toEqual(["reject", "reject", "reject", "reject", "reject"]);
  });

  it("no condition of validity lifts it: a renegotiable client, another discovery channel, a stale card", () => {
    const r = review(signedText, { ...REQUIRES, fixed: false }, { context: { outOfBandCapabilityExchange: true, priorTaskHistory: true, cardKnownStale: true, serverKnownGood: true } });
    expect(Object.values(decisionsOf(r))).toEqual(["reject", "reject", "reject", "reject", "reject"]);
    expect(r.decisions[0]?.target).toBe("server");
    expect(r.decisions[0]?.reasons[0]?.data.notApplied).toEqual(["renegotiableClient", "otherDiscoveryChannel", "staleCard"]);
  });

  it("a report made for another card is not taken for this one's (it is reported not checked)", async () => {
    const twoSigned = await signCard(await signCard(CARD, key), key);
    const reportForTwo = await verifyCardSignatures(twoSigned, { keys: key.publicJwk });
    const r = review(signedText, REQUIRES, { signatures: reportForTwo });
    expect(r.validity.signature?.signatures.map((s) => s.reason)).toEqual(["notChecked"]);
    expect(decisionsOf(r)["request-response"]).toBe("reject");
    const unsignedReport = await verifyCardSignatures(JSON.stringify(CARD));
    expect(review(signedText, NORTHWIND, { signatures: unsignedReport }).validity.signature?.status).toBe("unverifiable");
  });

  it("a malformed signature is invalid, whatever the keys", async () => {
    const cardText = JSON.stringify({ ...CARD, signatures: [{ protected: "%%%", signature: "abc" }] });
    const r = review(cardText, NORTHWIND, { signatures: await verifyCardSignatures(cardText) });
    expect(r.validity.signature?.status).toBe("invalid");
    expect(describeProblem(signatureProblems(r)[0]!)).toBe(
      'The signature at /signatures/0 is invalid: it is not a well-formed JWS: "protected" is not a base64url-encoded JSON object. Do not trust what this card says until a signature on it verifies.',
    );
  });

  it("the spec's 1.0 sample card: unverifiable, naming key-1 at example.com", async () => {
    const cardText = readCorpusCard("a2a-spec-main-geospatial.json");
    const report = await verifyCardSignatures(cardText, { fetchJwks: () => Promise.reject(Object.assign(new Error(), { code: "notFound" })) });
    const r = review(cardText, NORTHWIND, { signatures: report });
    expect(describeProblem(signatureProblems(r)[0]!)).toBe(
      'The card is signed, but the signature at /signatures/0 cannot be verified: the key set at https://example.com/agent/jwks.json could not be fetched (it answered 404: nothing is published there): supply the public key with kid "key-1" (published in the key set at https://example.com/agent/jwks.json).',
    );
  });
});
