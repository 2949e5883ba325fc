/**
 * Parity shim for the rule's Python reference check (`spec/seed_reference.py`): raises exactly
 * where `check_card_negotiable` raises UnnegotiableAgentCardError, for the same invariant, with
 * the byte-identical message. The messages are the reference's own literal text, so they live
 * with this shim (seed-compat/messages.ts) rather than in explain/. Where the reference itself crashes (AttributeError, TypeError,
 * IndexError), this throws a SeedInputError that says which field is wrong instead.
 *
 * This is not Parley's answer: `review()` is (DESIGN.md, point 10).
 */
import { formatSeedMessage, type SeedInvariant } from "./seed-compat/messages";
import { findJsonDataProblem, joinPath, MAX_NESTING } from "./seed-compat/json-data";

export { MAX_NESTING as SEED_MAX_NESTING };
import { pyRepr, pyStr } from "./seed-compat/python-repr";
import { addToSet, intersectSets, sortSet, subtractSets, type PySet } from "./seed-compat/python-set";
import {
  dictGet,
  dictHas,
  dictKeys,
  isDict,
  isHashable,
  isTruthy,
  pyEquals,
  pyStrContains,
  pyTypeName,
  type PyDict,
} from "./seed-compat/python-values";

export type { SeedInvariant };

export class UnnegotiableAgentCardError extends Error {
  readonly invariant: SeedInvariant;
  readonly taskClass: string;

  constructor(message: string, invariant: SeedInvariant, taskClass: string) {
    super(message);
    this.name = "UnnegotiableAgentCardError";
    this.invariant = invariant;
    this.taskClass = taskClass;
  }
}

/** The exception the reference raises instead; null when the input is not JSON data at all. */
export type PythonErrorType = "AttributeError" | "TypeError" | "IndexError" | "RecursionError";

export class SeedInputError extends Error {
  readonly pythonError: PythonErrorType | null;
  /** Where the problem is, e.g. `card.capabilities.pushNotifications`. */
  readonly field: string;

  constructor(message: string, field: string, pythonError: PythonErrorType | null) {
    super(message);
    this.name = "SeedInputError";
    this.field = field;
    this.pythonError = pythonError;
  }
}

const ARTICLE: Record<string, string> = {
  dict: "an object",
  list: "a list",
  str: "a string",
  int: "an integer",
  float: "a number",
  bool: "a boolean",
  NoneType: "null",
};

const describe = (value: unknown) => ARTICLE[pyTypeName(value)] ?? pyTypeName(value);

function crash(field: string, problem: string, expectation: string, pythonError: PythonErrorType): SeedInputError {
  return new SeedInputError(
    `${field} ${problem}; the reference check ${expectation} and crashes here (${pythonError})`,
    field,
    pythonError,
  );
}

/** `x.get(...)` on something that must be a dict. */
function requireDict(value: unknown, field: string, shape: string): PyDict {
  if (isDict(value)) return value;
  throw crash(field, `is ${describe(value)}`, `expects ${shape}`, "AttributeError");
}

/**
 * `set(value)` as far as whether it raises: the reference builds every set up front, so a bad one
 * crashes it at that point whether or not the task class reads the set. Checked here in the
 * reference's order, built (toSet) only when an invariant reads it.
 */
function assertSettable(value: unknown, field: string): unknown {
  if (typeof value === "string" || isDict(value)) return value;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      if (!isHashable(value[index])) toSet(value, field); // throws the reference's TypeError for that item
    }
    return value;
  }
  return toSet(value, field); // throws: not a list of modes
}

/** `set(value)`: a list of hashables, a string (its characters) or a dict (its keys). */
function toSet(value: unknown, field: string): PySet {
  const set: PySet = new Map();
  if (typeof value === "string") {
    for (const char of value) addToSet(set, char);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => {
      if (!isHashable(item)) {
        throw crash(joinPath(field, index), `is ${describe(item)}`, "puts every mode in a set, which cannot hold one", "TypeError");
      }
      addToSet(set, item);
    });
  } else if (isDict(value)) {
    for (const key of dictKeys(value)) addToSet(set, key);
  } else {
    throw crash(field, `is ${describe(value)}`, "expects a list of modes", "TypeError");
  }
  return set;
}

