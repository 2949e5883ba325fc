import { describe, expect, it } from "vitest";
import type { Finding } from "../invariants/types";
import { explainFinding, findingExplainer } from "./findings";

/** Two task classes' findings of one card fact: one data object, as the invariants share it. */
function pair(invariant: Finding["invariant"], messageId: string, data: Finding["data"]): [Finding, Finding] {
  const base = { invariant, status: "violated" as const, messageId, data, evidence: [] };
  return [
    { ...base, taskClass: "live-input" },
    { ...base, taskClass: "long-running" },
  ];
}

describe("findingExplainer (a review's findings worded once each)", () => {
  it("gives each task class its own message when the template names the class", () => {
    const explain = findingExplainer();
    const [a, b] = pair("completion-channel-available", "pushOnlyNotOffered", {});
    expect(explain(a)).toBe(explainFinding(a));
    expect(explain(b)).toBe(explainFinding(b));
    expect(explain(b)).toContain("long-running");
    expect(explain(b)).not.toContain("live-input");
  });

  it("words a message that does not name the class the same for every class that shares it", () => {
    const explain = findingExplainer();
    const [a, b] = pair("shared-transport", "sharedBinding", { url: "https://a.example/rpc", binding: "JSONRPC", version: "1.0" });
    expect(explain(a)).toBe(explainFinding(a));
    expect(explain(b)).toBe(explainFinding(b));
  });

  it("never answers one finding with another's message: other id, other data, or data naming the class", () => {
    const explain = findingExplainer();
    // Data that fills both templates, so only the message id tells them apart.
    const data = { url: "https://a.example/rpc", binding: "JSONRPC", version: "1.0", bindings: "JSONRPC", cardVersions: "0.3", clientVersions: "1.0" };
    const [a] = pair("shared-transport", "sharedBinding", data);
    const other: Finding = { ...a, messageId: "noSharedVersionUnstated", data };
    const changed: Finding = { ...a, data: { ...data, url: "https://b.example/rpc" } };
    explain(a);
    expect(explain(other)).toBe(explainFinding(other));
    expect(explain(other)).not.toBe(explain(a));
    expect(explain(changed)).toContain("https://b.example/rpc");
    const [c, d] = pair("completion-channel-available", "pushOnlyNotOffered", { taskClass: "a class of its own" });
    expect(explain(c)).toBe(explain(d));
    expect(explain(d)).toContain("a class of its own");
  });
});
