"use client";

import { useDeferredValue, useId, useMemo, useState } from "react";
import { explainLogNotice } from "@/lib/negotiation/explain";
import { MAX_LOG_INPUT_CHARS, MAX_LOG_LINES, readLogText } from "@/lib/negotiation/log";
import { LogEntryView } from "./log-entry-view";
import { tracebackLines } from "./traceback";

/**
 * Lines explained at once. Each explained line is a card of text, links and (for a record) a check
 * against its card: 500 at once made a task of seconds. The rest are read and counted, and shown a
 * page at a time on request.
 */
export const SHOWN_PER_PAGE = 50;

/** The paste box and its results. Reading runs in the browser: pasted logs never leave the page. */
/** `registry`: this server has a team registry, where a record's card may be found by its digest. */
export function LogExplainer({ example, registry = false }: { example: string; registry?: boolean }) {
  const [text, setText] = useState("");
  // A paste past the limit is refused before it is put in the box (a 3 MB paste laid out in the
  // text area, then read, was a 9.4 s task): an input error, with the limit, and the box unchanged.
  const [refused, setRefused] = useState<number | undefined>(undefined);
  const [shown, setShown] = useState(SHOWN_PER_PAGE);
  const accept = (value: string) => {
    if (value.length > MAX_LOG_INPUT_CHARS) return setRefused(value.length);
    setRefused(undefined);
    setShown(SHOWN_PER_PAGE);
    setText(value);
  };
  const deferred = useDeferredValue(text);
  const reading = useMemo(() => withoutTraceback(readLogText(deferred), deferred), [deferred]);
  const inputId = useId();
  const hintId = useId();
  const counts = summarize(reading.entries.map((e) => e.kind), reading.skipped);

  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
        <label htmlFor={inputId} className="text-sm font-semibold text-slate-800">
          Log lines
        </label>
        <p id={hintId} className="mb-2 text-xs text-slate-600">
          One per line: Parley decision records (JSON, on one line or laid out over several), UnnegotiableAgentCardError
          messages, or any line that names a rule. Up to {MAX_LOG_LINES} lines and {Math.round(MAX_LOG_INPUT_CHARS / 1024)} KiB; blank lines are skipped.
        </p>
        <textarea
          id={inputId}
          aria-describedby={hintId}
          data-testid="log-input"
          className="block h-44 w-full resize-y rounded border border-slate-300 bg-slate-50 p-2 font-mono text-xs leading-5 focus-visible:outline-2 focus-visible:outline-sky-600"
          spellCheck={false}
          autoComplete="off"
          placeholder={`{"type":"parley.decision",…}  or  task_class='live-input': card advertises …`}
          value={text}
          onPaste={(event) => {
            const pasted = event.clipboardData.getData("text/plain");
            const target = event.currentTarget;
            const after = text.length - (target.selectionEnd - target.selectionStart) + pasted.length;
            if (after > MAX_LOG_INPUT_CHARS) {
              event.preventDefault();
              setRefused(after);
            }
          }}
          onChange={(event) => accept(event.target.value)}
        />
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="rounded border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
            onClick={() => accept(example)}
          >
            Paste an example
          </button>
          <button
            type="button"
            className="rounded border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600 disabled:opacity-50"
            onClick={() => accept("")}
            disabled={text === ""}
          >
            Clear
          </button>
          <p className="text-sm text-slate-600" aria-live="polite" data-testid="log-summary">
            {counts}
          </p>
        </div>
      </div>

      {refused !== undefined && (
        <p role="alert" className="rounded border border-rose-300 bg-rose-50 p-2 text-sm text-rose-950" data-testid="log-refused">
          Not read: {explainLogNotice({ code: "inputTooLarge", length: refused, limit: MAX_LOG_INPUT_CHARS })}
        </p>
      )}

      {reading.notice && (
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950" data-testid="log-notice">
          {explainLogNotice(reading.notice)}
        </p>
      )}

      {reading.entries.length > 0 && (
        <ol aria-label="Explained lines" className="flex flex-col gap-3">
          {reading.entries.slice(0, shown).map((entry) => (
            <LogEntryView key={entry.line} entry={entry} registry={registry} />
          ))}
        </ol>
      )}
      {reading.entries.length > shown && (
        <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="log-more">
          <p>
            Explained the first {shown} of {reading.entries.length} lines read; {reading.entries.length - shown} more are not shown yet.
          </p>
          <button
            type="button"
            className="rounded border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
            onClick={() => setShown((n) => n + SHOWN_PER_PAGE)}
          >
            Explain the next {Math.min(SHOWN_PER_PAGE, reading.entries.length - shown)}
          </button>
        </div>
      )}
    </div>
  );
}

function summarize(kinds: string[], skipped: number): string {
  if (kinds.length === 0 && skipped === 0) return "";
  const unreadable = kinds.filter((k) => k === "unreadable").length;
  const read = kinds.length - unreadable;
  const lines = (n: number) => `${n} line${n === 1 ? "" : "s"}`;
  const said = unreadable === 0 ? `${lines(read)} explained` : `${lines(read)} explained, ${lines(unreadable)} unreadable`;
  return skipped === 0 ? `${said}.` : `${said}; ${lines(skipped)} of a traceback skipped (its frames are not log records).`;
}

/** The reading without the traceback lines Parley could not read anyway (counted, not listed). */
function withoutTraceback(reading: ReturnType<typeof readLogText>, text: string): ReturnType<typeof readLogText> & { skipped: number } {
  if (!reading.entries.some((e) => e.kind === "unreadable")) return { ...reading, skipped: 0 };
  const machinery = tracebackLines(text.split(/\r\n|\r|\n/));
  const entries = reading.entries.filter((e) => !(e.kind === "unreadable" && e.endLine === undefined && machinery[e.line - 1] === true));
  return { ...reading, entries, skipped: reading.entries.length - entries.length };
}