const CATEGORY_WORDS = { str: "strings", number: "numbers", None: "null" } as const;

/** `sorted(modes)` rendered as Python prints the list. */
function renderSorted(set: PySet, field: string, invariant: SeedInvariant): string {
  const result = sortSet(set);
  if ("sorted" in result) return pyRepr(result.sorted);
  const [a, b] = result.incomparable.map((category) => CATEGORY_WORDS[category]);
  const problem = `mixes ${a} and ${b} among the modes that fire invariant ${invariant}`;
  throw crash(field, problem, "sorts those modes for its message", "TypeError");
}

/** `schemes[push_scheme]` after `push_scheme in schemes`; undefined when not `in`. */
function lookUpScheme(schemes: unknown, pushScheme: unknown): { value: unknown } | undefined {
  const schemesField = "card.securitySchemes";
  const pushField = "card.capabilities.pushNotifications.securityScheme";
  if (isDict(schemes)) {
    if (!isHashable(pushScheme)) {
      throw crash(pushField, `is ${describe(pushScheme)}`, "looks it up as a key of securitySchemes", "TypeError");
    }
    return typeof pushScheme === "string" && dictHas(schemes, pushScheme) ? { value: schemes[pushScheme] } : undefined;
  }
  if (Array.isArray(schemes)) {
    if (!schemes.some((entry) => pyEquals(pushScheme, entry))) return undefined;
    const isIndex = typeof pushScheme === "boolean" || (typeof pushScheme === "number" && pyTypeName(pushScheme) === "int");
    if (!isIndex) {
      throw crash(schemesField, "is a list", `indexes it with securityScheme (${describe(pushScheme)})`, "TypeError");
    }
    const raw = Number(pushScheme);
    const index = raw < 0 ? raw + schemes.length : raw;
    if (index < 0 || index >= schemes.length) {
      throw crash(schemesField, `is a list of ${schemes.length}`, `indexes it with securityScheme ${raw}`, "IndexError");
    }
    return { value: schemes[index] };
  }
  if (typeof schemes === "string") {
    if (typeof pushScheme !== "string") {
      throw crash(schemesField, "is a string", `searches it for securityScheme (${describe(pushScheme)})`, "TypeError");
    }
    if (!pyStrContains(schemes, pushScheme)) return undefined;
    throw crash(schemesField, "is a string", "indexes it with the securityScheme name", "TypeError");
  }
  throw crash(schemesField, `is ${describe(schemes)}`, "expects an object of named schemes", "TypeError");
}

/** A path 1000 levels deep is no use in a message: keep its start and say it goes on. */
const shortenPath = (path: string) => (path.length > 160 ? `${path.slice(0, 120)}… (${path.length} characters)` : path);

function assertJsonData(value: unknown, root: string): void {
  const problem = findJsonDataProblem(value, root);
  if (!problem) return;
  if (problem.kind === "too-deep") {
    throw new SeedInputError(
      `${shortenPath(problem.path)} nests more than ${MAX_NESTING} levels deep; Python raises RecursionError past ` +
        `its default recursion limit (${MAX_NESTING}), so the reference cannot check it`,
      problem.path,
      "RecursionError",
    );
  }
  throw new SeedInputError(
    `${shortenPath(problem.path)} is ${problem.what}, not JSON data; the reference check only ever sees JSON`,
    problem.path,
    null,
  );
}

/**
 * Throws UnnegotiableAgentCardError exactly when the reference raises it, SeedInputError when
 * the reference would crash (or could not be handed the input), and returns otherwise.
 */
export function checkCardNegotiable(card: unknown, clientProfile: unknown, taskClass: unknown): void {
  const raised = evaluateCardNegotiable(card, clientProfile, taskClass);
  if (raised) throw new UnnegotiableAgentCardError(raised.message, raised.invariant, raised.taskClass);
}

export interface EvaluateOptions {
  /**
   * "known": the caller vouches that all three values are JSON data no deeper than MAX_NESTING
   * (`JSON.parse` of a text that nests at most MAX_NESTING deep yields nothing else), so the walk
   * that checks it is skipped. review seed-check learns the depth in the same pass over the line
   * that looks for numbers Python reads differently. Anything else: checked, as by default.
   */
  jsonData?: "known" | "check";
}

