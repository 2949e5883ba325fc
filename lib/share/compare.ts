import type { DecisionKind } from "../negotiation/decision-types";
import type { DecisionMap } from "./schema";

export interface SnapshotSide {
  /** sha256 hex of the card bytes (see cardDigestHex). */
  digest: string;
  /** Task class id → decision; left out when that side has none to compare. */
  decisions?: DecisionMap;
}

export interface DecisionMove {
  taskClass: string;
  /** null: the task class was not decided on that side. */
  from: DecisionKind | null;
  to: DecisionKind | null;
}

export interface SnapshotComparison {
  cardChanged: boolean;
  /** Task classes whose decision differs, in the order of `before`, then classes only in `after`. */
  moved: DecisionMove[];
  /** False when either side carries no decisions: "nothing moved" would then be a guess. */
  decisionsCompared: boolean;
}

/**
 * What changed between a snapshot and now: the card (by digest) and the decision per task class.
 * Used both for live links (then vs the card fetched now) and for snapshot links opened by a newer
 * engine (same card, decisions then vs now).
 */
export function compareSnapshot(before: SnapshotSide, after: SnapshotSide): SnapshotComparison {
  const cardChanged = before.digest.toLowerCase() !== after.digest.toLowerCase();
  if (!before.decisions || !after.decisions) return { cardChanged, moved: [], decisionsCompared: false };
  const from = before.decisions;
  const to = after.decisions;
  const ids = [...Object.keys(from), ...Object.keys(to).filter((id) => !Object.hasOwn(from, id))];
  const moved: DecisionMove[] = [];
  for (const taskClass of ids) {
    const a = Object.hasOwn(from, taskClass) ? (from[taskClass] ?? null) : null;
    const b = Object.hasOwn(to, taskClass) ? (to[taskClass] ?? null) : null;
    if (a !== b) moved.push({ taskClass, from: a, to: b });
  }
  return { cardChanged, moved, decisionsCompared: true };
}
