import { describe, expect, it } from "vitest";
import { review } from "./review";
import { findPreset, NORTHWIND, type ClientProfile } from "./profile";

/**
 * Issue 39: what the client does with the card is the client's. Each case is a decision that a
 * profile's card-reading fields move, checked against what the SDKs' code does.
 */
const card10 = (interfaces: Array<Record<string, string>>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    name: "Voice desk",
    description: "Takes audio.",
    version: "1.0.0",
    supportedInterfaces: interfaces,
    capabilities: { streaming: false, pushNotifications: false },
    defaultInputModes: ["text/plain", "audio/pcm"],
    defaultOutputModes: ["text/plain"],
    skills: [{ id: "s", name: "S", description: "d", tags: ["t"] }],
    ...extra,
  });
const decisionOf = (card: string, profile: ClientProfile, taskClass: string) => review(card, profile, { taskClasses: [taskClass] }).decisions[0]!;
const calledUrl = (card: string, profile: ClientProfile) =>
  review(card, profile, { taskClasses: ["request-response"] }).decisions[0]!.findings.find((f) => f.invariant === "shared-transport")!.data.url;

describe("which interface the client calls: per binding, exactly 1.0 first, as both SDKs pick", () => {
  const both: ClientProfile = { ...NORTHWIND, protocolVersions: ["1.0", "0.3"] };
  // A 0.3 JSON-RPC entry before a 1.0 one: the SDKs call the 1.0 one, where the rule binds.
  const zeroThreeFirst = card10([
    { url: "https://old.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "0.3" },
    { url: "https://new.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
  ]);

  it("calls the exactly-1.0 entry, not the first in card order, and rejects live audio there", () => {
    expect(calledUrl(zeroThreeFirst, both)).toBe("https://new.example/a2a");
    const d = decisionOf(zeroThreeFirst, both, "live-input");
    expect(d.decision).toBe("reject");
    expect(d.reasons.map((r) => r.invariant)).toContain("live-input-needs-streaming");
  });

  it("a client that takes the first in card order talks 0.3, where capability fields were advisory: defer", () => {
    const cardOrder: ClientProfile = { ...both, interfaceChoice: "card-order" };
    expect(calledUrl(zeroThreeFirst, cardOrder)).toBe("https://old.example/a2a");
    expect(decisionOf(zeroThreeFirst, cardOrder, "live-input").decision).toBe("defer");
  });

  it.each([
    ["exactly 1.0 wins over earlier entries", ["0.3", "1.0.0", "1.0"], "https://i2.example/a2a"],
    ["no exact 1.0: a newer one, then the first at 0.3 or later", ["0.3", "1.1"], "https://i1.example/a2a"],
    ['"1.0.0" is not exactly "1.0": the first at 0.3 or later', ["0.3", "1.0.0"], "https://i0.example/a2a"],
  ])("%s", (_label, versions, url) => {
    const card = card10(versions.map((v, i) => ({ url: `https://i${i}.example/a2a`, protocolBinding: "JSONRPC", protocolVersion: v })));
    expect(calledUrl(card, { ...NORTHWIND, protocolVersions: ["1.0", "0.3", "1.1"] })).toBe(url);
  });

  it("the binding is the first the client speaks in card order; the exact-1.0 rule applies within it", () => {
    const card = card10([
      { url: "https://rest.example/a2a", protocolBinding: "HTTP+JSON", protocolVersion: "0.3" },
      { url: "https://rpc.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" },
    ]);
    expect(calledUrl(card, findPreset("a2a-python")!)).toBe("https://rpc.example/a2a");
    expect(calledUrl(card, { ...findPreset("a2a-js")!, protocolVersions: ["1.0", "0.3"] })).toBe("https://rest.example/a2a");
  });
});

describe("security schemes as each client reads them", () => {
  const iface = [{ url: "https://agent.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" }];
  const withSchemes = (schemes: Record<string, unknown>, requirements: string[][]) =>
    card10(iface, { securitySchemes: schemes, securityRequirements: requirements.map((names) => ({ schemes: Object.fromEntries(names.map((n) => [n, { list: [] }])) })) });
  const pythonSdk = findPreset("a2a-python")!;
  const jsSdk = findPreset("a2a-js")!;

  describe("the JS SDK's internal {$case} shape (what its server sends from its parsed card)", () => {
    const card = withSchemes({ bearer: { scheme: { $case: "httpAuthSecurityScheme", value: { scheme: "Bearer" } } } }, [["bearer"]]);

    it("is valid, with a warning that it is not ProtoJSON", () => {
      const r = review(card, jsSdk);
      expect(r.validity.valid).toBe(true);
      expect(r.validity.problems.map((p) => p.code)).toContain("jsSdkSchemeShape");
    });

    it("the JS SDK client reads it and authenticates: accept", () => {
      expect(decisionOf(card, jsSdk, "request-response").decision).toBe("accept");
    });

    it("the Python SDK client ignores it and sends no credentials: reject, naming the scheme", () => {
      const d = decisionOf(card, pythonSdk, "request-response");
      expect(d.decision).toBe("reject");
      const finding = d.findings.find((f) => f.invariant === "security-satisfiable")!;
      expect(finding.status).toBe("violated");
      expect(finding.data.lacking).toEqual(["bearer (unread JS SDK $case shape)"]);
    });

    it("the same scheme in ProtoJSON: both accept", () => {
      const proto = withSchemes({ bearer: { httpAuthSecurityScheme: { scheme: "Bearer" } } }, [["bearer"]]);
      expect(decisionOf(proto, pythonSdk, "request-response").decision).toBe("accept");
      expect(review(proto, pythonSdk).validity.problems.map((p) => p.code)).not.toContain("jsSdkSchemeShape");
    });
  });

  describe("an unknown scheme kind is an unknown field: a warning, and the scheme unreadable", () => {
    const kerberos = { kerberosSecurityScheme: { realm: "EXAMPLE" } };

    it("the card stays valid", () => {
      const r = review(withSchemes({ k: kerberos }, [["k"]]), jsSdk);
      expect(r.validity.valid).toBe(true);
      expect(r.validity.problems.find((p) => p.code === "unknownSecuritySchemeKind")?.severity).toBe("warning");
    });

    it("the only alternative needs it: unclear, so defer", () => {
      const d = decisionOf(withSchemes({ k: kerberos }, [["k"]]), jsSdk, "request-response");
      expect(d.decision).toBe("defer");
      expect(d.reasons.map((r) => r.reason)).toEqual(["cardUnclear"]);
    });

    it("another alternative the client can meet: accept", () => {
      const card = withSchemes({ k: kerberos, bearer: { httpAuthSecurityScheme: { scheme: "Bearer" } } }, [["k"], ["bearer"]]);
      expect(decisionOf(card, jsSdk, "request-response").decision).toBe("accept");
    });
  });
});