/** What the reference's UnnegotiableAgentCardError would carry. */
export interface SeedRaise {
  invariant: SeedInvariant;
  message: string;
  taskClass: string;
}

/**
 * checkCardNegotiable's answer as a value: the raise, or null when the reference returns. For
 * callers that check many cases (review seed-check), where the raise is an expected outcome and
 * building an Error (with its stack) per case would cost more than the check. Still throws
 * SeedInputError where the reference would crash.
 * Steps run in the reference's order, since which error wins depends on it.
 */
export function evaluateCardNegotiable(card: unknown, clientProfile: unknown, taskClass: unknown, options: EvaluateOptions = {}): SeedRaise | null {
  if (options.jsonData !== "known") {
    assertJsonData(card, "card");
    assertJsonData(clientProfile, "client_profile");
    assertJsonData(taskClass, "task_class");
  }

  const cardDict = requireDict(card, "card", "an Agent Card object");
  const caps = requireDict(dictGet(cardDict, "capabilities", {}), "card.capabilities", "an object");
  const streaming = dictGet(caps, "streaming", false);
  const pushField = "card.capabilities.pushNotifications";
  const pushConfig = requireDict(dictGet(caps, "pushNotifications", {}), pushField, "an object {supported, securityScheme}");
  const push = dictGet(pushConfig, "supported", false);
  const inputModes = assertSettable(dictGet(cardDict, "defaultInputModes", []), "card.defaultInputModes");
  const outputModes = assertSettable(dictGet(cardDict, "defaultOutputModes", []), "card.defaultOutputModes");
  const profile = requireDict(clientProfile, "client_profile", "an object");
  const bufferable = assertSettable(dictGet(profile, "bufferable_input_modes", []), "client_profile.bufferable_input_modes");
  const liveOnly = assertSettable(dictGet(profile, "live_only_input_modes", []), "client_profile.live_only_input_modes");

  // Invariant 1: live-only input modes on a non-streaming endpoint.
  if (taskClass === "live-input" && !isTruthy(streaming)) {
    const unservable = subtractSets(
      intersectSets(toSet(inputModes, "card.defaultInputModes"), toSet(liveOnly, "client_profile.live_only_input_modes")),
      toSet(bufferable, "client_profile.bufferable_input_modes"),
    );
    if (unservable.size > 0) {
      const modes = renderSorted(unservable, "card.defaultInputModes", 1);
      return { invariant: 1, message: formatSeedMessage(1, pyRepr(taskClass), modes), taskClass };
    }
  }

  // Invariant 2: push notifications whose security scheme the client cannot satisfy.
  if (taskClass === "async-completion" && isTruthy(push)) {
    const schemes = dictGet(cardDict, "securitySchemes", {});
    const pushScheme = dictGet(pushConfig, "securityScheme", null);
    const found = lookUpScheme(schemes, pushScheme);
    // Only ASCII letters lower-case to m, t, l or s, so JS and Python lower() agree on this test.
    if (found && pyStr(found.value).toLowerCase().includes("mtls")) {
      if (!isTruthy(dictGet(profile, "callback_supports_mtls", false))) {
        return { invariant: 2, message: formatSeedMessage(2, pyRepr(taskClass), pyRepr(pushScheme)), taskClass };
      }
    }
  }

  // Invariant 3: output mode only reachable via a disabled channel. The set is built for every
  // task class, so a bad resubscribeOnlyOutputModes crashes the reference for all of them.
  const resubOnly = assertSettable(dictGet(cardDict, "resubscribeOnlyOutputModes", []), "card.resubscribeOnlyOutputModes");
  if (taskClass === "async-completion" && !isTruthy(streaming)) {
    const unreachable = intersectSets(toSet(outputModes, "card.defaultOutputModes"), toSet(resubOnly, "card.resubscribeOnlyOutputModes"));
    if (unreachable.size > 0) {
      const modes = renderSorted(unreachable, "card.defaultOutputModes", 3);
      return { invariant: 3, message: formatSeedMessage(3, pyRepr(taskClass), modes), taskClass };
    }
  }
  return null;
}
