"use client";

import { memo, useId, useState, type RefObject } from "react";
import { describeNotUtf8 } from "@/components/ui/file-words";
import { decodeUtf8 } from "@/lib/triage/utf8";
import type { CardSource } from "@/components/session/card-source";
import { CollapsibleSection } from "@/components/ui/collapsible-section";
import { EXAMPLE_GROUPS, findExample, loadExampleText } from "./examples";
import { FetchCardForm } from "./fetch-card-form";
import { FetchDetails } from "./fetch-details";
import { formatJsonText } from "./format-json";
import { JsonEditor, type JsonEditorHandle } from "./json-editor";
import type { EditorDiagnostic } from "@/components/session/workspace-review";

interface CardPanelProps {
  initialText: string;
  /** The editor's text no longer matches the example or fetched card it came from. */
  sourceEdited: boolean;
  source: CardSource | null;
  onChange: (text: string) => void;
  onLoad: (text: string, source: CardSource) => void;
  diagnostics: readonly EditorDiagnostic[];
  diagnosticsText: string;
  editorRef: RefObject<JsonEditorHandle | null>;
  /** undefined: folded on a narrow screen, open on a wide one (until the user says otherwise). */
  open: boolean | undefined;
  onToggle: (open: boolean) => void;
  /** What the folded section says it holds (the card's name). */
  summary: string;
}

/**
 * The card: pick, open, fetch, paste or type it. Memoized, and its body apart from its heading: a
 * keystroke in the card's name changes the folded summary, which must not re-render the body (the
 * fetch form, the file picker, the editor).
 */
export const CardPanel = memo(function CardPanel({ open, onToggle, summary, ...body }: CardPanelProps) {
  return (
    <CollapsibleSection title="Agent card" id="card-heading" open={open} onToggle={onToggle} summary={summary}>
      <CardPanelBody {...body} />
    </CollapsibleSection>
  );
});

