import { describe, expect, it } from "vitest";
import { BUILT_IN_TASK_CLASS_IDS, describeLintStatus, describeLiveProblem, describePresetLint, LIVE_PROBLEM_CODES, lintCard, lintFails, PRESET_IDS, type LiveInterface, type LiveObservation, type LiveProblemCode } from ".";
import { CONTOSO as CONTOSO_EXAMPLE } from "./examples/incidents";
import { makeTestKey, signCard, UNSIGNED_TEST_CARD } from "./signatures/test-sign";

/** A plain text agent: valid, unsigned, no security, one JSON-RPC interface. */
const TEXT_DESK = JSON.stringify(UNSIGNED_TEST_CARD, null, 2);
/** Contoso's incident card: secured (API key), audio input, no streaming. */
const CONTOSO = CONTOSO_EXAMPLE.text;
/** A card whose streaming flag is a string and whose only endpoint is a template. */
const BROKEN = textDesk((c) => {
  c.capabilities.streaming = "yes";
  c.supportedInterfaces[0]!.url = "https://{{AGENT_HOST}}/a2a";
});

/** A card being edited by a test: the lists and objects its edits reach into. */
interface CardDraft {
  [key: string]: unknown;
  skills: Array<Record<string, unknown>>;
  supportedInterfaces: Array<Record<string, unknown>>;
  capabilities: Record<string, unknown>;
}

/** The text desk with one change made by `edit` (a card its author got slightly wrong). */
function textDesk(edit: (card: CardDraft) => void): string {
  const card = JSON.parse(TEXT_DESK);
  edit(card);
  return JSON.stringify(card, null, 2);
}

describe("lintCard: a card on its own", () => {
  it("summarizes every preset, each decided for every built-in class, with its worst outcome", () => {
    const lint = lintCard(CONTOSO);
    expect(lint.presets.map((p) => p.id)).toEqual([...PRESET_IDS]);
    for (const p of lint.presets) expect(p.decisions.map((d) => d.taskClass)).toEqual([...BUILT_IN_TASK_CLASS_IDS]);
    expect(lint.status).toBe("clean");
    expect(lint.valid).toBe(true);
    const full = lint.presets.find((p) => p.id === "full-sdk")!;
    expect(full.worst).toBe("accept-degraded");
    expect(full.decisions.find((d) => d.taskClass === "streaming-output")).toMatchObject({ decision: "accept-degraded", rules: ["stream-channel-available"] });
    const northwind = lint.presets.find((p) => p.id === "northwind")!;
    expect(northwind.decisions.find((d) => d.taskClass === "live-input")).toMatchObject({ decision: "reject", outcome: "reject", rules: ["live-input-needs-streaming"] });
  });

  it("keeps a class the preset's client cannot perform apart from a rejection, and out of the worst", () => {
    const lint = lintCard(TEXT_DESK);
    const python = lint.presets.find((p) => p.id === "a2a-python")!;
    const live = python.decisions.find((d) => d.taskClass === "live-input")!;
    expect(live).toMatchObject({ decision: "reject", target: "client", outcome: "not-for-client" });
    // The text desk works for the Python client: the class it cannot do itself makes it no worse.
    expect(python.worst).toBe("accept");
    expect(describePresetLint(python)).toBe("A2A Python SDK client: worst accept; live-input not for this client (input-modes).");
  });

  it("an invalid card: its errors, and every preset rejects it aimed at the card", () => {
    const lint = lintCard(BROKEN);
    expect(lint.status).toBe("invalid");
    expect(lint.valid).toBe(false);
    expect(lint.errors.length).toBeGreaterThan(0);
    expect(lint.errors.every((p) => p.severity === "error")).toBe(true);
    expect(lint.warnings.every((p) => p.severity === "warning")).toBe(true);
    for (const p of lint.presets) {
      expect(p.worst).toBe("reject");
      expect(p.decisions.every((d) => d.decision === "reject" && d.target === "card")).toBe(true);
    }
    expect(lintFails(lint)).toBe(true);
    expect(describeLintStatus(lint.status)).toMatch(/a conforming client refuses it/);
  });

  it("text that is not JSON is an invalid card with its position, never a throw", () => {
    const lint = lintCard('{"name": "x",\n  "skills": [}');
    expect(lint.status).toBe("invalid");
    expect(lint.errors[0]).toMatchObject({ code: "notJson", position: { line: 2 } });
    expect(lint.name).toBeNull();
    expect(lint.presets).toHaveLength(PRESET_IDS.length);
  });

  // What real SDKs trip on: the review's own problem codes, read here by severity, never detected again.
  it.each([
    ["a mode only a skill lists", "skillOnlyInputMode", (c: CardDraft) => (c.skills[0]!.inputModes = ["text/plain", "image/png"])],
    ["an interface protocolVersion with patch digits", "interfaceVersionPatchDigits", (c: CardDraft) => (c.supportedInterfaces[0]!.protocolVersion = "1.0.0")],
    ["a 0.3 field in a 1.0 card", "legacySecurityField", (c: CardDraft) => (c.security = [{ key: [] }])],
    ["a card-level protocolVersion in a 1.0 card", "cardLevelProtocolVersion", (c: CardDraft) => (c.protocolVersion = "1.0")],
  ])("reports %s (%s) where the review does", (_what, code, edit) => {
    const lint = lintCard(textDesk(edit));
    const problem = [...lint.errors, ...lint.warnings].find((p) => p.code === code);
    expect(problem, `${code} among ${[...lint.errors, ...lint.warnings].map((p) => p.code).join(", ")}`).toBeDefined();
    expect(lint.status).toBe(problem!.severity === "error" ? "invalid" : "warnings");
    expect(lintFails(lint, "warning")).toBe(true);
    expect(lintFails(lint)).toBe(problem!.severity === "error");
  });

  it("says whether the card is signed, and what its signatures came to", async () => {
    expect(lintCard(TEXT_DESK).signature).toEqual({ status: "unsigned" });
    const signed = lintCard(JSON.stringify(await signCard(UNSIGNED_TEST_CARD, await makeTestKey())));
    // No report given: every signature "not checked", so the card is unverifiable (not invalid).
    expect(signed.signature.status).toBe("unverifiable");
    expect(signed.signature.report?.signatures[0]?.reason).toBe("notChecked");
  });
});

