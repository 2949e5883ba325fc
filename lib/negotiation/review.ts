import { loadCard } from "./card/load";
import { jsonEqual } from "./card/json-value";
import { pointerFromPath } from "./card/pointer";
import type { NormalizedCard } from "./card/model";
import type { ValidityReport } from "./card/validity";
import { EMPTY_CONTEXT, ReviewContext } from "./context";
import { decide } from "./decide";
import type { Review, ReviewInputError, TaskClassDecision } from "./decision-types";
import { INVARIANTS } from "./invariants";
import type { Finding, Invariant } from "./invariants/types";
import { ClientProfile } from "./profile";
import { signatureReportFor, withSignatureReport } from "./signatures/in-review";
import type { SignatureReport } from "./signatures/types";
import { BUILT_IN_TASK_CLASSES, BUILT_IN_TASK_CLASS_IDS, findTaskClass, TaskClass } from "./task-classes";
import { ENGINE_NAME, ENGINE_VERSION } from "./version";

/**
 * The one entry point: card (text or parsed JSON) + client profile (+ context) → validity report,
 * one finding per (task class, invariant) and one decision per task class.
 *
 * review() never throws. Problems with its own arguments come back as data in `review.inputErrors`:
 * - an unknown task class id, an invalid custom task class or a duplicate id skips that class only
 *   (`unknownTaskClass`, `invalidTaskClass`, `duplicateTaskClass`, pointer `/taskClasses/<i>`);
 * - a profile or context that does not match its schema (`invalidProfile`, `invalidContext`, pointer
 *   into the argument) leaves `decisions` empty: deciding on a broken profile would be a guess;
 * - an engine bug is caught as `internalError` rather than thrown into a UI render or a CLI batch.
 *
 * Hot path (benchmarked): no hashing, no copies of built-in data, and profiles/contexts already
 * validated once (the same object reviewed again, e.g. a preset) are not re-validated.
 */
export interface ReviewOptions {
  context?: ReviewContext;
  /** Task class ids (built-in) or task class objects (user-defined). Default: every built-in. */
  taskClasses?: ReadonlyArray<string | TaskClass>;
  /**
   * The card's signature report, from verifyCardSignatures() (lib/negotiation/signatures/verify.ts)
   * on this same card: verification is async, review() is not. Left out for a signed card, every
   * signature is reported "not checked" (unverifiable). Ignored for an unsigned card.
   */
  signatures?: SignatureReport;
}

const ENGINE = Object.freeze({ name: ENGINE_NAME, version: ENGINE_VERSION });
const ALL_BUILT_INS = BUILT_IN_TASK_CLASSES as TaskClass[];
/** Arguments whose schema reading equals the object itself (the usual case, e.g. a preset): reused as is. */
const validatedProfiles = new WeakSet<object>();
const validatedContexts = new WeakSet<object>();

export function review(cardInput: unknown, profile: ClientProfile, options?: ReviewOptions): Review {
  try {
    return runReview(cardInput, profile, options);
  } catch (error) {
    return failedReview(profile, options, error);
  }
}

function runReview(cardInput: unknown, profile: ClientProfile, options: ReviewOptions | undefined): Review {
  const inputErrors: ReviewInputError[] = [];
  // Invariants read what the schemas read (" JSONRPC " is JSONRPC), not the raw argument; the review
  // still reports the profile and context as given.
  const parsedProfile = parseArgument(profile, ClientProfile, validatedProfiles, "/profile", "invalidProfile", inputErrors);
  const context = options?.context ?? EMPTY_CONTEXT;
  const parsedContext = parseArgument(context, ReviewContext, validatedContexts, "/context", "invalidContext", inputErrors);
  const taskClasses = options?.taskClasses ? resolveTaskClasses(options.taskClasses, inputErrors) : ALL_BUILT_INS;

  const loaded = loadCard(cardInput);
  const signature = signatureReportFor(loaded.raw, options?.signatures);
  const validity = signature ? withSignatureReport(loaded.validity, signature) : loaded.validity;
  if (signature && loaded.card) loaded.card.signature = signature;
  const result: Review = {
    engine: ENGINE,
    validity,
    shape: validity.shape,
    profile,
    context,
    taskClasses,
    decisions: [],
  };
  if (loaded.card) result.card = loaded.card;
  if (loaded.card?.advisoryVersion) {
    result.advisory = {
      reason: "zeroXAdvisory",
      data: { shape: loaded.card.shape, protocolVersion: loaded.card.advisoryVersion.version, via: loaded.card.advisoryVersion.via },
    };
  }
  if (inputErrors.length > 0) result.inputErrors = inputErrors;
  if (parsedProfile && parsedContext) {
    const memo: FindingMemo = new Map();
    result.decisions = taskClasses.map((tc) => decideTaskClass(tc, loaded.card, validity, parsedProfile, parsedContext, memo));
  }
  return result;
}

