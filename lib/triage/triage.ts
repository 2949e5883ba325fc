import type { ValidityProblem } from "../negotiation/card/validity";
import { outcomeOf, rulesOf, worstOutcome } from "../negotiation/decide";
import type { DecisionKind, Outcome, RejectTarget } from "../negotiation/decision-types";
import type { ReviewContext } from "../negotiation/context";
import type { InvariantId } from "../negotiation/invariants/types";
import { MAX_CARD_CHARS } from "../negotiation/card/parse-text";
import { ClientProfile } from "../negotiation/profile";
import { review } from "../negotiation/review";
import { TaskClass } from "../negotiation/task-classes";
import * as z from "../negotiation/zod";

/**
 * Triage: many cards × many profiles. Each pair is one review boiled down to what a grid shows (the
 * decision per task class, the invariants behind it, the worst one); rows and columns get the worst
 * decision of their cells; the whole triage saves to, and opens from, a `.parley-triage.json` file.
 * Pure: the /triage page runs it in a Web Worker, the CLI in Node.
 */
export interface TriageCard {
  id: string;
  /** What the user calls it: the file name, the URL, or the card's own name. */
  label: string;
  text: string;
  /** Where it came from (a URL or file name), when known. */
  source?: string;
}

export interface TriageProfile {
  id: string;
  profile: ClientProfile;
}

export interface CellDecision {
  decision: DecisionKind;
  /** reject only: who it is aimed at ("client": not for this client, no fault of the card). */
  target?: RejectTarget;
  rules: InvariantId[];
}

export interface TriageCell {
  cardId: string;
  profileId: string;
  valid: boolean;
  /** The card's own name, when it has one. */
  cardName?: string;
  shape: string;
  decisions: Record<string, CellDecision>;
  /** The worst outcome of the cell's classes: "not-for-client" only when every class is (it says nothing about the card). */
  worst: Outcome;
  /** The review could not run (an invalid profile or task class): its message ids, no decisions. */
  inputErrors?: string[];
  /** An invalid card: its first errors (at most MAX_CELL_PROBLEMS), as data for explain/validity. */
  problems?: ValidityProblem[];
}

/** A grid says why a card is invalid in a line or two; the workspace has the full list. */
export const MAX_CELL_PROBLEMS = 3;

/**
 * The worst of some outcomes, "accept" for none. A class that is not for this client ranks below
 * accept (OUTCOMES): it is the worst only when nothing else was decided, so a card's row, column
 * and sort say what the card does, not what every card does to a client without a live mode.
 */
export function worstOf(outcomes: Iterable<Outcome>): Outcome {
  return worstOutcome(outcomes) ?? "accept";
}

/** A cell's decision as shown and counted: "not-for-client" for a rejection aimed at the client. */
export function cellOutcome(decision: CellDecision): Outcome {
  return outcomeOf(decision);
}

export function triagePair(
  card: TriageCard,
  entry: TriageProfile,
  options: { context?: ReviewContext; taskClasses?: ReadonlyArray<string | TaskClass> } = {},
): TriageCell {
  const result = review(card.text, entry.profile, options);
  const decisions: Record<string, CellDecision> = {};
  for (const d of result.decisions) decisions[d.taskClass] = d.target === "client" && d.decision === "reject" ? { decision: d.decision, target: "client", rules: rulesOf(d) } : { decision: d.decision, rules: rulesOf(d) };
  const cell: TriageCell = {
    cardId: card.id,
    profileId: entry.id,
    valid: result.validity.valid,
    shape: result.shape,
    decisions,
    worst: worstOf(Object.values(decisions).map(cellOutcome)),
  };
  if (result.card?.name) cell.cardName = result.card.name;
  if (result.inputErrors?.length) cell.inputErrors = result.inputErrors.map((e) => `${e.code}@${e.pointer}`);
  if (!cell.valid) cell.problems = result.validity.problems.filter((p) => p.severity === "error").slice(0, MAX_CELL_PROBLEMS);
  return cell;
}

/** The worst decision in a row (a card, across profiles) or a column (a profile, across cards). */
export function summarize(cells: readonly TriageCell[], key: "cardId" | "profileId"): Map<string, Outcome> {
  const out = new Map<string, Outcome>();
  for (const cell of cells) {
    const seen = out.get(cell[key]);
    out.set(cell[key], seen === undefined ? cell.worst : worstOf([seen, cell.worst]));
  }
  return out;
}

/** What a user can filter the grid by. All given parts must hold. */
export interface TriageFilter {
  /** Card label or name contains this text (case-insensitive). */
  search?: string;
  /** Pairs where this task class got this decision (as shown: "reject" is not "not-for-client"). */
  taskClass?: string;
  decision?: Outcome;
  /** Only cards that are invalid. */
  invalidOnly?: boolean;
}

export function filterCells(cells: readonly TriageCell[], cards: readonly TriageCard[], filter: TriageFilter): TriageCell[] {
  const byId = new Map(cards.map((card) => [card.id, card]));
  return cells.filter((cell) => cellMatches(cell, byId.get(cell.cardId), filter));
}

