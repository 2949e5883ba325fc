import { describe, expect, it } from "vitest";
import type { NormalizedCard } from "../card/model";
import type { ReviewContext } from "../context";
import { explainFinding, findingWords, whatWouldChange } from "../explain/findings";
import { renderTemplate } from "../explain/template";
import { NORTHWIND, type ClientProfile } from "../profile";
import { findTaskClass, type Path, type TaskClass } from "../task-classes";
import { makeCard } from "./test-card";
import type { CutCause, EvidenceRef, Finding, FixTemplate, Invariant, MessageData, RuleException } from "./types";
import { fixText } from "./types";

/**
 * A table tester for one invariant, in the spirit of ESLint's RuleTester: `valid` cases hold (or
 * do not apply), `invalid` cases cut a path, `unknown` cases cannot be evaluated for want of a
 * profile field. Beyond each case's own expectations, every case is checked for what any finding
 * owes its reader: a message id the invariant has a template for, every placeholder of that
 * template and of its fixes filled, evidence of the declared sources only, a cut and a cause on
 * every violated finding and on nothing else. Duplicate case names fail the table.
 */
interface BaseCase {
  name: string;
  /** Default: the test card (a valid 1.0 JSON-RPC text card, see test-card.ts). */
  card?: NormalizedCard;
  /** Default: Northwind, a preset that declares every field. */
  profile?: ClientProfile;
  context?: ReviewContext;
  /** Default: the tester's task class. */
  taskClass?: string;
  /** Aim the task class at this skill (a user-defined class may). */
  skill?: string;
  /** Fields a user-defined class would change (completion, its own inputModes/outputModes). */
  classFields?: Partial<Omit<TaskClass, "id">>;
  messageId: string;
  /** Expected data, a subset: only the keys given are compared. */
  data?: Partial<MessageData>;
  /** Expected evidence pointers per source, in order (exact lists). */
  evidence?: Partial<Record<EvidenceRef["source"], string[]>>;
}

export interface ValidCase extends BaseCase {
  status?: "holds" | "not-applicable";
  exception?: RuleException;
}

export interface InvalidCase extends BaseCase {
  cuts: Path;
  /** Expected cause, a subset. */
  cause?: Partial<CutCause>;
}

export interface UnknownCase extends BaseCase {
  missing: string[];
  /** The path at stake, when the case wants to pin it. */
  atStake?: Path;
}

export interface RuleTests {
  taskClass: string;
  valid: ValidCase[];
  invalid: InvalidCase[];
  unknown?: UnknownCase[];
}

function run(invariant: Invariant, c: BaseCase, defaultClass: string): Finding {
  const builtIn = findTaskClass(c.taskClass ?? defaultClass);
  if (!builtIn) throw new Error(`rule tester: no built-in task class ${c.taskClass ?? defaultClass}`);
  const taskClass = { ...builtIn, ...c.classFields, ...(c.skill === undefined ? {} : { skill: c.skill }) };
  return invariant.check({ card: c.card ?? makeCard(), profile: c.profile ?? NORTHWIND, context: c.context ?? {}, taskClass });
}

function checkCommon(invariant: Invariant, c: BaseCase, finding: Finding): void {
  expect(finding.invariant).toBe(invariant.meta.id);
  expect(finding.messageId).toBe(c.messageId);
  expect(Object.keys(invariant.meta.messages), "message id has a template").toContain(finding.messageId);
  // Strict rendering under test: an unfilled placeholder throws.
  expect(explainFinding(finding).length).toBeGreaterThan(0);
  const fixes = (invariant.meta.fixes as Record<string, FixTemplate[] | undefined>)[finding.messageId] ?? [];
  for (const fix of fixes) {
    renderTemplate(fixText(fix), findingWords(finding));
    // A conditional fix names a boolean the finding's data always carries.
    if (typeof fix !== "string") expect(typeof finding.data[fix.unless], `data.${fix.unless} for a conditional fix`).toBe("boolean");
  }
  whatWouldChange(finding);
  if (c.data) expect(finding.data).toMatchObject(c.data);
  if (c.evidence) {
    for (const source of ["card", "profile", "context", "task-class"] as const) {
      const expected = c.evidence[source];
      if (expected) expect(finding.evidence.filter((e) => e.source === source).map((e) => e.pointer), `${source} evidence`).toEqual(expected);
    }
  }
}

export function testInvariant(invariant: Invariant, tests: RuleTests): void {
  const { id } = invariant.meta;
  describe(`${id} (rule tester)`, () => {
    const names = [...tests.valid, ...tests.invalid, ...(tests.unknown ?? [])].map((c) => c.name);
    it("has no duplicate case names", () => {
      expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    });

    it.each(tests.valid.map((c) => [c.name, c] as const))("valid: %s", (_name, c) => {
      const finding = run(invariant, c, tests.taskClass);
      expect(finding.status).toBe(c.status ?? "holds");
      checkCommon(invariant, c, finding);
      expect(finding.exception).toBe(c.exception);
      expect(finding.cuts).toBeUndefined();
      expect(finding.cause).toBeUndefined();
      expect(finding.missing).toBeUndefined();
    });

    it.each(tests.invalid.map((c) => [c.name, c] as const))("invalid: %s", (_name, c) => {
      const finding = run(invariant, c, tests.taskClass);
      expect(finding.status).toBe("violated");
      checkCommon(invariant, c, finding);
      expect(finding.cuts).toEqual(c.cuts);
      expect(finding.cause, "a violated finding says what its cut rests on").toBeDefined();
      for (const [key, value] of Object.entries(c.cause ?? {})) {
        expect(finding.cause?.[key as keyof CutCause], `cause.${key}`).toEqual(value);
      }
      expect(finding.missing).toBeUndefined();
    });

    it.each((tests.unknown ?? []).map((c) => [c.name, c] as const))("unknown: %s", (_name, c) => {
      const finding = run(invariant, c, tests.taskClass);
      expect(finding.status).toBe("not-evaluated");
      checkCommon(invariant, c, finding);
      expect(finding.missing).toEqual(c.missing);
      expect(finding.cause).toBeUndefined();
      if (c.atStake) expect(finding.cuts).toEqual(c.atStake);
      for (const pointer of c.missing) {
        expect(invariant.meta.profileFields.some((f) => pointer === f || pointer.startsWith(`${f}/`)), `${pointer} is a profile field ${id} reads`).toBe(true);
      }
    });
  });
}
