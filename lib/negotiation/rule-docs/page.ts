import type { ReviewContext } from "../context";
import { rulesOf } from "../decide";
import type { DecisionKind, Review, TaskClassDecision } from "../decision-types";
import { getInvariant, INVARIANT_IDS, isInvariantId } from "../invariants";
import type { InvariantId, InvariantMeta } from "../invariants/types";
import type { ClientProfile } from "../profile";
import { review } from "../review";
import { BUILT_IN_TASK_CLASSES, type TaskClass } from "../task-classes";
import { CONDITIONS, type ConditionDef, type ConditionInputs } from "./conditions";
import { RULE_DOCS } from "./docs";
import type { RuleDoc, RuleExample } from "../invariants/page-types";

/**
 * A rule page's data: the invariant's metadata, its hand-written docs, and everything a review
 * computes from them. Decisions shown on a page are never typed in: they come from review() here,
 * and rule-docs.test.ts proves they equal what the docs claim.
 */
export interface ExampleResult {
  example: RuleExample;
  review: Review;
  /** One row per built-in task class, in their order. */
  decisions: Array<{ taskClass: string; decision: TaskClassDecision; rules: InvariantId[] }>;
  /** The decision map a snapshot link carries (task class id → decision). */
  decisionMap: Record<string, DecisionKind>;
}

export interface ConditionRow {
  condition: ConditionDef;
  inputs: ConditionInputs;
  /** The focus task class's decision on the failing example, unchanged (the would-be rejection). */
  before: TaskClassDecision;
  /** Its decision with the condition applied. */
  after: TaskClassDecision;
  /** The reviewed inputs, so the row can open in the workspace too. */
  review: Review;
  /** Did the condition change the decision? A condition that cannot reach this cut leaves it as it was. */
  applies: boolean;
}

export interface RulePage {
  id: InvariantId;
  meta: InvariantMeta;
  doc: RuleDoc;
  /** Built-in task classes the invariant concerns. */
  concerns: TaskClass[];
  failing: ExampleResult;
  passing: ExampleResult;
  conditions: ConditionRow[];
}

/** Ids with a rule page: every invariant, in registry order. */
export function listRulePageIds(): InvariantId[] {
  return INVARIANT_IDS.filter((id) => RULE_DOCS[id] !== undefined);
}

export function listConcernedTaskClasses(meta: InvariantMeta): TaskClass[] {
  return BUILT_IN_TASK_CLASSES.filter((tc) => meta.concerns(tc));
}

/** The page for an id, or undefined for an id that is not an invariant of this engine. */
export function buildRulePage(id: string): RulePage | undefined {
  if (!isInvariantId(id)) return undefined;
  const invariant = getInvariant(id);
  const doc = RULE_DOCS[id];
  if (!invariant || !doc) return undefined;
  const failing = reviewExample(doc.failing);
  return {
    id,
    meta: invariant.meta,
    doc,
    concerns: listConcernedTaskClasses(invariant.meta),
    failing,
    passing: reviewExample(doc.passing),
    conditions: doc.conditions.map((conditionId) => buildConditionRow(doc, failing, CONDITIONS[conditionId])),
  };
}

export function reviewExample(example: RuleExample): ExampleResult {
  return summarize(example, review(example.cardText, example.profile, { context: example.context }));
}

function summarize(example: RuleExample, result: Review): ExampleResult {
  const decisions = result.decisions.map((decision) => ({
    taskClass: decision.taskClass,
    decision,
    rules: rulesOf(decision),
  }));
  const decisionMap: Record<string, DecisionKind> = {};
  for (const d of result.decisions) decisionMap[d.taskClass] = d.decision;
  return { example, review: result, decisions, decisionMap };
}

function buildConditionRow(doc: RuleDoc, failing: ExampleResult, condition: ConditionDef): ConditionRow {
  const inputs = condition.apply(doc);
  const result = reviewInputs(doc.failing.cardText, inputs.profile, inputs.context);
  const before = failing.review.decisions.find((d) => d.taskClass === doc.focusTaskClass);
  const after = result.decisions.find((d) => d.taskClass === inputs.taskClass);
  if (!before || !after) throw new Error(`rule page ${doc.id}: no decision for ${inputs.taskClass}`);
  const applies = after.decision !== before.decision || after.target !== before.target || after.taskClass !== before.taskClass;
  return { condition, inputs, before, after, review: result, applies };
}

function reviewInputs(cardText: string, profile: ClientProfile, context: ReviewContext): Review {
  return review(cardText, profile, { context });
}
