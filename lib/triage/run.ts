import type { TaskClass } from "../negotiation/task-classes";
import { triagePair, type TriageCard, type TriageCell, type TriageProfile } from "./triage";

/**
 * A triage run: the pairs still to review, reviewed one by one and handed back in batches (a batch
 * closes after `batchMs` of work), so whoever shows them redraws a few times a second, not once per
 * pair. The /triage page runs this in a Web Worker; stopping a run is terminating that worker.
 */
export interface TriageRunInput {
  cards: readonly TriageCard[];
  profiles: readonly TriageProfile[];
  pairs: ReadonlyArray<{ cardId: string; profileId: string }>;
  taskClasses?: ReadonlyArray<string | TaskClass>;
}

/** A pair whose review threw: never expected (review() answers hostile input with problems), but said, not lost. */
export interface TriageRunFailure {
  cardId: string;
  profileId: string;
  message: string;
}

export interface TriageBatch {
  cells: TriageCell[];
  failures: TriageRunFailure[];
  /** Pairs of this run done so far, this batch included. */
  done: number;
  total: number;
}

export async function runTriage(
  input: TriageRunInput,
  options: {
    onBatch: (batch: TriageBatch) => void;
    batchMs: number;
    now?: () => number;
    /** Called between batches when set: a runner on the page's own thread gives the browser its turn here. */
    pause?: () => Promise<void>;
    stopped?: () => boolean;
  },
): Promise<void> {
  const now = options.now ?? (() => performance.now());
  const cards = new Map(input.cards.map((card) => [card.id, card]));
  const profiles = new Map(input.profiles.map((profile) => [profile.id, profile]));
  const reviewOptions = input.taskClasses ? { taskClasses: input.taskClasses } : {};
  const total = input.pairs.length;
  let cells: TriageCell[] = [];
  let failures: TriageRunFailure[] = [];
  let done = 0;
  let batchStart = now();
  for (const pair of input.pairs) {
    if (options.stopped?.()) return;
    const card = cards.get(pair.cardId);
    const profile = profiles.get(pair.profileId);
    if (card && profile) {
      try {
        cells.push(triagePair(card, profile, reviewOptions));
      } catch (error) {
        failures.push({ ...pair, message: error instanceof Error ? error.message : String(error) });
      }
    } else {
      failures.push({ ...pair, message: card ? "the profile is not part of this run" : "the card is not part of this run" });
    }
    done++;
    if (now() - batchStart >= options.batchMs) {
      options.onBatch({ cells, failures, done, total });
      cells = [];
      failures = [];
      if (options.pause) await options.pause();
      batchStart = now();
    }
  }
  options.onBatch({ cells, failures, done, total });
}
