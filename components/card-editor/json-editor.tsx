"use client";

import {
  cursorMatchingBracket,
  deleteLine,
  history,
  historyKeymap,
  indentLess,
  indentMore,
  indentWithTab,
  insertBlankLine,
  selectLine,
  simplifySelection,
  standardKeymap,
  toggleTabFocusMode,
} from "@codemirror/commands";
import { json } from "@codemirror/lang-json";
import {
  bracketMatching,
  defaultHighlightStyle,
  foldGutter,
  foldKeymap,
  indentOnInput,
  syntaxHighlighting,
} from "@codemirror/language";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { EditorState, StateEffect, StateField } from "@codemirror/state";
import {
  Decoration,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  type KeyBinding,
  type DecorationSet,
} from "@codemirror/view";
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from "react";

export interface EditorDiagnostic {
  from: number;
  to: number;
  severity: "error" | "warning" | "info";
  message: string;
}

/** What the rest of the workspace may do to an editor without owning its state. */
export interface JsonEditorHandle {
  /** Replace the whole document (an example, a fetched card, a dropped file). */
  setText: (text: string) => void;
  /** The document as it is now: where a pointer is located before it is highlighted. */
  getText: () => string;
  /** Mark a range (a card field clicked in an explanation) and scroll it into view. */
  highlight: (from: number, to: number) => void;
}

interface JsonEditorProps {
  initialText: string;
  onChange: (text: string) => void;
  /** Diagnostics computed for `diagnosticsText`; dropped when the document has moved on since. */
  diagnostics: readonly EditorDiagnostic[];
  diagnosticsText: string;
  label: string;
  handleRef?: Ref<JsonEditorHandle>;
  /** Called with a dropped file's text; the editor's own drop handling is used otherwise. */
  onDropText?: (text: string, fileName: string) => void;
  className?: string;
  testId?: string;
}

/**
 * The keys of CodeMirror's default keymap that mean something in a JSON document: the standard
 * keys (arrows, Home/End, Page Up/Down, selection, select all, delete, Enter), undo/redo, folding,
 * indentation and a way out of the Tab trap (Ctrl-M, or Escape then Tab). Left out: comment
 * toggles (JSON has no comments), multiple cursors (not enabled) and the syntax-aware moves and
 * line moves, whose code is most of @codemirror/commands and of the workspace's JavaScript budget.
 */
const EDITOR_KEYS: KeyBinding[] = [
  { key: "Escape", run: simplifySelection },
  { key: "Mod-Enter", run: insertBlankLine },
  { key: "Alt-l", mac: "Ctrl-l", run: selectLine },
  { key: "Mod-[", run: indentLess },
  { key: "Mod-]", run: indentMore },
  { key: "Shift-Mod-k", run: deleteLine },
  { key: "Shift-Mod-\\", run: cursorMatchingBracket },
  { key: "Ctrl-m", mac: "Shift-Alt-m", run: toggleTabFocusMode },
  ...standardKeymap,
  ...historyKeymap,
  ...foldKeymap,
  indentWithTab,
];

const setHighlight = StateEffect.define<{ from: number; to: number } | null>();
const highlightMark = Decoration.mark({ class: "cm-parley-highlight" });

// The highlight is a hint about the text as it was: any edit clears it rather than drifting.
const highlightField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, tr) {
    let next = tr.docChanged ? Decoration.none : value;
    for (const effect of tr.effects) {
      if (effect.is(setHighlight)) {
        next = effect.value && effect.value.to > effect.value.from
          ? Decoration.set([highlightMark.range(effect.value.from, effect.value.to)])
          : Decoration.none;
      }
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

function clampDiagnostics(list: readonly EditorDiagnostic[], length: number): Diagnostic[] {
  return list.map((d) => {
    const from = Math.max(0, Math.min(d.from, length));
    const to = Math.max(from, Math.min(d.to, length));
    return { from, to, severity: d.severity, message: d.message };
  });
}

export function JsonEditor({
  initialText,
  onChange,
  diagnostics,
  diagnosticsText,
  label,
  handleRef,
  onDropText,
  className,
  testId,
}: JsonEditorProps) {
  const hintId = useId();
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const [mounted, setMounted] = useState(false);
  // Callbacks change identity every render; the editor is created once and reads the latest ones.
  const onChangeRef = useRef(onChange);
  const onDropRef = useRef(onDropText);
  useEffect(() => {
    onChangeRef.current = onChange;
    onDropRef.current = onDropText;
  });

  useEffect(() => {
    const host = hostRef.current;
    if (!host) return;
    const view = new EditorView({
      parent: host,
      state: EditorState.create({
        doc: initialText,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          foldGutter(),
          lintGutter(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          json(),
          highlightField,
          keymap.of(EDITOR_KEYS),
          EditorView.contentAttributes.of({ "aria-label": label, "aria-describedby": hintId }),
          EditorView.lineWrapping,
          // CodeMirror's theme is a <style> element: the page's CSP admits it by the nonce Next's
          // scripts carry (browsers expose a nonce only through the property, not the attribute).
          EditorView.cspNonce.of(document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? ""),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
          EditorView.domEventHandlers({
            drop(event) {
              const file = event.dataTransfer?.files?.[0];
              const handler = onDropRef.current;
              if (!file || !handler) return false;
              event.preventDefault();
              void file.text().then((text) => handler(text, file.name));
              return true;
            },
          }),
        ],
      }),
    });
    viewRef.current = view;
    setMounted(true);
    return () => {
      view.destroy();
      viewRef.current = null;
    };
    // The editor owns its document after creation; later initialText values are pushed by setText.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useImperativeHandle(handleRef, () => ({
    setText(text) {
      const view = viewRef.current;
      if (!view) return;
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text } });
    },
    getText() {
      return viewRef.current?.state.doc.toString() ?? "";
    },
    highlight(from, to) {
      const view = viewRef.current;
      if (!view) return;
      const length = view.state.doc.length;
      const a = Math.max(0, Math.min(from, length));
      const b = Math.max(a, Math.min(to, length));
      view.dispatch({
        effects: [setHighlight.of({ from: a, to: b }), EditorView.scrollIntoView(a, { y: "center" })],
      });
    },
  }));

  useEffect(() => {
    const view = viewRef.current;
    if (!view) return;
    const current = view.state.doc.toString();
    const list = current === diagnosticsText ? clampDiagnostics(diagnostics, current.length) : [];
    view.dispatch(setDiagnostics(view.state, list));
  }, [diagnostics, diagnosticsText, mounted]);

  return (
    <div>
      <div className={`parley-editor relative overflow-hidden rounded border border-slate-300 bg-white ${className ?? ""}`} data-testid={testId}>
        <div ref={hostRef} className="h-full" />
        {!mounted && (
          // Server render and first paint: the text is readable before the editor loads.
          <pre aria-label={label} className="h-full overflow-auto p-2 font-mono text-xs whitespace-pre-wrap">
            {initialText}
          </pre>
        )}
      </div>
      {/* Tab indents in the editor (indentWithTab), so a keyboard user must be told the way out. */}
      <p id={hintId} className="mt-0.5 text-[11px] text-slate-500">
        Tab indents here; to move on, press Esc and then Tab.
      </p>
    </div>
  );
}
