import { type CardShape, type Severity, type ValidityProblem, type DecisionKind, type DegradationRecord, type RejectTarget, type Review, type TaskClassDecision, type EvidenceRef, type Finding, type FindingStatus, type InvariantId, type MessageData, type RuleException, docsPath, type Path, type CardSignatureStatus, type SignatureEntry } from "../negotiation";
import { describeProblem, explainAdvisory, explainNotApplied, explainReason, type ExplainReasonOptions, findingExplainer, describeSignatureEntry, describeSignatureReport } from "../negotiation/explain";

/**
 * The machine-readable review shared by `check --format json` and every `batch` output line.
 * Stable field names; English `message`s come from explain/ and may be reworded between versions,
 * so scripts should match on `code` / `decision` / `invariant`, never on `message`.
 *
 * With `messages: "none"` (batch --messages none), no English at all: each `message` is replaced
 * by the `data` its template is filled from, beside the id that names the template (`code`,
 * `reason`, `messageId`), and `advisory` is `{reason, data}`. Lines are smaller and cheaper to
 * make; the text can be rendered later from id + data.
 */
export interface ValidityJson {
  severity: Severity;
  code: string;
  pointer: string;
  message?: string;
  data?: MessageData | ValidityProblem["data"];
  line?: number;
  column?: number;
}

export interface FindingJson {
  invariant: InvariantId;
  status: FindingStatus;
  messageId: string;
  message?: string;
  data?: MessageData;
  /** Docs page of the invariant (full detail only; it is always /rules/<invariant>). */
  docs?: string;
  cuts?: Path;
  exception?: RuleException;
  missing?: string[];
  evidence?: EvidenceRef[];
}

export interface ReasonJson {
  reason: string;
  outcome: DecisionKind;
  invariant?: InvariantId;
  message?: string;
  data?: MessageData;
  /** Batch lines with messages: conditions of validity that cannot change this finding; the line's `notApplied` says why. */
  notApplied?: string[];
}

export interface DecisionJson {
  decision: DecisionKind;
  /** reject only: "server", "card" (invalid or stale card), or "client" (not for this client). */
  target?: RejectTarget;
  reasons: ReasonJson[];
  findings: FindingJson[];
  degradations: DegradationRecord[];
}

/**
 * The card's signature report (only for a card with signatures): with an English `message` on the
 * report and on each signature, unless messages are off (then the report's ids and data only).
 */
export interface SignatureJson {
  status: CardSignatureStatus;
  total: number;
  message?: string;
  signatures: Array<Omit<SignatureEntry, "data"> & { data?: SignatureEntry["data"]; message?: string }>;
}

export interface ReviewJson {
  valid: boolean;
  shape: CardShape;
  advisory?: string | { reason: string; data: MessageData };
  signature?: SignatureJson;
  validity: ValidityJson[];
  decisions: Record<string, DecisionJson>;
}

/** A degradation in a batch line: its task class is the key it sits under, so it is not written again. */
export type CompactDegradationJson = Omit<DegradationRecord, "taskClass">;

/**
 * A task class's decision in a batch line: its findings are positions in the line's own
 * `findings`, where a finding several classes share (same invariant, message, data, cuts,
 * evidence) is written once, with its message worded once.
 */
export interface CompactDecisionJson {
  decision: DecisionKind;
  target?: RejectTarget;
  reasons: ReasonJson[];
  findings: number[];
  degradations: CompactDegradationJson[];
}

/** A batch line's review (detail "compact"): see toReviewJson. */
export interface CompactReviewJson extends Omit<ReviewJson, "decisions"> {
  decisions: Record<string, CompactDecisionJson>;
  /** The findings that shape some class's decision, each once; decisions point into it. */
  findings: FindingJson[];
  /**
   * With messages: why each condition of validity some reason names cannot change its finding, by
   * condition, worded once for the line (left out when no reason names one).
   */
  notApplied?: Record<string, string>;
}

