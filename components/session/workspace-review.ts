/**
 * What the workspace adds around the core: a review run with the workspace's arguments (the engine
 * itself loaded on demand), editor ranges for pointers and problems, the pace of the last review.
 * Components import everything else straight from the core module that owns it.
 */
import { type ClientProfile, describeProblem, locatePointer, locatePointers, type Review, type ReviewContext, type SignatureReport, type TaskClass } from "@/lib/negotiation";
import { loadOnce } from "@/components/ui/load-once";

/** A problem the editor marks in the card text: a range of it, how bad, and what it says. */
export interface EditorDiagnostic {
  from: number;
  to: number;
  severity: "error" | "warning" | "info";
  message: string;
}

/** Built-in ids or user-defined task classes in full, as a review link carries them. Absent: every built-in. */
export type TaskClassSelection = ReadonlyArray<string | TaskClass>;

type Engine = typeof import("@/lib/negotiation/review");

/**
 * The review engine (card schemas, invariants, decide) is not part of the workspace's first
 * JavaScript: the first load shows the review the server computed, and the engine loads right
 * after, or as soon as something needs it (an edit, a link, a record). One load per page.
 */
let engine: Engine | undefined;
const engineListeners = new Set<() => void>();

export const loadEngine: () => Promise<Engine> = loadOnce(() =>
  import("@/lib/negotiation/review").then((module) => {
    engine = module;
    for (const listener of engineListeners) listener();
    return module;
  }),
);

export function isEngineLoaded(): boolean {
  return engine !== undefined;
}

export function subscribeEngine(listener: () => void): () => void {
  engineListeners.add(listener);
  return () => engineListeners.delete(listener);
}

/**
 * The review of these inputs, or undefined when the engine is still loading and the review is not
 * the one at hand. The last review is kept: opening a link reviews its card to compare decisions
 * and the workspace then renders that same review, so a large card is reviewed once. Inputs are
 * compared by identity (the card text by value), as React state hands them over.
 */
export function reviewIfReady(
  cardText: string,
  profile: ClientProfile,
  context: ReviewContext,
  taskClasses?: TaskClassSelection,
  signatures?: SignatureReport,
  /** The URL a fetched card came from: the review warns when this profile's client looks elsewhere. */
  cardUrl?: string,
): Review | undefined {
  const last = lastReview;
  if (
    last &&
    last.cardText === cardText &&
    last.profile === profile &&
    last.context === context &&
    last.taskClasses === taskClasses &&
    last.signatures === signatures &&
    last.cardUrl === cardUrl
  ) {
    return last.review;
  }
  if (!engine) return undefined;
  const { review } = engine;
  const started = performance.now();
  const result = review(cardText, profile, { context, ...(taskClasses ? { taskClasses } : {}), ...(signatures ? { signatures } : {}), ...(cardUrl ? { cardUrl } : {}) });
  lastReviewMs = performance.now() - started;
  lastReview = { cardText, profile, context, taskClasses, signatures, cardUrl, review: result };
  return result;
}

/** The review of these inputs; only for code that has awaited loadEngine() (links, records, copies). */
export function runReview(
  cardText: string,
  profile: ClientProfile,
  context: ReviewContext,
  taskClasses?: TaskClassSelection,
  signatures?: SignatureReport,
): Review {
  const result = reviewIfReady(cardText, profile, context, taskClasses, signatures);
  if (!result) throw new Error("runReview before loadEngine(): the review engine is not loaded yet");
  return result;
}

/**
 * A review that leaves the last one kept (the card on screen while the text being typed is not
 * JSON): undefined while the engine is loading.
 */
export function reviewAside(
  cardText: string,
  profile: ClientProfile,
  context: ReviewContext,
  taskClasses?: TaskClassSelection,
): Review | undefined {
  if (!engine) return undefined;
  return engine.review(cardText, profile, { context, ...(taskClasses ? { taskClasses } : {}) });
}

/**
 * A review this quick is redone in the keystroke's own render, so the matrix is painted with the
 * character (a 2,000-skill card takes about 20 ms in Chromium: still well under a long task); a
 * slower one (a larger card) is deferred behind the typing, which then stays responsive.
 */