const CardPanelBody = memo(function CardPanelBody(props: Omit<CardPanelProps, "open" | "onToggle" | "summary">) {
  const exampleId = useId();
  const fileId = useId();
  const { source, onLoad } = props;
  // A refused file's message, shown until the card changes source (an example, a fetch, another file).
  const [refused, setRefused] = useState<{ message: string; over: CardSource | null } | undefined>();
  const fileError = refused?.over === source ? refused.message : undefined;
  const setFileError = (message: string | undefined) => setRefused(message === undefined ? undefined : { message, over: source });
  // What the last Format did; said until the card changes source.
  const [formatted, setFormatted] = useState<{ note: string; over: CardSource | null } | undefined>();
  const formatNote = formatted?.over === source ? formatted.note : undefined;
  const setFormatNote = (note: string) => setFormatted({ note, over: source });
  // Read as UTF-8 strictly, as /triage and /diff do: a file in another encoding is refused at its
  // byte, never shown with replacement characters and reviewed as something it is not.
  const openFile = (file: File) => {
    void file.arrayBuffer().then(
      (buffer) => {
        const decoded = decodeUtf8(new Uint8Array(buffer));
        if (!decoded.ok) return setFileError(`${file.name} was not opened. ${describeNotUtf8(decoded.offset, decoded.byte)}`);
        setFileError(undefined);
        // A byte order mark is not part of the card (the browser's own text reading drops it too).
        onLoad(decoded.text.replace(/^\uFEFF/, ""), { kind: "file", name: file.name });
      },
      () => setFileError(`${file.name} could not be read.`),
    );
  };
  return (
    <>
      {/* Side by side only when the panel itself is wide enough: in the narrow left column of a
          wide screen, each control gets the whole width (no "Contoso Voice Des", no "No…en"). */}
      <div className="@container mb-2">
        <div className="grid grid-cols-1 gap-2 @lg:grid-cols-2">
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={exampleId} className="text-xs font-medium text-slate-600">
              Built-in example
            </label>
            <select
              id={exampleId}
              className="w-full min-w-0 rounded border border-slate-300 bg-white px-1.5 py-1 text-sm"
              value={pickedExample(source, props.sourceEdited)}
              onChange={(event) => {
                const example = findExample(event.target.value);
                if (!example) return;
                void loadExampleText(example.id).then((text) => {
                  if (text !== undefined) props.onLoad(text, { kind: "example", id: example.id, title: example.title, text });
                });
              }}
            >
              <option value="">(your own card)</option>
              {EXAMPLE_GROUPS.map((group) => (
                <optgroup key={group.label} label={group.label}>
                  {group.cards.map((card) => (
                    <option key={card.id} value={card.id}>
                      {card.title}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={fileId} className="text-xs font-medium text-slate-600">
              Open a file (or drop it on the editor)
            </label>
            <input
              id={fileId}
              type="file"
              accept="application/json,.json,text/plain"
              className="w-full min-w-0 text-sm file:mr-2 file:rounded file:border file:border-slate-300 file:bg-white file:px-2 file:py-0.5"
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) openFile(file);
                // Cleared, so the same file picked again (after editing its text here) loads again; "Opened …" below names it.
                event.target.value = "";
              }}
            />
          </div>
        </div>
      </div>
      <FetchCardForm onFetched={(card) => props.onLoad(card.text, { kind: "fetch", card })} />
      {source?.kind === "fetch" && (
        <div className="mt-2">
          <FetchDetails card={source.card} edited={props.sourceEdited} />
        </div>
      )}
      {fileError ? (
        <p role="alert" className="mt-2 text-xs text-red-700 dark:text-red-300" data-testid="card-file-error">
          {fileError}
        </p>
      ) : (
        source?.kind === "file" && <p className="mt-2 text-xs text-slate-600">Opened {source.name}.</p>
      )}
      {source?.kind === "draft" && (
        <p data-testid="card-from-draft" className="mt-2 text-xs break-all text-slate-700">
          Restored from the draft this browser kept (saved {formatSavedAt(source.savedAt)})
          {source.origin?.kind === "url" ? `; first fetched from ${source.origin.url}` : source.origin?.kind === "file" ? `; first opened from ${source.origin.name}` : source.origin?.kind === "example" ? `; first the example "${source.origin.title}"` : ""}.
        </p>
      )}
      {source?.kind === "link" && (
        <p data-testid="card-from-link" className="mt-2 text-xs break-all text-slate-600">
          The exact card bytes from a review link{source.cardUrl ? `, first fetched from ${source.cardUrl}` : ""}.
        </p>
      )}
      <div className="mt-2 mb-1 flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 flex-1 text-xs text-slate-500">
          Paste, type or drop a card below; the review follows every keystroke. Problems are underlined where they are.
        </p>
        <button
          type="button"
          data-testid="card-format"
          className="min-h-6 shrink-0 rounded border border-slate-300 bg-white px-2 py-0.5 text-xs hover:bg-slate-50"
          title="Indent the card, one field a line. Values are kept exactly as written; only whitespace changes."
          onClick={() => {
            const editor = props.editorRef.current;
            if (!editor) return;
            const text = editor.getText();
            const result = formatJsonText(text);
            if (!result.ok) return setFormatNote(FORMAT_REFUSED[result.reason]);
            if (result.text === text) return setFormatNote("Already formatted: nothing changed.");
            editor.setText(result.text);
            setFormatNote("Formatted: only whitespace changed, but the bytes did, so records and links now carry this text's digest. Undo (Ctrl+Z / ⌘Z in the editor) brings the original back.");
          }}
        >
          Format
        </button>
      </div>
      <p role="status" data-testid="card-format-status" className="mb-1 text-xs text-slate-600 empty:hidden">
        {formatNote}
      </p>
      <JsonEditor
        label="Agent card JSON"
        testId="card-editor"
        earlyInputKey="card"
        className="h-[26rem]"
        initialText={props.initialText}
        onChange={props.onChange}
        onDropFile={openFile}
        diagnostics={props.diagnostics}
        diagnosticsText={props.diagnosticsText}
        handleRef={props.editorRef}
      />
    </>
  );
});

const FORMAT_REFUSED = {
  "not-json": "Not formatted: the card is not valid JSON yet (the first problem is underlined in the editor).",
  "too-deep": "Not formatted: the card nests deeper than 64 levels, past what formatting helps to read.",
  "too-large": "Not formatted: indenting this card would more than quadruple it.",
} as const;

/** The example the editor holds unchanged: picked just now, or restored from a draft that was it. */
function pickedExample(source: CardSource | null, edited: boolean): string {
  if (edited) return "";
  if (source?.kind === "example") return source.id;
  if (source?.kind === "draft" && source.origin?.kind === "example" && !source.origin.edited && findExample(source.origin.id)) return source.origin.id;
  return "";
}

function formatSavedAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "earlier" : date.toLocaleString();
}
