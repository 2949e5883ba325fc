"use client";

import { useCallback, useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState, type Ref } from "react";
import { useEarlyEdit } from "@/components/ui/use-early-edit";
import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import type { EditorDiagnostic } from "@/components/session/workspace-review";
import type { RichEditor } from "./json-editor-view";

/** What the rest of the workspace may do to an editor without owning its state. */
export interface JsonEditorHandle {
  /** Replace the whole document (an example, a fetched card, a dropped file). */
  setText: (text: string) => void;
  /** The document as it is now: where a pointer is located before it is highlighted. */
  getText: () => string;
  /** Mark a range (a card field clicked in an explanation) and scroll it into view. */
  highlight: (from: number, to: number) => void;
  /** Start loading the full editor now (the user is about to use it). */
  prepare: () => void;
}

interface JsonEditorProps {
  initialText: string;
  onChange: (text: string) => void;
  /** Diagnostics computed for `diagnosticsText`; dropped when the document has moved on since. */
  diagnostics: readonly EditorDiagnostic[];
  diagnosticsText: string;
  label: string;
  handleRef?: Ref<JsonEditorHandle>;
  /** Called with a file dropped on the editor (the caller reads it); the editor's own drop handling is used otherwise. */
  onDropFile?: (file: File) => void;
  /** Load the full editor at once instead of on the user's first reach for it. */
  eager?: boolean;
  /** Keep what is typed into the server-rendered text area before the page hydrates, under this key. */
  earlyInputKey?: string;
  className?: string;
  testId?: string;
}

// CodeMirror (syntax colours, line numbers, underlined problems, folding) is most of the page's
// JavaScript and start-up time: it loads when the user reaches for an editor, or must show something.
const RICH = lazyModule(() => import("./json-editor-view"));

/**
 * Longest text the plain text area holds. A text area lays out all of its text at once (about a
 * millisecond per kilobyte), where CodeMirror only draws what is in view: a larger card is shown by
 * CodeMirror alone, which loads when the user reaches for it (or must underline a problem).
 */
export const PLAIN_EDITOR_MAX_CHARS = 32 * 1024;

/** Longest text whose problems load CodeMirror without the user reaching for the editor. */
const AUTO_RICH_MAX_CHARS = 256 * 1024;

/**
 * A JSON editor that is a plain text area until CodeMirror has loaded, and CodeMirror after.
 * The text area is editable (typing and pasting work at once, and the review follows); the swap
 * keeps the text, the selection and the focus. CodeMirror loads on pointer, touch or focus, when a
 * field is to be highlighted, when there are problems to underline (in a card of at most 256 KB),
 * or at once (`eager`).
 */
