import type { TriageBatch } from "@/lib/triage/run";
import type { TriageCell } from "@/lib/triage/triage";
import { cellKey } from "@/lib/triage/view";

export interface ResultsSnapshot {
  cells: ReadonlyMap<string, TriageCell>;
  /** Pairs whose review failed, with why. */
  failures: ReadonlyMap<string, string>;
  version: number;
}

/**
 * The results of a triage's runs, by pair (see cellKey), as a store the page subscribes to. A run
 * adds results many times a second; subscribers hear of them at most every `throttleMs`, so a run
 * of 5,000 pairs redraws the grid a few times a second, not once per pair.
 */
export class TriageResults {
  private readonly cells = new Map<string, TriageCell>();
  private readonly failures = new Map<string, string>();
  private snapshot: ResultsSnapshot = { cells: this.cells, failures: this.failures, version: 0 };
  private readonly listeners = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly throttleMs = 200) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ResultsSnapshot => this.snapshot;

  /** Adds a batch; results for pairs `keep` rejects (a card or profile removed meanwhile) are dropped. */
  add(batch: TriageBatch, keep: (cardId: string, profileId: string) => boolean): void {
    for (const cell of batch.cells) if (keep(cell.cardId, cell.profileId)) this.cells.set(cellKey(cell.cardId, cell.profileId), cell);
    for (const failure of batch.failures) if (keep(failure.cardId, failure.profileId)) this.failures.set(cellKey(failure.cardId, failure.profileId), failure.message);
    this.schedule();
  }

  /** Is this pair done (reviewed, or failed and not to be tried again until asked)? */
  settled(key: string): boolean {
    return this.cells.has(key) || this.failures.has(key);
  }

  get(key: string): TriageCell | undefined {
    return this.cells.get(key);
  }

  /** Forgets the results of these cards, and of this profile. */
  forget(cardIds: ReadonlySet<string>, profileId?: string): void {
    for (const map of [this.cells, this.failures] as Map<string, unknown>[]) {
      for (const key of [...map.keys()]) {
        const [cardId, pid] = key.split("\n");
        if (cardIds.has(cardId!) || (profileId !== undefined && pid === profileId)) map.delete(key);
      }
    }
    this.flush();
  }

  clearFailures(): void {
    this.failures.clear();
    this.flush();
  }

  clear(): void {
    this.cells.clear();
    this.failures.clear();
    this.flush();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.snapshot = { cells: this.cells, failures: this.failures, version: this.snapshot.version + 1 };
    for (const listener of this.listeners) listener();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.throttleMs);
  }
}