/** Per review: each invariant's finding per class key (what of a task class it reads). */
type FindingMemo = Map<Invariant, Map<string, Finding>>;

function decideTaskClass(
  taskClass: TaskClass,
  card: NormalizedCard | undefined,
  validity: ValidityReport,
  profile: ClientProfile,
  context: ReviewContext,
  memo: FindingMemo,
): TaskClassDecision {
  // Findings are computed even for an invalid card (best effort) so the UI can show them; decide()
  // still refuses to accept anything on it.
  const findings: Finding[] = [];
  if (card) {
    const input = { card, profile, context, taskClass };
    for (const invariant of INVARIANTS) {
      let byKey = memo.get(invariant);
      if (!byKey) memo.set(invariant, (byKey = new Map()));
      const key = invariant.meta.classKey(taskClass);
      const known = byKey.get(key);
      if (known) {
        findings.push({ ...known, taskClass: taskClass.id });
        continue;
      }
      const finding = invariant.check(input);
      byKey.set(key, finding);
      findings.push(finding);
    }
  }
  return decide({ taskClass, findings, profile, context, validity, card });
}

interface SafeParser<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<Issue> } };
}
interface Issue {
  code: string;
  path: ReadonlyArray<PropertyKey>;
  message: string;
}

/**
 * The schema's reading of an argument, or undefined (with its issues in `errors`) when it is invalid.
 * Only an argument the schema reads unchanged is remembered: a cached copy of a trimmed reading
 * would go stale if the caller later changed the object.
 */
function parseArgument<T>(
  value: unknown,
  schema: SafeParser<T>,
  cache: WeakSet<object>,
  base: string,
  code: "invalidProfile" | "invalidContext",
  errors: ReviewInputError[],
): T | undefined {
  const cacheable = typeof value === "object" && value !== null;
  if (cacheable && cache.has(value)) return value as T;
  const parsed = schema.safeParse(value);
  if (parsed.success) {
    if (!cacheable || !jsonEqual(parsed.data, value)) return parsed.data;
    cache.add(value);
    return value as T;
  }
  for (const issue of parsed.error.issues.slice(0, 20)) {
    errors.push({ code, pointer: base + pointerFromPath(issue.path), data: { issue: issue.code, detail: issue.message } });
  }
  return undefined;
}

function resolveTaskClasses(requested: ReadonlyArray<string | TaskClass>, errors: ReviewInputError[]): TaskClass[] {
  const out: TaskClass[] = [];
  if (!Array.isArray(requested)) {
    errors.push({ code: "invalidTaskClass", pointer: "/taskClasses", data: { issue: "notAnArray", detail: "" } });
    return out;
  }
  for (let i = 0; i < requested.length; i++) {
    const entry: unknown = requested[i];
    const pointer = `/taskClasses/${i}`;
    let taskClass: TaskClass | undefined;
    if (typeof entry === "string") {
      taskClass = findTaskClass(entry);
      if (!taskClass) {
        errors.push({
          code: "unknownTaskClass",
          pointer,
          data: { id: entry.slice(0, 200), known: [...BUILT_IN_TASK_CLASS_IDS] },
        });
        continue;
      }
    } else {
      const parsed = TaskClass.safeParse(entry);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        errors.push({
          code: "invalidTaskClass",
          pointer: pointer + pointerFromPath(issue?.path ?? []),
          data: { issue: issue?.code ?? "invalid", detail: issue?.message ?? "" },
        });
        continue;
      }
      taskClass = parsed.data;
    }
    if (out.some((t) => t.id === taskClass.id)) {
      errors.push({ code: "duplicateTaskClass", pointer, data: { id: taskClass.id } });
      continue;
    }
    out.push(taskClass);
  }
  return out;
}

function failedReview(profile: ClientProfile, options: ReviewOptions | undefined, error: unknown): Review {
  const detail = error instanceof Error ? error.message : String(error);
  return {
    engine: ENGINE,
    inputErrors: [{ code: "internalError", pointer: "", data: { issue: "internalError", detail: detail.slice(0, 500) } }],
    validity: { valid: false, shape: "unknown", problems: [] },
    shape: "unknown",
    profile,
    context: options?.context ?? EMPTY_CONTEXT,
    taskClasses: [],
    decisions: [],
  };
}
