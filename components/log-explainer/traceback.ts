/**
 * A Python traceback pasted with the line that matters: its header, frames ("File …, line N, in
 * f"), the source line under each frame and the caret markers are not log records. They are
 * skipped quietly (when Parley could not read them anyway) and counted once, not listed one by one
 * as unreadable.
 */
const HEADER = /^\s*Traceback \(most recent call last\):\s*$/;
const FRAME = /^\s*File "[^"]*", line \d+(, in .*)?\s*$/;
const CARETS = /^\s*[~^]+\s*$/;
const CHAINED = /^\s*(During handling of the above exception, another exception occurred:|The above exception was the direct cause of the following exception:)\s*$/;

/** For each line (in order), whether it is part of a traceback's machinery. */
export function tracebackLines(lines: readonly string[]): boolean[] {
  let afterFrame = false;
  let inTraceback = false;
  return lines.map((line) => {
    if (HEADER.test(line) || CHAINED.test(line)) {
      inTraceback = true;
      afterFrame = false;
      return true;
    }
    if (FRAME.test(line)) {
      inTraceback = true;
      afterFrame = true;
      return true;
    }
    // The source line a frame shows is indented under it; so are the carets.
    if (inTraceback && (afterFrame || CARETS.test(line)) && /^\s+\S/.test(line)) {
      afterFrame = false;
      return true;
    }
    afterFrame = false;
    if (line.trim() !== "" && !/^\s/.test(line)) inTraceback = false;
    return false;
  });
}
