import { RECONSTRUCTION_NOTE } from "@/lib/negotiation/explain";
import { OUTCOME_LABELS } from "@/lib/negotiation";
import type { DecisionMove, SnapshotComparison } from "@/lib/share";

/**
 * What the workspace tells the user about the link it opened, as data; `describeNotice` words it.
 * Built once when the link is opened, so later edits do not rewrite what the link showed.
 */
export type LinkNotice =
  /** The fragment could not be read: the workspace opens empty. */
  | { kind: "failed"; message: string }
  /** A snapshot: the link's decisions against this engine's on the same card bytes. */
  | {
      kind: "snapshot";
      engineThen: string;
      engineNow: string;
      comparison: SnapshotComparison;
      /** The link holds a card and profile Parley rebuilt from a log message, not a real review. */
      reconstruction?: boolean;
    }
  /** A live link whose card was fetched now. `then` is absent for a live link made without a snapshot. */
  | {
      kind: "live";
      cardUrl: string;
      engineThen: string;
      engineNow: string;
      digestNow: string;
      then?: { digest: string; comparison: SnapshotComparison };
    }
  /** A live link whose card could not be fetched: the workspace keeps the link's profile, without a card. */
  | { kind: "fetchFailed"; cardUrl: string; code: string; message: string };

export interface NoticeText {
  tone: "info" | "warning" | "error";
  title: string;
  lines: string[];
  /** Decisions that differ, each worded "live-input: reject → accept". */
  moves: string[];
}

export function describeNotice(notice: LinkNotice): NoticeText {
  switch (notice.kind) {
    case "failed":
      return {
        tone: "error",
        title: "This review link cannot be opened.",
        lines: [notice.message, "Nothing was loaded from it; ask whoever sent it for the link again."],
        moves: [],
      };
    case "fetchFailed":
      return {
        tone: "error",
        title: `The card of this live link could not be fetched from ${notice.cardUrl}.`,
        lines: [`${notice.message} (${notice.code})`, "The link's profile and context are loaded; the card is not."],
        moves: [],
      };
    case "snapshot": {
      const { comparison } = notice;
      const sameEngine = notice.engineThen === notice.engineNow;
      const engine = sameEngine
        ? `Opened a snapshot link: the exact card, profile and context, reviewed by engine ${notice.engineNow} as when it was made.`
        : `Made with engine ${notice.engineThen}, you run ${notice.engineNow}; ${differs(comparison)}.`;
      if (notice.reconstruction) {
        return {
          tone: "warning",
          title: "A reconstruction from a log line, not a real review",
          lines: [RECONSTRUCTION_NOTE.what, RECONSTRUCTION_NOTE.fullRecord],
          moves: [],
        };
      }
      return {
        tone: comparison.moved.length > 0 ? "warning" : "info",
        title: sameEngine ? "Review link opened" : "Review link opened with a different engine",
        lines: sameEngine && comparison.moved.length > 0 ? [engine, `Yet ${differs(comparison)}.`] : [engine],
        moves: comparison.moved.map(formatMove),
      };
    }
    case "live": {
      const lines = [`Fetched the card from ${notice.cardUrl} just now.`];
      if (notice.engineThen !== notice.engineNow) lines.push(`The link was made with engine ${notice.engineThen}; you run ${notice.engineNow}.`);
      const then = notice.then;
      if (!then) {
        lines.push("The link carries no snapshot of the card, so there is nothing to compare it with.");
        return { tone: "info", title: "Live link opened", lines, moves: [] };
      }
      lines.push(
        then.comparison.cardChanged
          ? `The card has changed since the link was made (SHA-256 ${short(then.digest)} then, ${short(notice.digestNow)} now).`
          : `The card is unchanged since the link was made (SHA-256 ${short(notice.digestNow)}).`,
      );
      lines.push(
        !then.comparison.decisionsCompared
          ? "The link carries no decisions to compare."
          : then.comparison.moved.length === 0
            ? "No decision moved."
            : `${count(then.comparison.moved.length, "decision")} moved:`,
      );
      const drift = then.comparison.cardChanged || then.comparison.moved.length > 0;
      return {
        tone: drift ? "warning" : "info",
        title: drift ? "Live link opened: the card has drifted" : "Live link opened: no drift",
        lines,
        moves: then.comparison.moved.map(formatMove),
      };
    }
  }
}

function differs(comparison: SnapshotComparison): string {
  if (!comparison.decisionsCompared) return "the link carries no decisions to compare";
  const n = comparison.moved.length;
  return n === 0 ? "no decision differs" : `${count(n, "decision")} ${n === 1 ? "differs" : "differ"}`;
}

export function formatMove(move: DecisionMove): string {
  const word = (o: DecisionMove["from"]) => (o === null ? "not reviewed" : OUTCOME_LABELS[o]);
  return `${move.taskClass}: ${word(move.from)} → ${word(move.to)}`;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

/** Enough of a digest to tell two apart at a glance; the full one is in the fetch details. */
function short(digest: string): string {
  return `${digest.slice(0, 12)}…`;
}