const IFACE: LiveInterface = { index: 0, pointer: "/supportedInterfaces/0", url: "https://agents.fabrikam.example/a2a", binding: "JSONRPC", version: "1.0", picked: true, reachable: true };

function live(observation: Partial<LiveObservation>, card = TEXT_DESK) {
  return lintCard(card, { live: { interfaces: [], refused: [], ...observation } });
}

describe("lintCard: the live check's observations as problems", () => {
  it.each<[string, Partial<LiveInterface>, LiveProblemCode, string]>([
    ["nothing behind the URL", { reachable: false, failure: { kind: "notFound", detail: "HTTP 404", status: 404 } }, "liveInterfaceUnreachable", "/supportedInterfaces/0/url"],
    ["a refused connection", { reachable: false, failure: { kind: "refused", detail: "ECONNREFUSED" } }, "liveInterfaceUnreachable", "/supportedInterfaces/0/url"],
    ["a refused version", { reachable: false, failure: { kind: "versionNotSupported", detail: "VersionNotSupported" } }, "liveVersionRefused", "/supportedInterfaces/0/protocolVersion"],
    ["an unknown method", { reachable: false, failure: { kind: "methodNotFound", detail: "-32601" } }, "liveBindingRefused", "/supportedInterfaces/0/protocolBinding"],
    ["credentials on a card that declares none", { reachable: false, failure: { kind: "unauthorized", detail: "HTTP 401", status: 401 } }, "liveSecurityUndeclared", "/securitySchemes"],
    ["a binding the check does not speak", { binding: "GRPC", reachable: null, failure: { kind: "notProbed", detail: "GRPC" } }, "liveNotProbed", "/supportedInterfaces/0"],
    ["an address Parley refuses", { reachable: null, failure: { kind: "blocked", detail: "a private address" } }, "liveNotCalled", "/supportedInterfaces/0"],
  ])("%s: %s at %s", (_what, change, code, pointer) => {
    const lint = live({ interfaces: [{ ...IFACE, ...change }] });
    expect(lint.live!.problems).toHaveLength(1);
    const problem = lint.live!.problems[0]!;
    expect(problem).toMatchObject({ code, pointer, severity: LIVE_PROBLEM_CODES[code] });
    expect(lint.status).toBe(problem.severity === "error" ? "live-problems" : "clean");
    expect(lintFails(lint)).toBe(problem.severity === "error");
    // Worded in full: no template placeholder left over (strict under test).
    expect(describeLiveProblem(problem)).not.toMatch(/\{\{/);
  });

  it("credentials asked where the card declares them are a note, not a contradiction", () => {
    const lint = live({ interfaces: [{ ...IFACE, reachable: false, failure: { kind: "unauthorized", detail: "HTTP 401", status: 401 } }] }, CONTOSO);
    expect(lint.live!.problems).toMatchObject([{ code: "liveCredentialsNeeded", severity: "note" }]);
    expect(lintFails(lint)).toBe(false);
  });

  it("a dead interface the SDK picks, beside one that answers, says so", () => {
    const lint = live({ interfaces: [{ ...IFACE, reachable: false, failure: { kind: "notFound", detail: "HTTP 404" } }, { ...IFACE, index: 1, pointer: "/supportedInterfaces/1", picked: false }] });
    expect(describeLiveProblem(lint.live!.problems[0]!)).toMatch(/^Interface 0 \(https:\/\/agents\.fabrikam\.example\/a2a\) has nothing behind it \(the SDK picks it and never tries another\); another interface answers: HTTP 404\./);
  });

  it("a refused claim is an error at the capability it contradicts; a check that could not run is a note", () => {
    const refused = live({ interfaces: [IFACE], refused: [{ claim: "streaming", detail: "UnsupportedOperationError" }] });
    expect(refused.live!.problems).toMatchObject([{ code: "liveClaimRefused", pointer: "/capabilities/streaming", severity: "error" }]);
    expect(describeLiveProblem(refused.live!.problems[0]!)).toBe("The card says capabilities.streaming is true, and the agent refused it when asked: UnsupportedOperationError.");
    const notRun = live({ notRun: { reason: "noInterfaces", detail: "The card declares no interface to probe." } });
    expect(notRun.live!.problems).toMatchObject([{ code: "liveNotRun", severity: "note" }]);
    expect(notRun.status).toBe("clean");
  });

  it("an invalid card stays invalid whatever the live check found", () => {
    expect(live({ interfaces: [{ ...IFACE, reachable: false, failure: { kind: "refused", detail: "x" } }] }, BROKEN).status).toBe("invalid");
  });
});