/** Does this pair pass the filter? `card` is the cell's card (its label is searched too). */
export function cellMatches(cell: TriageCell, card: TriageCard | undefined, filter: TriageFilter): boolean {
  if (filter.invalidOnly && cell.valid) return false;
  const needle = filter.search?.trim().toLowerCase() ?? "";
  if (needle && !cardMatchesSearch(card, cell.cardName, needle)) return false;
  if (filter.decision) {
    if (filter.taskClass) {
      const d = cell.decisions[filter.taskClass];
      return d !== undefined && cellOutcome(d) === filter.decision;
    }
    return Object.values(cell.decisions).some((d) => cellOutcome(d) === filter.decision);
  }
  return true;
}

/** Card label or card name contains the (already lower-cased, trimmed) needle. */
export function cardMatchesSearch(card: TriageCard | undefined, cardName: string | undefined, needle: string): boolean {
  if (!needle) return true;
  return `${card?.label ?? ""} ${cardName ?? ""}`.toLowerCase().includes(needle);
}

// ---------------------------------------------------------------------------------------------
// Exports

/** One object per pair, the shape `review triage --format json` prints (the card by its label). */
export interface TriageJsonRow {
  card: string;
  source: string | null;
  cardName: string | null;
  profile: string;
  valid: boolean;
  worst: Outcome;
  decisions: Record<string, CellDecision>;
}

export function toJsonRows(cells: readonly TriageCell[], cards: readonly TriageCard[], profiles: readonly TriageProfile[]): TriageJsonRow[] {
  const cardById = new Map(cards.map((c) => [c.id, c]));
  const profileById = new Map(profiles.map((p) => [p.id, p]));
  return cells.map((cell) => {
    const card = cardById.get(cell.cardId);
    return {
      card: card?.label ?? cell.cardId,
      source: card?.source ?? null,
      cardName: cell.cardName ?? null,
      profile: profileById.get(cell.profileId)?.profile.name ?? cell.profileId,
      valid: cell.valid,
      worst: cell.worst,
      decisions: cell.decisions,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Saved triage files

export const TRIAGE_FILE_TYPE = "parley.triage";
export const MAX_TRIAGE_CARDS = 1000;
export const MAX_TRIAGE_PROFILES = 50;
/** The most characters one card of a triage may hold (the engine's own limit for card text). */
export const MAX_TRIAGE_CARD_CHARS = MAX_CARD_CHARS;

export const TriageFile = z.strictObject({
  type: z.literal(TRIAGE_FILE_TYPE),
  v: z.literal(1),
  cards: z
    .array(
      z.strictObject({
        id: z.string().check(z.minLength(1), z.maxLength(200)),
        label: z.string().check(z.maxLength(2000)),
        text: z.string().check(z.maxLength(MAX_TRIAGE_CARD_CHARS)),
        source: z.optional(z.string().check(z.maxLength(4000))),
      }),
    )
    .check(z.maxLength(MAX_TRIAGE_CARDS)),
  profiles: z.array(z.strictObject({ id: z.string().check(z.minLength(1), z.maxLength(200)), profile: ClientProfile })).check(z.maxLength(MAX_TRIAGE_PROFILES)),
  taskClasses: z.optional(z.array(z.union([z.string(), TaskClass])).check(z.maxLength(50))),
});
export type TriageFile = z.infer<typeof TriageFile>;

export function writeTriageFile(cards: readonly TriageCard[], profiles: readonly TriageProfile[], taskClasses?: ReadonlyArray<string | TaskClass>): string {
  const file: TriageFile = { type: TRIAGE_FILE_TYPE, v: 1, cards: [...cards], profiles: [...profiles] };
  if (taskClasses) file.taskClasses = [...taskClasses];
  return JSON.stringify(file, null, 2) + "\n";
}

export type ReadTriageResult = { ok: true; file: TriageFile } | { ok: false; pointer: string; message: string };

/** Reads a saved triage; hostile files come back as a pointer and zod's message, never a throw. */
export function readTriageFile(text: string): ReadTriageResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, pointer: "", message: `not JSON: ${(e as Error).message}` };
  }
  return readTriageValue(value);
}

/** The same, for a value already parsed. */
export function readTriageValue(value: unknown): ReadTriageResult {
  const parsed = TriageFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const pointer = issue ? "/" + issue.path.map((p) => String(p).replace(/~/g, "~0").replace(/\//g, "~1")).join("/") : "";
    return { ok: false, pointer: pointer === "/" ? "" : pointer, message: issue?.message ?? "not a Parley triage file" };
  }
  // Cells are keyed by card and profile id: two entries with one id would share (and lose) results.
  for (const list of ["cards", "profiles"] as const) {
    const duplicate = firstDuplicate(parsed.data[list].map((entry) => entry.id));
    if (duplicate) return { ok: false, pointer: `/${list}/${duplicate.index}/id`, message: `the id "${duplicate.id}" is used twice` };
  }
  return { ok: true, file: parsed.data };
}

function firstDuplicate(ids: readonly string[]): { id: string; index: number } | undefined {
  const seen = new Set<string>();
  for (let index = 0; index < ids.length; index++) {
    const id = ids[index]!;
    if (seen.has(id)) return { id, index };
    seen.add(id);
  }
  return undefined;
}
