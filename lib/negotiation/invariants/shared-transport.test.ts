import { describe, expect, it } from "vitest";
import { NORTHWIND } from "../profile";
import { BUILT_IN_TASK_CLASS_IDS } from "../task-classes";
import { sharedTransport as inv } from "./shared-transport";
import { makeCard } from "./test-card";
import { runCheck } from "./test-helpers";

const iface = (binding: string, i = 0) => ({ url: `https://a.example/${i}`, binding, pointer: `/supportedInterfaces/${i}` });

describe("shared-transport", () => {
  const cases = [
    { name: "shared JSONRPC", card: makeCard(), transports: ["JSONRPC"], status: "holds", messageId: "sharedBinding" },
    { name: "case-insensitive binding", card: makeCard({ interfaces: [iface("grpc")] }), transports: ["GRPC"], status: "holds", messageId: "sharedBinding" },
    { name: "one of several interfaces shared", card: makeCard({ interfaces: [iface("GRPC"), iface("HTTP+JSON", 1)] }), transports: ["http+json"], status: "holds", messageId: "sharedBinding" },
    { name: "no shared binding", card: makeCard({ interfaces: [iface("GRPC")] }), transports: ["JSONRPC"], status: "violated", messageId: "noSharedBinding" },
    { name: "client speaks nothing", card: makeCard(), transports: [], status: "violated", messageId: "noSharedBinding" },
    { name: "profile does not say", card: makeCard(), transports: undefined, status: "not-evaluated", messageId: "transportsUnknown", missing: ["/transports"] },
    { name: "card names no endpoint", card: makeCard({ interfaces: [] }), transports: ["JSONRPC"], status: "not-evaluated", messageId: "noInterfaces" },
  ] as const;

  it.each(cases)("$name → $status ($messageId)", (c) => {
    const profile = { ...NORTHWIND, transports: c.transports === undefined ? undefined : [...c.transports] };
    const f = runCheck(inv, c.card, profile, "request-response");
    expect(f.status).toBe(c.status);
    expect(f.messageId).toBe(c.messageId);
    expect(f.missing).toEqual("missing" in c ? c.missing : undefined);
    expect(f.cuts).toEqual(c.status === "violated" ? { kind: "transport" } : undefined);
  });

  it("names both sides' bindings when none is shared", () => {
    const f = runCheck(inv, makeCard({ interfaces: [iface("GRPC"), iface("grpc", 1)] }), NORTHWIND, "live-input");
    expect(f.data).toEqual({ cardBindings: ["GRPC"], clientTransports: ["JSONRPC"] });
  });

  it.each(BUILT_IN_TASK_CLASS_IDS)("concerns %s", (id) => {
    expect(runCheck(inv, makeCard({ interfaces: [iface("GRPC")] }), NORTHWIND, id).status).toBe("violated");
  });
});
