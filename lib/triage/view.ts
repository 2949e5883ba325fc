import type { ValidityProblem } from "../negotiation/card/validity";
import { outcomeRank } from "../negotiation/decide";
import type { Outcome } from "../negotiation/decision-types";
import { cardMatchesSearch, cellMatches, cellOutcome, worstOf, type TriageCard, type TriageCell, type TriageFilter, type TriageProfile } from "./triage";

/**
 * What the triage grid shows: the cards as rows (filtered, sorted), each with its cells in profile
 * order, which of them pass the filter, and the worst decision per row and per column. Pure, so the
 * grid stays a thin view and the same rules can be tested without a browser.
 */
export type TriageSort = "added" | "name" | "worst";

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
  worst?: Outcome;
  /** Card validity (the same for every profile); undefined until one pair of the row is reviewed. */
  valid?: boolean;
  /** The card's own name, once reviewed. */
  name?: string;
  problems?: ValidityProblem[];
  /** How bad the row's pairs are, compared most significant first (see badnessOf); empty until one pair is reviewed. */
  badness: number[];
}

/** Per profile: how many reviewed cards' pairs come out at each worst outcome. */
export type OutcomeCounts = Partial<Record<Outcome, number>>;

export interface TriageView {
  rows: TriageViewRow[];
  /** Worst decision per profile over every card (not only the rows shown); undefined: none reviewed. */
  columnWorst: Array<Outcome | undefined>;
  /** Per profile, over every card: how many pairs have each worst outcome (the header's counts). */
  columnCounts: OutcomeCounts[];
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
  const columnWorst: Array<Outcome | undefined> = profiles.map(() => undefined);
  const columnCounts: OutcomeCounts[] = profiles.map(() => ({}));
  const rows: TriageViewRow[] = [];
  let matchingPairs = 0;
  let reviewedPairs = 0;
  for (const card of cards) {
    const row: TriageViewRow = { card, cells: [], matches: [], badness: [] };
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
      // Seeded with the first cell, not with accept: a row whose every class is not for this client says so.
      row.worst = row.worst === undefined ? cell.worst : worstOf([row.worst, cell.worst]);
      const seen = columnWorst[column];
      columnWorst[column] = seen === undefined ? cell.worst : worstOf([seen, cell.worst]);
      const counts = columnCounts[column]!;
      counts[cell.worst] = (counts[cell.worst] ?? 0) + 1;
      const match = cellMatches(cell, card, filter);
      row.matches.push(match);
      if (match) {
        matchingPairs++;
        anyMatch = true;
      }
    });
    row.badness = badnessOf(row.cells);
    const searchHit = cardMatchesSearch(card, row.name, needle);
    if (needsCell ? anyMatch : searchHit) rows.push(row);
  }
  sortRows(rows, input.sort);
  return { rows, columnWorst, columnCounts, matchingPairs, reviewedPairs, totalPairs: cards.length * profiles.length, filtered: isFilterActive(filter) };
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function sortRows(rows: TriageViewRow[], sort: TriageSort): void {
  if (sort === "added") return;
  if (sort === "name") {
    rows.sort((a, b) => collator.compare(a.card.label, b.card.label));
    return;
  }
  // Worst first, by how bad the pairs are (badnessOf); rows not reviewed yet go last;
  // Array.prototype.sort is stable, so ties keep the order added.
  rows.sort((a, b) => compareBadness(b.badness, a.badness));
}

/**
 * How bad a card's pairs are, as numbers compared most significant first: for how many profiles
 * some class is rejected, how many (profile, class) pairs are rejected, then escalated, deferred and
 * degraded (the engine's severity order, so the worst column reads down in order); last the row's
 * worst outcome. A card rejected for every client ranks
 * above one rejected for a single client; "not for this client" counts for nothing (no fault of
 * the card). Empty: nothing reviewed yet.
 */
export function badnessOf(cells: ReadonlyArray<TriageCell | undefined>): number[] {
  let rejectingProfiles = 0;
  const count: Partial<Record<Outcome, number>> = {};
  let worst: Outcome | undefined;
  let reviewed = false;
  for (const cell of cells) {
    if (!cell) continue;
    reviewed = true;
    worst = worst === undefined ? cell.worst : worstOf([worst, cell.worst]);
    let rejects = false;
    for (const decision of Object.values(cell.decisions)) {
      const outcome = cellOutcome(decision);
      count[outcome] = (count[outcome] ?? 0) + 1;
      if (outcome === "reject") rejects = true;
    }
    if (rejects) rejectingProfiles++;
  }
  if (!reviewed) return [];
  return [
    rejectingProfiles,
    count.reject ?? 0,
    count.escalate ?? 0,
    count.defer ?? 0,
    count["accept-degraded"] ?? 0,
    worst === undefined ? -1 : outcomeRank(worst),
  ];
}

/** Compares two badness lists (badnessOf): positive when `a` is worse; a row not reviewed is the least bad. */
export function compareBadness(a: readonly number[], b: readonly number[]): number {
  if (a.length === 0 || b.length === 0) return a.length - b.length;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
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