const QUICK_REVIEW_MS = 25;
let lastReviewMs = 0;

export function lastReviewWasQuick(): boolean {
  return lastReviewMs <= QUICK_REVIEW_MS;
}

/**
 * Hands the workspace a review computed elsewhere for exactly these inputs: the server renders the
 * default example's review and passes it along, so the first load does not run the engine again
 * while it hydrates (the same engine, the same inputs: the same review).
 */
export function primeReview(
  cardText: string,
  profile: ClientProfile,
  context: ReviewContext,
  taskClasses: TaskClassSelection | undefined,
  result: Review,
): void {
  lastReview = { cardText, profile, context, taskClasses, signatures: undefined, cardUrl: undefined, review: result };
}

let lastReview:
  | {
      cardText: string;
      profile: ClientProfile;
      context: ReviewContext;
      taskClasses: TaskClassSelection | undefined;
      signatures: SignatureReport | undefined;
      cardUrl: string | undefined;
      review: Review;
    }
  | undefined;

/**
 * The text range of a pointer, or of its nearest ancestor that exists: a field the card leaves out
 * (a defaulted `capabilities.streaming`) is shown at the object it would belong to.
 */
export function locateNearest(text: string, pointer: string): { from: number; to: number } | undefined {
  let current = pointer;
  for (;;) {
    const range = locatePointer(text, current);
    if (range && current === pointer) return range;
    if (range) {
      // Only the ancestor's first line: marking a whole object (often the whole card) says nothing.
      const lineEnd = text.indexOf("\n", range.from);
      return { from: range.from, to: lineEnd === -1 ? range.to : Math.min(range.to, Math.max(lineEnd, range.from + 1)) };
    }
    if (current === "") return undefined;
    current = current.slice(0, current.lastIndexOf("/"));
  }
}

/**
 * Validity problems as editor diagnostics at the exact range of the pointer they name (or of its
 * nearest ancestor, as locateNearest). The pointers are found in one read of the text, which stops
 * once all are found; only pointers that name nothing send a second read for their ancestors (an
 * ancestor's range ends where it ends: on a 1 MiB card the card itself, found only at the end).
 * So the work grows with the card, not with the card times its problems.
 */
export function problemDiagnostics(result: Pick<Review, "validity">, text: string): EditorDiagnostic[] {
  const exact = new Set<string>();
  for (const problem of result.validity.problems) if (!problem.position) exact.add(problem.pointer);
  const ranges = locatePointers(text, exact);
  const ancestors = new Set<string>();
  for (const pointer of exact) {
    if (ranges.has(pointer) || pointer === "") continue;
    for (let current = pointer.slice(0, pointer.lastIndexOf("/")); ; current = current.slice(0, current.lastIndexOf("/"))) {
      if (ancestors.has(current) || ranges.has(current)) break;
      ancestors.add(current);
      if (current === "") break;
    }
  }
  if (ancestors.size > 0) for (const [pointer, range] of locatePointers(text, ancestors)) ranges.set(pointer, range);
  const nearest = (pointer: string): { from: number; to: number } | undefined => {
    for (let current = pointer; ; current = current.slice(0, current.lastIndexOf("/"))) {
      const range = ranges.get(current);
      if (range && current === pointer) return range;
      if (range) {
        const lineEnd = text.indexOf("\n", range.from);
        return { from: range.from, to: lineEnd === -1 ? range.to : Math.min(range.to, Math.max(lineEnd, range.from + 1)) };
      }
      if (current === "") return undefined;
    }
  };
  return result.validity.problems.map((problem) => {
    const message = describeProblem(problem);
    if (problem.position) {
      const from = Math.min(problem.position.offset, Math.max(0, text.length - 1));
      return { from, to: from + 1, severity: problem.severity, message };
    }
    const range = nearest(problem.pointer) ?? { from: 0, to: Math.min(text.length, 1) };
    return { from: range.from, to: range.to, severity: problem.severity, message };
  });
}

