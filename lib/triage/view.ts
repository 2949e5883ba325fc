import type { ValidityProblem } from "../negotiation/card/validity";
import { DECISIONS, type DecisionKind } from "../negotiation/decision-types";
import { cardMatchesSearch, cellMatches, worstOf, type TriageCard, type TriageCell, type TriageFilter, type TriageProfile } from "./triage";

/**
 * What the triage grid shows: the cards as rows (filtered, sorted), each with its cells in profile
 * order, which of them pass the filter, and the worst decision per row and per column. Pure, so the
 * grid stays a thin view and the same rules can be tested without a browser.
 */
export type TriageSort = "added" | "name" | "worst";

export const TRIAGE_SORTS: readonly TriageSort[] = ["added", "name", "worst"];

/** Cells are kept in a map under this key (ids never hold a line break: see newCardId/newProfileId). */
export function cellKey(cardId: string, profileId: string): string {
  return `${cardId}\n${profileId}`;
}

export interface TriageViewRow {
  card: TriageCard;
  /** One per profile, in profile order; undefined until that pair is reviewed. */
  cells: Array<TriageCell | undefined>;
  /** Per cell: does it pass the filter? (A pair not yet reviewed passes only an unfiltered view.) */
  matches: boolean[];
  /** The worst decision of the row's reviewed cells; undefined when none is reviewed yet. */
  worst?: DecisionKind;
  /** Card validity (the same for every profile); undefined until one pair of the row is reviewed. */
  valid?: boolean;
  /** The card's own name, once reviewed. */
  name?: string;
  problems?: ValidityProblem[];
}

export interface TriageView {
  rows: TriageViewRow[];
  /** Worst decision per profile over every card (not only the rows shown); undefined: none reviewed. */
  columnWorst: Array<DecisionKind | undefined>;
  /** Pairs that pass the filter, among those reviewed. */
  matchingPairs: number;
  reviewedPairs: number;
  totalPairs: number;
  /** Some part of the filter is set. */
  filtered: boolean;
}

export function isFilterActive(filter: TriageFilter): boolean {
  return Boolean(filter.search?.trim() || filter.decision || filter.invalidOnly);
}

const SEVERITY = new Map<DecisionKind, number>(DECISIONS.map((d, i) => [d, i]));

export function buildTriageView(input: {
  cards: readonly TriageCard[];
  profiles: readonly TriageProfile[];
  cells: ReadonlyMap<string, TriageCell>;
  filter: TriageFilter;
  sort: TriageSort;
}): TriageView {
  const { cards, profiles, cells, filter } = input;
  const needle = filter.search?.trim().toLowerCase() ?? "";
  // A filter on decisions or validity needs a reviewed pair to say yes; a name search does not.
  const needsCell = Boolean(filter.decision || filter.invalidOnly);
  const columnWorst: Array<DecisionKind | undefined> = profiles.map(() => undefined);
  const rows: TriageViewRow[] = [];
  let matchingPairs = 0;
  let reviewedPairs = 0;
  for (const card of cards) {
    const row: TriageViewRow = { card, cells: [], matches: [] };
    let anyMatch = false;
    profiles.forEach((profile, column) => {
      const cell = cells.get(cellKey(card.id, profile.id));
      row.cells.push(cell);
      if (!cell) {
        row.matches.push(!needsCell && cardMatchesSearch(card, undefined, needle));
        return;
      }
      reviewedPairs++;
      row.valid = cell.valid;
      if (cell.cardName !== undefined) row.name = cell.cardName;
      if (cell.problems) row.problems = cell.problems;
      row.worst = worstOf([row.worst ?? "accept", cell.worst]);
      columnWorst[column] = worstOf([columnWorst[column] ?? "accept", cell.worst]);
      const match = cellMatches(cell, card, filter);
      row.matches.push(match);
      if (match) {
        matchingPairs++;
        anyMatch = true;
      }
    });
    const searchHit = cardMatchesSearch(card, row.name, needle);
    if (needsCell ? anyMatch : searchHit) rows.push(row);
  }
  sortRows(rows, input.sort);
  return { rows, columnWorst, matchingPairs, reviewedPairs, totalPairs: cards.length * profiles.length, filtered: isFilterActive(filter) };
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function sortRows(rows: TriageViewRow[], sort: TriageSort): void {
  if (sort === "added") return;
  if (sort === "name") {
    rows.sort((a, b) => collator.compare(a.card.label, b.card.label));
    return;
  }
  // Worst first; rows not reviewed yet go last; Array.prototype.sort is stable, so ties keep the order added.
  const rank = (row: TriageViewRow) => (row.worst === undefined ? -1 : SEVERITY.get(row.worst)!);
  rows.sort((a, b) => rank(b) - rank(a));
}

/** The reviewed pairs the view shows and that pass its filter, row by row: what an export of the view holds. */
export function shownCells(view: TriageView): TriageCell[] {
  const out: TriageCell[] = [];
  for (const row of view.rows) {
    row.cells.forEach((cell, i) => {
      if (cell && row.matches[i]) out.push(cell);
    });
  }
  return out;
}

/** Pairs without a result yet, card by card: what a run has left to do. */
export function pendingPairs(
  cards: readonly TriageCard[],
  profiles: readonly TriageProfile[],
  cells: ReadonlyMap<string, TriageCell>,
): Array<{ cardId: string; profileId: string }> {
  const out: Array<{ cardId: string; profileId: string }> = [];
  for (const card of cards) {
    for (const profile of profiles) if (!cells.has(cellKey(card.id, profile.id))) out.push({ cardId: card.id, profileId: profile.id });
  }
  return out;
}