export interface ReviewJsonOptions {
  /**
   * full (check --format json): every finding, with its docs path and evidence, under each class.
   * compact (batch): only the findings that shape the decision (violated, not evaluated, or
   * holding by a rule exception), with their evidence; a finding that simply holds or does not
   * apply is left out. They are listed once for the line (`findings`), each class naming its own
   * by position, and a degradation does not repeat its class. That keeps 100,000 lines fast and
   * small; `check` shows everything.
   */
  detail?: "full" | "compact";
  /** text (default): an English `message` beside every id; none: ids and data only. */
  messages?: MessagesOption;
  /**
   * batch: the input line's id, written as the first field. Given here rather than spread in
   * front of the result afterwards, which copied every field of every line once more.
   */
  id?: string | number;
}

export const MESSAGES_OPTIONS = ["text", "none"] as const;
export type MessagesOption = (typeof MESSAGES_OPTIONS)[number];

export function toReviewJson(review: Review, opts: ReviewJsonOptions & { detail: "compact"; id: string | number }): CompactReviewJson & { id: string | number };
export function toReviewJson(review: Review, opts?: ReviewJsonOptions & { detail?: "full" }): ReviewJson;
export function toReviewJson(review: Review, opts: ReviewJsonOptions = {}): ReviewJson | CompactReviewJson {
  const full = opts.detail !== "compact";
  const text = opts.messages !== "none";
  // Built field by field so that batch's id comes first (JSON keeps the order fields were added in).
  const out = {} as Omit<ReviewJson, "decisions"> & { id?: string | number; decisions: Record<string, DecisionJson | CompactDecisionJson>; findings?: FindingJson[]; notApplied?: Record<string, string> };
  if (opts.id !== undefined) out.id = opts.id;
  out.valid = review.validity.valid;
  out.shape = review.shape;
  out.validity = validityJson(review, text);
  out.decisions = {};
  if (review.advisory) out.advisory = advisoryJson(review.advisory, text);
  const report = review.validity.signature;
  if (report) out.signature = signatureJson(report, text);
  if (full) {
    // One explainer for the review: a finding shared by several task classes is worded once.
    const explain = text ? findingExplainer() : undefined;
    for (const d of review.decisions) out.decisions[d.taskClass] = toDecisionJson(d, full, explain);
    return out as ReviewJson;
  }
  const compact = compactDecisions(review, text);
  out.decisions = compact.decisions;
  out.findings = compact.findings;
  if (compact.notApplied) out.notApplied = compact.notApplied;
  return out as CompactReviewJson;
}

/**
 * The parts of a batch line that depend only on the card and its signature report (validity,
 * shape, the 0.x advisory, the signature report), serialised: batch writes them once per card it
 * meets again, not once per line. `head` follows the id, `tail` follows the decisions.
 */
export interface CardLineParts {
  readonly head: string;
  readonly tail: string;
}

export function cardLineParts(review: Review, messages: MessagesOption): CardLineParts {
  const text = messages !== "none";
  const head = `,"valid":${JSON.stringify(review.validity.valid)},"shape":${JSON.stringify(review.shape)},"validity":${JSON.stringify(validityJson(review, text))}`;
  let tail = "";
  if (review.advisory) tail += `,"advisory":${JSON.stringify(advisoryJson(review.advisory, text))}`;
  const report = review.validity.signature;
  if (report) tail += `,"signature":${JSON.stringify(signatureJson(report, text))}`;
  return { head, tail };
}

/**
 * A batch line's text: exactly `JSON.stringify(toReviewJson(review, {detail: "compact", messages,
 * id}))`, with the card's parts (cardLineParts) written as given. `parts` must come from a review
 * of the same card with the same signature report (any profile): lib/cli/card-parts.test.ts holds
 * the two byte for byte on every corpus card against every preset.
 */
export function batchLineText(review: Review, id: string | number, messages: MessagesOption, parts: CardLineParts = cardLineParts(review, messages)): string {
  return batchLinePieces(review, id, messages, parts.head, parts.tail).join("");
}

/**
 * A batch line in pieces, its card's parts (`head`, `tail`) in their places: batchLineText joins
 * them; batch writes them one after the other without joining (the card's parts already encoded,
 * once per card), which spares copying each line's text before it is encoded.
 */
