import { NORTHWIND } from "../../profile";
import { testInvariant } from "../rule-tester";
import { omitFields } from "../test-helpers";
import { makeCard, testInterface } from "../test-card";
import { sharedTransport as inv } from "./index";

const iface = (binding: string, index = 0, url = "https://agent.example/a2a", speaks?: string) => testInterface(binding, index, url, speaks ? { speaks } : {});
const transportsUnknown = omitFields(NORTHWIND, "transports");

testInvariant(inv, {
  taskClass: "request-response",
  valid: [
    { name: "shared JSONRPC", messageId: "sharedBinding", data: { bindings: ["JSONRPC"], url: "https://agent.example/a2a" } },
    { name: "case-insensitive binding", card: makeCard({ interfaces: [iface("GRPC")] }), profile: { ...NORTHWIND, transports: ["grpc"] }, messageId: "sharedBinding" },
    { name: "the first shared interface in the card's order is the one called", card: makeCard({ interfaces: [iface("GRPC", 0, "https://a.example/g"), iface("JSONRPC", 1, "https://a.example/j"), iface("HTTP+JSON", 2, "https://a.example/h")] }), profile: { ...NORTHWIND, transports: ["http+json", "JSONRPC"] }, messageId: "sharedBinding", data: { url: "https://a.example/j" } },
    { name: "concerns every task class (fire-and-forget too)", taskClass: "fire-and-forget", messageId: "sharedBinding" },
    // The 1.0 SDKs walk the card's interfaces in order and take the first whose binding and version they speak.
    {
      name: "the first interface at a version the client speaks is the one called",
      card: makeCard({ interfaces: [iface("JSONRPC", 0, "https://a.example/v03", "0.3"), iface("JSONRPC", 1, "https://a.example/v1", "1.0")] }),
      messageId: "sharedBinding",
      data: { url: "https://a.example/v1", version: "1.0" },
    },
    { name: "a client speaking 0.3 too takes the card's first", card: makeCard({ interfaces: [iface("JSONRPC", 0, "https://a.example/v03", "0.3"), iface("JSONRPC", 1, "https://a.example/v1", "1.0")] }), profile: { ...NORTHWIND, protocolVersions: ["1.0", "0.3"] }, messageId: "sharedBinding", data: { url: "https://a.example/v03" } },
  ],
  invalid: [
    {
      name: "the binding is shared but only at a version the client does not speak; the card states none, and the message says so",
      card: makeCard({ interfaces: [iface("JSONRPC", 0, "https://a.example/v03", "0.3")] }),
      messageId: "noSharedVersionUnstated",
      cuts: { kind: "transport" },
      cause: { acquirable: [], cardClaim: "declarations" },
      data: { cardVersions: ["0.3"], clientVersions: ["1.0"] },
      // No version is written: the interface is shown by its URL, not as a field holding "0.3".
      evidence: { card: ["/supportedInterfaces/0"], profile: ["/protocolVersions"] },
    },
    {
      name: "the evidence points at the version where it is written",
      card: makeCard({
        interfaces: [{ ...iface("JSONRPC", 0, "https://a.example/v03", "0.3"), speaksFrom: { pointer: "/supportedInterfaces/0/protocolVersion", value: "0.3.0" } }],
      }),
      messageId: "noSharedVersion",
      cuts: { kind: "transport" },
      evidence: { card: ["/supportedInterfaces/0/protocolVersion"], profile: ["/protocolVersions"] },
    },
    {
      name: "no shared binding",
      card: makeCard({ interfaces: [iface("GRPC")] }),
      messageId: "noSharedBinding",
      cuts: { kind: "transport" },
      // A client cannot make a server speak another binding, and a missing binding is no contradiction.
      cause: { acquirable: [], cardClaim: "declarations", contradiction: undefined },
      data: { cardBindings: ["GRPC"], clientTransports: ["JSONRPC"] },
      // The binding where it is written, not the interface object.
      evidence: { card: ["/supportedInterfaces/0/protocolBinding"], profile: ["/transports"] },
    },
  ],
  unknown: [
    { name: "transports left out", profile: transportsUnknown, messageId: "transportsUnknown", missing: ["/transports"], atStake: { kind: "transport" } },
    { name: "protocol versions left out", profile: omitFields(NORTHWIND, "protocolVersions"), messageId: "versionsUnknown", missing: ["/protocolVersions"] },
  ],
});