export function JsonEditor({
  initialText,
  onChange,
  diagnostics,
  diagnosticsText,
  label,
  handleRef,
  onDropFile,
  eager,
  earlyInputKey,
  className,
  testId,
}: JsonEditorProps) {
  const hintId = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const plainRef = useRef<HTMLTextAreaElement>(null);
  const richRef = useRef<RichEditor | null>(null);
  const pendingHighlight = useRef<{ from: number; to: number } | null>(null);
  // The text while there is no CodeMirror and no text area holding it (too large for one).
  const heldText = useRef(initialText);
  // The last text set from outside (the first, an example, a file): what the text area starts from.
  const [givenText, setGivenText] = useState(initialText);
  const tooLarge = givenText.length > PLAIN_EDITOR_MAX_CHARS;
  const rich = useLazyModule(RICH);
  const { request } = rich;
  // Callbacks change identity every render; the editor is created once and reads the latest ones.
  const onChangeRef = useRef(onChange);
  const onDropRef = useRef(onDropFile);
  useEffect(() => {
    onChangeRef.current = onChange;
    onDropRef.current = onDropFile;
  });

  // Typed or pasted into the server-rendered text area before the page hydrated: no change event
  // reached the workspace then, and hydration put the text area back to the text it was rendered
  // with. The early-input recorder kept the edit (see components/ui/early-input.ts): it is the first.
  useEarlyEdit(earlyInputKey, initialText, (early) => {
    heldText.current = early;
    if (plainRef.current) plainRef.current.value = early;
    if (early.length > PLAIN_EDITOR_MAX_CHARS) request();
    onChangeRef.current(early);
  });

  const dropFile = useCallback((file: File) => {
    const handler = onDropRef.current;
    handler?.(file);
  }, []);

  useEffect(() => {
    if (eager) request();
  }, [eager, request]);

  // Problems to underline load CodeMirror by themselves, but not on a card this large: drawing one
  // (a minified 1 MiB card is one line, which CodeMirror lays out and reads the selection of) blocked
  // the page for a second, so it waits until the user reaches for the editor.
  const shouldLoad = diagnostics.length > 0 && diagnosticsText.length <= AUTO_RICH_MAX_CHARS;
  useEffect(() => {
    if (shouldLoad) request();
  }, [shouldLoad, request]);

  // The swap, before the browser paints: the text area's text, selection and focus carry over.
  const richModule = rich.module;
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!richModule || !host || richRef.current) return;
    const plain = plainRef.current;
    // The text area, or the button that opens the editor for a large card, had the keyboard.
    const focused = document.activeElement !== null && host.contains(document.activeElement);
    const editor = richModule.createRichEditor({
      parent: host,
      doc: heldText.current,
      selection: { anchor: plain?.selectionStart ?? 0, head: plain?.selectionEnd ?? 0 },
      label,
      describedBy: hintId,
      onChange: (text) => onChangeRef.current(text),
      onDropFile: (file) => dropFile(file),
    });
    richRef.current = editor;
    host.dataset.editor = "rich";
    if (plain) plain.hidden = true;
    if (focused) editor.focus();
    if (pendingHighlight.current) {
      editor.highlight(pendingHighlight.current.from, pendingHighlight.current.to);
      pendingHighlight.current = null;
    }
    return () => {
      editor.destroy();
      richRef.current = null;
      if (plain) plain.hidden = false;
    };
    // Created once per mount; later text arrives through setText.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [richModule]);

  useImperativeHandle(handleRef, () => ({
    setText(text) {
      const editor = richRef.current;
      if (editor) return editor.setText(text);
      heldText.current = text;
      setGivenText(text);
      // At once, not at the next render: getText() right after must see it.
      const plain = plainRef.current;
      if (plain && text.length <= PLAIN_EDITOR_MAX_CHARS) plain.value = text;
      onChangeRef.current(text);
    },
    getText() {
      return richRef.current?.getText() ?? plainRef.current?.value ?? heldText.current;
    },
    highlight(from, to) {
      const editor = richRef.current;
      if (editor) return editor.highlight(from, to);
      pendingHighlight.current = { from, to };
      const plain = plainRef.current;
      if (plain) {
        plain.focus();
        plain.setSelectionRange(from, to);
      }
      request();
    },
    prepare: request,
  }));

  useEffect(() => {
    const editor = richRef.current;
    if (!editor) return;
    // Most keystrokes have nothing to underline: skip reading the whole document back.
    if (diagnostics.length === 0) return editor.setDiagnostics(diagnostics);
    // Markers wait until the frame that shows the keystroke is painted, and a newer set replaces
    // a waiting one: on a large card the lint layer's work is not between a key and its echo.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => editor.setDiagnostics(editor.getText() === diagnosticsText ? diagnostics : []), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [diagnostics, diagnosticsText, richModule]);

  return (
    <div>
      <div
        className={`parley-editor relative overflow-hidden rounded border border-slate-300 bg-white ${className ?? ""}`}
        data-testid={testId}
        onPointerEnter={request}
        onTouchStart={request}
        onFocus={request}
        onDragEnter={request}
      >
        <div ref={hostRef} className="h-full" data-editor="plain">
          {tooLarge ? (
            !richModule && (
              <button
                type="button"
                data-testid="open-large-editor"
                className="m-2 rounded border border-slate-300 bg-white px-3 py-1.5 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
                onClick={request}
              >
                {rich.failed ? "Could not load the editor (the network may be down): try again" : `Open the editor for this ${Math.round(givenText.length / 1024).toLocaleString("en-US")} KB card`}
              </button>
            )
          ) : (
            <textarea
              ref={plainRef}
              aria-label={label}
              aria-describedby={hintId}
              data-early-input={earlyInputKey}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              className="parley-plain-editor block h-full w-full resize-none bg-transparent p-2 font-mono text-[12.5px] leading-[1.4] outline-none"
              defaultValue={givenText}
              onChange={(event) => {
                heldText.current = event.target.value;
                if (event.target.value.length > PLAIN_EDITOR_MAX_CHARS) request();
                onChangeRef.current(event.target.value);
              }}
              onDrop={(event) => {
                const file = event.dataTransfer?.files?.[0];
                if (!file || !onDropRef.current) return;
                event.preventDefault();
                dropFile(file);
              }}
            />
          )}
        </div>
      </div>
      {/* Tab never edits (json-editor-view.ts): it moves on, so the hint only says how to indent. */}
      <p id={hintId} className="mt-0.5 text-[11px] text-slate-500">
        Tab moves on; Ctrl+] and Ctrl+[ indent the line.
      </p>
    </div>
  );
}
