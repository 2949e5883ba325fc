import { describe, expect, it } from "vitest";
import type { DecisionKind, ReasonId } from "../decision-types";
import { INVARIANT_IDS } from "../invariants";
import type { RuleException } from "../invariants/types";
import { BUILT_IN_TASK_CLASS_IDS } from "../task-classes";
import { buildRulePage, CONDITIONS, listRulePageIds, RULE_DOCS, type ConditionId, type RulePage } from "./index";

const pages = INVARIANT_IDS.map((id) => [id, buildRulePage(id) as RulePage] as const);

describe("rule pages registry", () => {
  it("has page data for every invariant, in INVARIANT_IDS order, and nothing else", () => {
    expect(Object.keys(RULE_DOCS)).toEqual([...INVARIANT_IDS]);
    expect(listRulePageIds()).toEqual([...INVARIANT_IDS]);
    for (const [id, page] of pages) {
      expect(page?.id).toBe(id);
      expect(RULE_DOCS[id].id).toBe(id);
    }
  });

  it.each(["nope", "__proto__", "constructor", "", "LIVE-INPUT-NEEDS-STREAMING", "live-input-needs-streaming/"])(
    "has no page for %j",
    (id) => {
      expect(buildRulePage(id)).toBeUndefined();
    },
  );
});

describe.each(pages)("rule page %s", (id, page) => {
  it("says why, from the rule for the rule's three and from Parley for its own", () => {
    const fromRule = ["live-input-needs-streaming", "push-callback-mtls", "resubscribe-only-output"].includes(id);
    expect(page.doc.why.source).toBe(fromRule ? "rule" : "parley");
    expect(page.meta.specRef).toMatch(fromRule ? /^docs\/rule\.md#invariant-[123]-/ : /^docs\/rule\.md#/);
    expect(page.doc.why.paragraphs.join(" ").length).toBeGreaterThan(100);
  });

  it("concerns its focus task class", () => {
    expect(page.concerns.map((t) => t.id)).toContain(page.doc.focusTaskClass);
  });

  it.each(["failing", "passing"] as const)("%s example: a valid card, claims for every built-in task class, all proven by review()", (which) => {
    const result = page[which];
    expect(result.review.validity.valid).toBe(true);
    expect(result.review.inputErrors).toBeUndefined();
    expect(Object.keys(result.example.claims).sort()).toEqual([...BUILT_IN_TASK_CLASS_IDS].sort());
    const actual = Object.fromEntries(result.review.decisions.map((d) => [d.taskClass, d.decision]));
    expect(actual).toEqual(result.example.claims);
    expect(result.decisionMap).toEqual(result.example.claims);
  });

  it("failing example: rejects the focus task class because of this invariant", () => {
    const row = page.failing.decisions.find((d) => d.taskClass === page.doc.focusTaskClass);
    expect(row?.decision.decision).toBe("reject");
    expect(row?.rules).toContain(id);
    expect(row?.decision.findings.find((f) => f.invariant === id)?.status).toBe("violated");
  });

  it("passing example: this invariant cuts nothing for any task class", () => {
    for (const d of page.passing.review.decisions) {
      expect(d.findings.find((f) => f.invariant === id)?.status).not.toBe("violated");
    }
  });

  it("lists the general conditions of validity", () => {
    expect(page.doc.conditions).toEqual(
      expect.arrayContaining(["renegotiable-client", "honored-extension", "out-of-band-exchange", "prior-task-history", "stale-card"]),
    );
    expect(new Set(page.doc.conditions).size).toBe(page.doc.conditions.length);
  });
});

/**
 * What each condition of validity must turn the failing example's rejection into, from DESIGN.md's
 * decision model (point 5 and 6), written independently of the engine.
 */
const EXPECTED: Record<ConditionId, { decision: DecisionKind; reason?: ReasonId; target?: "card"; exception?: RuleException }> = {
  "renegotiable-client": { decision: "defer", reason: "renegotiableClient" },
  "honored-extension": { decision: "escalate", reason: "honoredExtension" },
  "out-of-band-exchange": { decision: "defer", reason: "otherDiscoveryChannel" },
  "prior-task-history": { decision: "defer", reason: "otherDiscoveryChannel" },
  "stale-card": { decision: "reject", reason: "staleCard", target: "card" },
  "fire-and-forget": { decision: "accept", reason: "noViolation" },
  "client-polls": { decision: "accept-degraded", reason: "optionalPathCut" },
  "client-buffers": { decision: "accept", reason: "noViolation", exception: "client-buffers" },
  "client-configurable-mtls": { decision: "accept", reason: "noViolation", exception: "client-configurable" },
  "documented-fallback": { decision: "accept", reason: "noViolation", exception: "documented-fallback" },
};

/**
 * Conditions that cannot change an invariant's failing example (DESIGN 6: each condition changes
 * only the cuts it can fix): a renegotiating client cannot make a server stream or speak another
 * binding; only the rule's own contradictions escalate.
 */
const CANNOT: Partial<Record<string, ConditionId[]>> = {
  "resubscribe-only-output": ["renegotiable-client"],
  "shared-transport": ["renegotiable-client", "honored-extension"],
  "required-extensions": ["renegotiable-client", "honored-extension"],
  "security-satisfiable": ["renegotiable-client", "honored-extension"],
  "input-modes": ["honored-extension"],
  "output-modes": ["honored-extension"],
  "stream-channel-available": ["renegotiable-client", "honored-extension"],
  "completion-channel-available": ["renegotiable-client", "honored-extension"],
  // The client's own policy: nothing to acquire, no contradiction, no claim of the card to override.
  "signed-card": ["renegotiable-client", "honored-extension", "out-of-band-exchange", "prior-task-history", "stale-card"],
};

const rows = pages.flatMap(([id, page]) => page.conditions.map((row) => [id, row.condition.id, row] as const));

describe("conditions of validity, computed per rule page", () => {
  it.each(rows)("%s under %s", (id, conditionId, row) => {
    const cannot = CANNOT[id]?.includes(conditionId) === true;
    const expected = cannot ? { decision: "reject" as const, reason: "requiredPathCut" as const } : EXPECTED[conditionId];
    expect(row.applies).toBe(!cannot);
    expect(row.before.decision).toBe("reject");
    expect(row.after.decision).toBe(expected.decision);
    expect(row.after.reasons.map((r) => r.reason)).toContain(expected.reason);
    if (expected.target) expect(row.after.target).toBe(expected.target);
    const finding = row.after.findings.find((f) => f.invariant === id);
    if (expected.exception) expect(finding?.exception).toBe(expected.exception);
    if (conditionId === "fire-and-forget") expect(finding?.status).toBe("not-applicable");
    expect(row.inputs.changes.length).toBeGreaterThan(0);
  });

  it("applies the specific exceptions where they belong", () => {
    const where = (c: ConditionId) => pages.filter(([, p]) => p.doc.conditions.includes(c)).map(([id]) => id);
    expect(where("client-buffers")).toEqual(["live-input-needs-streaming"]);
    expect(where("client-configurable-mtls")).toEqual(["push-callback-mtls"]);
    expect(where("documented-fallback")).toEqual(["resubscribe-only-output"]);
    expect(where("fire-and-forget")).toEqual(["push-callback-mtls", "completion-channel-available"]);
  });

  it("names every condition it defines", () => {
    for (const [key, def] of Object.entries(CONDITIONS)) {
      expect(def.id).toBe(key);
      expect(def.title).not.toBe("");
      expect(def.ruleText).toMatch(/\.$/);
    }
  });
});
