"use client";

import { useId, useState, type DragEvent, type ReactNode } from "react";
import { BUTTON, ERROR, FIELD, HINT } from "@/components/ui/form-styles";
import { describeNotUtf8, formatBytes } from "@/components/ui/file-words";
import { MAX_TRIAGE_CARD_CHARS } from "@/lib/triage/triage";
import { decodeUtf8 } from "@/lib/triage/utf8";

/** One version of the card: its text, and where it came from. */
export interface CardVersion {
  text: string;
  /** "pasted", a file name, "the review link's snapshot", a URL fetched now… */
  origin: string;
}

export const EMPTY_VERSION: CardVersion = { text: "", origin: "" };

/** A version of the card: typed or pasted, opened from a file, or dropped on the field. */
export function CardVersionField({
  title,
  version,
  onChange,
  note,
  testId,
}: {
  title: string;
  version: CardVersion;
  onChange: (version: CardVersion) => void;
  /** Said under the field: where it came from, a digest check, a fetch in progress. */
  note?: ReactNode;
  testId: string;
}) {
  const id = useId();
  const [error, setError] = useState<string | undefined>();
  const [dragging, setDragging] = useState(false);

  const openFile = (file: File | undefined, others = 0) => {
    if (!file) return;
    if (file.size > MAX_TRIAGE_CARD_CHARS) {
      setError(`${file.name} is ${formatBytes(file.size)}; a card may be at most ${formatBytes(MAX_TRIAGE_CARD_CHARS)}.`);
      return;
    }
    void file.arrayBuffer().then(
      (buffer) => {
        // Read as UTF-8 strictly: a file in another encoding is refused at its byte, never shown with replacement characters.
        const decoded = decodeUtf8(new Uint8Array(buffer));
        if (!decoded.ok) {
          setError(`${file.name} was not opened. ${describeNotUtf8(decoded.offset, decoded.byte)}`);
          return;
        }
        setError(others > 0 ? `Only ${file.name} was opened: this side holds one version (${others} more ${others === 1 ? "file was" : "files were"} dropped).` : undefined);
        // A byte order mark is not part of the card (the browser's own text reading drops it too).
        onChange({ text: decoded.text.replace(/^\uFEFF/, ""), origin: file.name });
      },
      () => setError(`${file.name} could not be read.`),
    );
  };

  const onDrop = (event: DragEvent) => {
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length === 0) return;
    event.preventDefault();
    openFile(files[0], files.length - 1);
  };

  return (
    <div className="flex min-w-0 flex-col gap-1" data-testid={testId}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <label htmlFor={`${id}-text`} className="text-sm font-semibold text-slate-800">
          {title}
        </label>
        <div className="flex items-center gap-2">
          <label className={`${BUTTON} cursor-pointer focus-within:outline-2 focus-within:outline-sky-600`}>
            Open a file…
            <input
              type="file"
              className="sr-only"
              data-testid={`${testId}-file`}
              onChange={(event) => {
                openFile(event.target.files?.[0]);
                event.target.value = "";
              }}
            />
          </label>
          {version.text !== "" && (
            <button type="button" className={BUTTON} onClick={() => onChange(EMPTY_VERSION)}>
              Clear
            </button>
          )}
        </div>
      </div>
      <textarea
        id={`${id}-text`}
        rows={12}
        value={version.text}
        spellCheck={false}
        onChange={(event) => onChange({ text: event.target.value, origin: editedOrigin(version.origin) })}
        onDragOver={(event) => {
          if (!Array.from(event.dataTransfer.types).includes("Files")) return;
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        aria-describedby={`${id}-note`}
        placeholder="Paste the card's JSON, or drop its file here"
        className={`${FIELD} font-mono text-xs ${dragging ? "outline-2 outline-sky-500 outline-dashed" : ""}`}
      />
      <div id={`${id}-note`} className={HINT}>
        {version.text === "" ? "Empty." : version.origin ? `From: ${version.origin}.` : null} {note}
      </div>
      {error && (
        <p className={ERROR} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** Where a version came from once it is typed in: "pasted", or its origin marked edited once (not once per keystroke). */
export function editedOrigin(origin: string): string {
  if (!origin || origin === "pasted") return "pasted";
  return origin.endsWith(", edited") ? origin : `${origin}, edited`;
}