export function batchLinePieces<T>(review: Review, id: string | number, messages: MessagesOption, head: T, tail: T): Array<string | T> {
  const { decisions, findings, notApplied } = compactDecisions(review, messages !== "none");
  const out: Array<string | T> = [`{"id":${JSON.stringify(id)}`, head, `,"decisions":`, JSON.stringify(decisions), tail, `,"findings":`, JSON.stringify(findings)];
  if (notApplied) out.push(`,"notApplied":${JSON.stringify(notApplied)}`);
  out.push("}");
  return out;
}

function validityJson(review: Review, text: boolean): ValidityJson[] {
  return review.validity.problems.map((p) => {
    const v: ValidityJson = text
      ? { severity: p.severity, code: p.code, pointer: p.pointer, message: describeProblem(p) }
      : { severity: p.severity, code: p.code, pointer: p.pointer, data: p.data };
    // The count of what a capped list left out stays machine-readable with messages too.
    if (text && p.code === "moreOfThisKind") v.data = p.data;
    if (p.position) {
      v.line = p.position.line;
      v.column = p.position.column;
    }
    return v;
  });
}

function advisoryJson(advisory: NonNullable<Review["advisory"]>, text: boolean): NonNullable<ReviewJson["advisory"]> {
  return text ? explainAdvisory(advisory) : advisory;
}

/** As elsewhere: an English message in place of the data, or the data alone (--messages none). */
function signatureJson(report: NonNullable<Review["validity"]["signature"]>, text: boolean): SignatureJson {
  return text
    ? {
        status: report.status,
        total: report.total,
        message: describeSignatureReport(report),
        signatures: report.signatures.map(({ data: _data, ...s }) => ({ ...s, message: describeSignatureEntry({ ...s, data: _data }) })),
      }
    : report;
}

/** A batch line's decisions, the notable findings they point into (each once), and the notApplied sentences. */
function compactDecisions(review: Review, text: boolean): { decisions: Record<string, CompactDecisionJson>; findings: FindingJson[]; notApplied?: Record<string, string> } {
  // One explainer for the review: a finding shared by several task classes is worded once.
  const shared = new SharedFindings(text ? findingExplainer() : undefined);
  const notApplied: Record<string, string> | undefined = text ? {} : undefined;
  const decisions: Record<string, CompactDecisionJson> = {};
  const worded: WordedReasons = [];
  for (const d of review.decisions) decisions[d.taskClass] = toCompactDecisionJson(d, shared, notApplied, worded);
  if (notApplied && Object.keys(notApplied).length > 0) return { decisions, findings: shared.list, notApplied };
  return { decisions, findings: shared.list };
}

function toReasonJson(r: TaskClassDecision["reasons"][number], text: boolean, decision: TaskClassDecision["decision"]): ReasonJson {
  const j: ReasonJson = text ? { reason: r.reason, outcome: r.outcome, message: explainReason(r, { decision }) } : { reason: r.reason, outcome: r.outcome, data: r.data };
  if (r.invariant) j.invariant = r.invariant;
  return j;
}

/**
 * A batch line's reason with messages on: the sentences saying why a condition of validity cannot
 * change its finding are the same for every reason that names the condition, so the reason lists
 * the conditions (`notApplied`) and the line words each once (in `notApplied`, by name).
 */
function toCompactReasonJson(r: TaskClassDecision["reasons"][number], notApplied: Record<string, string>, decision: TaskClassDecision["decision"], worded: WordedReasons): ReasonJson {
  // A reason the engine hands to several classes (an invalid card's, say) shares its data: worded once.
  for (const w of worded) {
    const k = w.from;
    if (k.data === r.data && k.reason === r.reason && k.invariant === r.invariant && k.outcome === r.outcome && w.decision === decision) return w.json;
  }
  const j: ReasonJson = { reason: r.reason, outcome: r.outcome, message: explainReason(r, decision === r.outcome ? OMIT_NOT_APPLIED : { omitNotApplied: true, decision }) };
  if (r.invariant) j.invariant = r.invariant;
  const names = r.data.notApplied;
  if (Array.isArray(names) && names.length > 0) {
    j.notApplied = names.map(String);
    for (const name of j.notApplied) if (!Object.hasOwn(notApplied, name)) notApplied[name] = explainNotApplied(name);
  }
  worded.push({ from: r, decision, json: j });
  return j;
}

