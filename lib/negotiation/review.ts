import { locateCardFor } from "./card-location";
import { loadCard } from "./card/load";
import { makeProblem } from "./card/problems";
import { jsonEqual } from "./card/json-value";
import { pointerFromPath } from "./card/pointer";
import type { NormalizedCard } from "./card/model";
import type { CardLoadResult, ValidityReport } from "./card/validity";
import { EMPTY_CONTEXT, ReviewContext } from "./context";
import { decide, reviewConditions } from "./decide";
import type { Review, ReviewInputError, TaskClassDecision } from "./decision-types";
import type { Finding } from "./invariants/types";
import { ClientProfile } from "./profile";
import { findingsFor, planFor } from "./reuse-plan";
import { newReviewScope } from "./review-scope";
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
 * validated once (the same object reviewed again, e.g. a preset) are not re-validated; the modes
 * read from a profile's lists are kept with the profile object too. A profile or context is read
 * as unchanged once reviewed: change one by making a new object, not by editing its lists in place.
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
  /**
   * The URL the card was fetched from, when it was (fetch, `check --card URL`, the probe). When the
   * profile says where its client looks (cardPaths) and the card is not there, the validity report
   * carries a `cardNotWhereClientLooks` warning: this client, handed the agent, will not find it.
   */
  cardUrl?: string;
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

  const loaded = loadForReview(cardInput, options?.signatures);
  const card = loaded.card;
  const validity = options?.cardUrl !== undefined && parsedProfile ? withCardLocation(loaded.validity, options.cardUrl, parsedProfile) : loaded.validity;
  // The card in the literal, not added after it (speed: bench/cases/review-throughput.ts).
  const result: Review = card
    ? { engine: ENGINE, validity, shape: validity.shape, profile, context, taskClasses, decisions: [], card }
    : { engine: ENGINE, validity, shape: validity.shape, profile, context, taskClasses, decisions: [] };
  if (card?.advisoryVersion) {
    result.advisory = {
      reason: "zeroXAdvisory",
      data: { shape: card.shape, protocolVersion: card.advisoryVersion.version, via: card.advisoryVersion.via },
    };
  }
  if (inputErrors.length > 0) result.inputErrors = inputErrors;
  if (parsedProfile && parsedContext) {
    const plan = planFor(taskClasses);
    // What this review's task classes share (the card's modes, an invalid card's summary) lives in
    // its scope and goes with it: nothing of a review stays reachable from the engine once it returns.
    const scope = newReviewScope();
    // Both lists sized once, one entry per class (speed: bench/cases/review-throughput.ts).
    const count = taskClasses.length;
    const checked = new Array<Finding[]>(count);
    const decisions = new Array<TaskClassDecision>(count);
    // The conditions of validity are the review's, not a class's: worked out once for every decision.
    const conditions = validity.valid && count > 0 ? reviewConditions(parsedProfile, parsedContext, card) : undefined;
    for (let c = 0; c < count; c++) {
      const findings = card ? findingsFor(c, taskClasses, plan, checked, card, parsedProfile, parsedContext, scope) : [];
      checked[c] = findings;
      decisions[c] = decide({ taskClass: taskClasses[c]!, findings, profile: parsedProfile, context: parsedContext, validity, card, conditions, scope });
    }
    result.decisions = decisions;
  }
  return result;
}

/** The validity report with a warning when the card is not where this client looks for it; else the report itself. */
function withCardLocation(validity: ValidityReport, cardUrl: string, profile: ClientProfile): ValidityReport {
  const location = locateCardFor(cardUrl, profile);
  if (location.status !== "notFound") return validity;
  const problem = makeProblem("cardNotWhereClientLooks", "", {
    url: location.url,
    path: location.path,
    cardPaths: location.cardPaths,
    wouldTry: location.wouldTry,
    client: profile.name,
  });
  const out: ValidityReport = { ...validity, problems: validity.problems.concat(problem) };
  return out;
}

/**
 * A card read once for several reviews: `review(prepared, profile)` is `review(input, profile)`,
 * without parsing, validating and normalizing the card again. Batch hands one card to several
 * profiles line after line (bench/cases/batch-throughput.ts, real cards). Not in the front door:
 * only code that never changes the input afterwards prepares a card (lib/cli's batch).
 */
export class PreparedCard {
  readonly loaded: CardLoadResult;

  constructor(input: unknown) {
    this.loaded = loadCard(input);
  }
}

/**
 * The card as the review reads it: normalized, with its validity and signature report. The parsed
 * JSON stays inside this function (a large card's time: bench/cases/review-throughput.ts, per skill).
 */
function loadForReview(cardInput: unknown, signatures: SignatureReport | undefined): { card?: NormalizedCard; validity: ValidityReport } {
  const prepared = cardInput instanceof PreparedCard;
  const loaded = prepared ? cardInput.loaded : loadCard(cardInput);
  const signature = signatureReportFor(loaded.raw, signatures);
  if (!signature) return { card: loaded.card, validity: loaded.validity };
  // A prepared card serves other reviews, with other reports: this one's report goes on a copy.
  const card = loaded.card && prepared ? { ...loaded.card } : loaded.card;
  if (card) card.signature = signature;
  return { card, validity: withSignatureReport(loaded.validity, signature) };
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
    } else if (ALL_BUILT_INS.includes(entry as TaskClass)) {
      // A built-in class passed as its object (the guard passes BUILT_IN_TASK_CLASSES) is the
      // built-in itself: no schema reading, and the plans made for built-ins apply to it.
      taskClass = entry as TaskClass;
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
