/** Rule pages' data: hand-written docs per invariant, and what review() computes from them. */
export { CONDITIONS, type ConditionDef, type ConditionInputs } from "./conditions";
export { NORTHWIND_AUDIO_OUT, NORTHWIND_NO_POLLING, RULE_DOCS } from "./docs";
export {
  buildRulePage,
  listConcernedTaskClasses,
  listRulePageIds,
  reviewExample,
  type ConditionRow,
  type ExampleResult,
  type RulePage,
} from "./page";
/** The same rules a decision record names (decide.ts owns the definition). */
export { rulesOf } from "../decide";
export { CONDITION_IDS, type ConditionId, type RuleDoc, type RuleExample, type RuleWhy } from "../invariants/page-types";
