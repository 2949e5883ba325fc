import type { Writable } from "node:stream";
// The one function, not the explain barrel: seed-check reports progress without loading the wording of the engine.
import { withThousands } from "../negotiation/thousands";

/**
 * A one-line progress report on stderr for the long-running commands (batch, seed-check): redrawn
 * in place at most once a second while the work goes on, then replaced by a closing line. Only on
 * a terminal: a pipe or a CI log gets no progress lines, so stderr there stays the errors alone.
 */
export interface Progress {
  /** Called as often as the caller likes (after each block of lines); draws at most once per interval. */
  update(describe: (elapsedMs: number) => string): void;
  /** Clears the in-place line and writes the closing line, with the time the whole run took. */
  done(line: string): void;
}

const NO_PROGRESS: Progress = { update() {}, done() {} };

/** Clear to the end of the line (ANSI EL), after a carriage return. */
const REDRAW = "\r\u001b[K";

export interface ProgressOptions {
  /** Milliseconds between redraws. */
  intervalMs?: number;
  /** The clock, for tests. */
  now?: () => number;
}

export function progressOn(stderr: Writable, opts: ProgressOptions = {}): Progress {
  if ((stderr as Writable & { isTTY?: boolean }).isTTY !== true) return NO_PROGRESS;
  const intervalMs = opts.intervalMs ?? 1000;
  const now = opts.now ?? Date.now;
  const started = now();
  let drawnAt = started;
  let drawn = false;
  return {
    update(describe) {
      const t = now();
      if (t - drawnAt < intervalMs) return;
      drawnAt = t;
      drawn = true;
      stderr.write(`${REDRAW}${describe(t - started)} (${formatSeconds(t - started)})`);
    },
    done(line) {
      stderr.write(`${drawn ? REDRAW : ""}${line} in ${formatSeconds(now() - started)}.\n`);
    },
  };
}

function formatSeconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}

/** 12,345: counts in progress lines, grouped the way the docs write them. */
export const count = withThousands;

/** "12,345 lines, 4,100 lines/s": how far a line-by-line command has come. */
export function linesSoFar(lines: number, elapsedMs: number): string {
  return `${count(lines)} line${lines === 1 ? "" : "s"}, ${count(Math.round((lines * 1000) / Math.max(elapsedMs, 1)))} lines/s`;
}
