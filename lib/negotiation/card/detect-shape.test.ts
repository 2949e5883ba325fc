import { describe, expect, it } from "vitest";
import { detectShape, versionMajorMinor } from "./detect-shape";
import type { CardShape } from "./model";

const core = { name: "A", capabilities: {}, skills: [], defaultInputModes: ["text/plain"], defaultOutputModes: ["text/plain"] };
const iface = { url: "https://a.example/a2a", protocolBinding: "JSONRPC", protocolVersion: "1.0" };

describe("detectShape", () => {
  it.each<[string, unknown, CardShape]>([
    ["1.0: supportedInterfaces of objects", { ...core, supportedInterfaces: [iface] }, "1.0"],
    ["1.0 with a stale `security` stays 1.0", { ...core, supportedInterfaces: [iface], security: [{ a: [] }] }, "1.0"],
    ["1.0 draft protocolVersions", { ...core, supportedInterfaces: [iface], protocolVersions: ["1.0"] }, "1.0"],
    ["1.0 with no endpoint but a 1.x version", { ...core, protocolVersion: "1.0" }, "1.0"],
    ["1.0 with an empty supportedInterfaces", { ...core, supportedInterfaces: [] }, "1.0"],
    ["core fields and nothing else read as 1.0", core, "1.0"],
    ["hybrid: interfaces + url", { ...core, supportedInterfaces: [iface], url: "https://a.example" }, "hybrid"],
    ["hybrid: interfaces + preferredTransport", { ...core, supportedInterfaces: [iface], preferredTransport: "JSONRPC" }, "hybrid"],
    ["hybrid: interfaces + additionalInterfaces", { ...core, supportedInterfaces: [iface], additionalInterfaces: [] }, "hybrid"],
    ["hybrid: interfaces + card-level protocolVersion", { ...core, supportedInterfaces: [iface], protocolVersion: "0.3.0" }, "hybrid"],
    ["hybrid: interfaces + supportsAuthenticatedExtendedCard", { ...core, supportedInterfaces: [iface], supportsAuthenticatedExtendedCard: true }, "hybrid"],
    ["0.3: url + preferredTransport", { ...core, url: "https://a.example", preferredTransport: "JSONRPC" }, "0.3"],
    ["0.3: url + additionalInterfaces", { ...core, url: "https://a.example", additionalInterfaces: [] }, "0.3"],
    ["0.3: url + protocolVersion 0.3.0", { ...core, url: "https://a.example", protocolVersion: "0.3.0" }, "0.3"],
    ["0.3: 0.3-shaped card claiming 1.0", { ...core, url: "https://a.example", protocolVersion: "1.0" }, "0.3"],
    ["0.3: declares 0.2.9 but has signatures", { ...core, url: "https://a.example", protocolVersion: "0.2.9", signatures: [] }, "0.3"],
    ["0.3: a mutualTLS scheme", { ...core, url: "https://a.example", securitySchemes: { m: { type: "MutualTLS" } } }, "0.3"],
    ["0.3: ProtoJSON wrapper-keyed schemes", { ...core, url: "https://a.example", securitySchemes: { k: { apiKeySecurityScheme: {} } } }, "0.3"],
    ["0.2: url alone", { ...core, url: "https://a.example" }, "0.2"],
    ["0.2: protocolVersion 0.2.5", { ...core, url: "https://a.example", protocolVersion: "0.2.5", preferredTransport: "JSONRPC" }, "0.2"],
    ["0.2: version without url", { ...core, protocolVersion: "0.2.5" }, "0.2"],
    ["0.1: authentication + url", { ...core, url: "https://a.example", authentication: { schemes: ["Bearer"] } }, "0.1"],
    ["0.1: authentication object without url", { ...core, authentication: { schemes: ["Bearer"] } }, "0.1"],
    ["0.1: declared 0.1.0", { ...core, url: "https://a.example", protocolVersion: "0.1.0" }, "0.1"],
    ["unknown: authentication without url (AHP)", { name: "AHP", capabilities: [], authentication: "none" }, "unknown"],
    ["unknown: no name (PubNub)", { identity: {}, capabilities: {}, skills: [] }, "unknown"],
    ["unknown: empty object", {}, "unknown"],
    ["unknown: array", [core], "unknown"],
    ["unknown: null", null, "unknown"],
    ["unknown: string", "card", "unknown"],
  ])("%s", (_label, value, shape) => {
    expect(detectShape(value)).toBe(shape);
  });
});

describe("versionMajorMinor", () => {
  it.each<[unknown, { major: number; minor: number } | undefined]>([
    ["1.0", { major: 1, minor: 0 }],
    ["1.0.1", { major: 1, minor: 0 }],
    ["0.3.0", { major: 0, minor: 3 }],
    [" 0.2 ", { major: 0, minor: 2 }],
    [1.0, { major: 1, minor: 0 }],
    [0.3, { major: 0, minor: 3 }],
    ["v1", undefined],
    ["", undefined],
    ["1", undefined],
    [null, undefined],
  ])("%j → %j", (input, expected) => {
    expect(versionMajorMinor(input)).toEqual(expected);
  });
});