/** A line's reasons as worded so far, with what they were worded from. */
type WordedReasons = Array<{ from: TaskClassDecision["reasons"][number]; decision: TaskClassDecision["decision"]; json: ReasonJson }>;

const OMIT_NOT_APPLIED: ExplainReasonOptions = { omitNotApplied: true };

/** A batch line's decision: its notable findings by position in the line's list, degradations without their class. */
function toCompactDecisionJson(d: TaskClassDecision, shared: SharedFindings, notApplied: Record<string, string> | undefined, worded: WordedReasons): CompactDecisionJson {
  const out: CompactDecisionJson = {
    decision: d.decision,
    reasons: d.reasons.map((r) => (notApplied ? toCompactReasonJson(r, notApplied, d.decision, worded) : toReasonJson(r, false, d.decision))),
    findings: [],
    degradations: d.degradations.map(({ invariant, path, lost, fallback }) => ({ invariant, path, lost, fallback })),
  };
  for (const f of d.findings) if (isNotable(f)) out.findings.push(shared.indexOf(f));
  if (d.target) out.target = d.target;
  return out;
}

/**
 * A batch line's findings, each written once. The engine hands a finding that does not depend on
 * the task class to every class as a copy sharing its data, evidence and cuts; such copies (with
 * the same wording, which a per-class message template would change) are one entry here. Looked
 * up by their data object, so telling two findings apart costs a few comparisons, not a
 * serialisation.
 */
class SharedFindings {
  readonly list: FindingJson[] = [];
  private readonly byData = new Map<MessageData, Array<{ finding: Finding; json: FindingJson; index: number }>>();

  constructor(readonly explain: ((f: Finding) => string) | undefined) {}

  indexOf(f: Finding): number {
    const message = this.explain?.(f);
    const known = this.byData.get(f.data);
    if (known) {
      for (const k of known) {
        const g = k.finding;
        if (
          g.invariant === f.invariant &&
          g.messageId === f.messageId &&
          g.status === f.status &&
          g.evidence === f.evidence &&
          g.cuts === f.cuts &&
          g.exception === f.exception &&
          g.missing === f.missing &&
          k.json.message === message
        ) {
          return k.index;
        }
      }
    }
    const json = toFindingJson(f, false, this.explain && (() => message!));
    const entry = { finding: f, json, index: this.list.length };
    this.list.push(json);
    if (known) known.push(entry);
    else this.byData.set(f.data, [entry]);
    return entry.index;
  }
}

/** `explain` words findings (messages on); without it, ids and data only (--messages none). */
function toDecisionJson(d: TaskClassDecision, full: boolean, explain: ((f: Finding) => string) | undefined): DecisionJson {
  const out: DecisionJson = {
    decision: d.decision,
    reasons: d.reasons.map((r) => toReasonJson(r, explain !== undefined, d.decision)),
    findings: [],
    degradations: d.degradations,
  };
  for (const f of d.findings) {
    if (full || isNotable(f)) out.findings.push(toFindingJson(f, full, explain));
  }
  if (d.target) out.target = d.target;
  return out;
}

function toFindingJson(f: Finding, full: boolean, explain: ((f: Finding) => string) | undefined): FindingJson {
  const out: FindingJson = explain
    ? { invariant: f.invariant, status: f.status, messageId: f.messageId, message: explain(f) }
    : { invariant: f.invariant, status: f.status, messageId: f.messageId, data: f.data };
  if (full) out.docs = docsPath(f.invariant);
  if (f.cuts) out.cuts = f.cuts;
  if (f.exception) out.exception = f.exception;
  if (f.missing?.length) out.missing = f.missing;
  // Evidence is what a reader follows into the card; a not-applicable finding has nothing to show.
  if (f.status !== "not-applicable" && f.evidence.length > 0) out.evidence = f.evidence;
  return out;
}

/** A finding a reader needs to see: it cuts a path, could not be evaluated, or holds only by an exception. */
export function isNotable(f: { status: FindingStatus; exception?: RuleException }): boolean {
  return f.status === "violated" || f.status === "not-evaluated" || f.exception !== undefined;
}

/** True when some task class of the review is rejected (exit code 1). */
export function hasRejection(review: Review): boolean {
  return review.decisions.some((d) => d.decision === "reject");
}
