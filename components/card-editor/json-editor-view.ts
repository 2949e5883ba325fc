import {
  cursorMatchingBracket,
  deleteLine,
  history,
  historyKeymap,
  indentLess,
  indentMore,
  insertBlankLine,
  isolateHistory,
  selectLine,
  simplifySelection,
  standardKeymap,
} from "@codemirror/commands";
import { json } from "@codemirror/lang-json";
import { bracketMatching, foldKeymap, HighlightStyle, indentOnInput, syntaxHighlighting } from "@codemirror/language";
import { lintGutter, setDiagnostics, type Diagnostic } from "@codemirror/lint";
import { EditorSelection, EditorState, StateEffect, StateField } from "@codemirror/state";
import {
  Decoration,
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
  ViewPlugin,
  type DecorationSet,
  type KeyBinding,
  type ViewUpdate,
} from "@codemirror/view";
import { tags } from "@lezer/highlight";
import type { EditorDiagnostic } from "@/components/session/workspace-review";
import { cardFoldGutter } from "./fold-gutter";

/**
 * The CodeMirror half of the JSON editor, loaded when the user reaches for the editor (see
 * JsonEditor): CodeMirror is the largest part of the workspace's JavaScript and most of its
 * start-up work, and a plain text area serves until it is here.
 */
export interface RichEditor {
  setText: (text: string) => void;
  getText: () => string;
  highlight: (from: number, to: number) => void;
  setDiagnostics: (list: readonly EditorDiagnostic[]) => void;
  focus: () => void;
  destroy: () => void;
}

/**
 * The keys of CodeMirror's default keymap that mean something in a JSON document: the standard
 * keys (arrows, Home/End, Page Up/Down, selection, select all, delete, Enter), undo/redo, folding
 * and indentation (Mod-[ and Mod-]). Tab is left to the browser: it moves focus and never edits
 * the card, whose bytes (and so its digest in every decision record) a keyboard user passing
 * through must not change. Left out too: comment toggles (JSON has no comments), multiple cursors
 * (not enabled) and the syntax-aware moves and line moves, whose code is most of @codemirror/commands.
 */
const EDITOR_KEYS: KeyBinding[] = [
  { key: "Escape", run: simplifySelection },
  { key: "Mod-Enter", run: insertBlankLine },
  { key: "Alt-l", mac: "Ctrl-l", run: selectLine },
  { key: "Mod-[", run: indentLess },
  { key: "Mod-]", run: indentMore },
  { key: "Shift-Mod-k", run: deleteLine },
  { key: "Shift-Mod-\\", run: cursorMatchingBracket },
  ...standardKeymap,
  ...historyKeymap,
  ...foldKeymap,
];

/** Token colours as CSS variables (app/globals.css), so the light and dark themes each set their own. */
const JSON_COLOURS = HighlightStyle.define([
  { tag: tags.propertyName, color: "var(--parley-syntax-property)" },
  { tag: tags.string, color: "var(--parley-syntax-string)" },
  { tag: tags.number, color: "var(--parley-syntax-number)" },
  { tag: [tags.bool, tags.null], color: "var(--parley-syntax-keyword)" },
  { tag: tags.invalid, color: "var(--parley-syntax-invalid)" },
]);

const setHighlight = StateEffect.define<{ from: number; to: number } | null>();
const highlightMark = Decoration.mark({ class: "cm-parley-highlight" });

// The highlight is a hint about the text as it was: any edit clears it rather than drifting.
const highlightField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(value, tr) {
    let next = tr.docChanged ? Decoration.none : value;
    for (const effect of tr.effects) {
      if (effect.is(setHighlight)) {
        next =
          effect.value && effect.value.to > effect.value.from
            ? Decoration.set([highlightMark.range(effect.value.from, effect.value.to)])
            : Decoration.none;
      }
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** Half of the cursor's blink: shown this long after every keystroke or move, then hidden as long. */
const CURSOR_BLINK_HALF_MS = 600;

/**
 * The cursor's blink, as CodeMirror's own looks (shown 0.6 s, hidden 0.6 s, shown again at once on
 * every keystroke or move), kept by a timer instead of CodeMirror's CSS animation (turned off in
 * app/globals.css). CodeMirror restarts that animation on every keystroke by swapping its name,
 * which costs a style recalculation, animation events and one more frame right after the one that
 * shows the keystroke: about a third of the time from a keystroke to the painted matrix. Here a
 * keystroke while the cursor is shown only moves a timer.
 */
const cursorBlink = ViewPlugin.fromClass(
  class {
    private timer: ReturnType<typeof setTimeout> | undefined;
    private hidden = false;
    constructor(private readonly view: EditorView) {
      this.restart();
    }
    update(update: ViewUpdate) {
      if (update.selectionSet || update.docChanged || update.focusChanged) this.restart();
    }
    private restart() {
      clearTimeout(this.timer);
      this.timer = undefined;
      this.show(true);
      if (this.view.hasFocus) this.timer = setTimeout(this.toggle, CURSOR_BLINK_HALF_MS);
    }
    private readonly toggle = () => {
      this.show(this.hidden);
      this.timer = setTimeout(this.toggle, CURSOR_BLINK_HALF_MS);
    };
    private show(shown: boolean) {
      if (this.hidden === !shown) return;
      this.hidden = !shown;
      this.view.scrollDOM.querySelector(":scope > .cm-cursorLayer")?.classList.toggle("parley-cursor-hidden", this.hidden);
    }
    destroy() {
      clearTimeout(this.timer);
    }
  },
);

function clamp(list: readonly EditorDiagnostic[], length: number): Diagnostic[] {
  return list.map((d) => {
    const from = Math.max(0, Math.min(d.from, length));
    const to = Math.max(from, Math.min(d.to, length));
    return { from, to, severity: d.severity, message: d.message };
  });
}

export function createRichEditor(options: {
  parent: HTMLElement;
  doc: string;
  selection: { anchor: number; head: number };
  label: string;
  describedBy: string;
  onChange: (text: string) => void;
  onDropFile?: (file: File) => void;
}): RichEditor {
  const length = options.doc.length;
  const view = new EditorView({
    parent: options.parent,
    state: EditorState.create({
      doc: options.doc,
      selection: EditorSelection.single(Math.min(options.selection.anchor, length), Math.min(options.selection.head, length)),
      extensions: [
        lineNumbers(),
        highlightActiveLineGutter(),
        cardFoldGutter(),
        lintGutter(),
        history(),
        drawSelection(),
        cursorBlink,
        indentOnInput(),
        bracketMatching(),
        highlightActiveLine(),
        syntaxHighlighting(JSON_COLOURS),
        json(),
        highlightField,
        keymap.of(EDITOR_KEYS),
        // tabindex: the editable content is focusable anyway; said explicitly, checkers (axe) see the
        // scrolling editor has keyboard access.
        EditorView.contentAttributes.of({ "aria-label": options.label, "aria-describedby": options.describedBy, tabindex: "0" }),
        EditorView.lineWrapping,
        // CodeMirror's theme is a <style> element: the page's CSP admits it by the nonce Next's
        // scripts carry (browsers expose a nonce only through the property, not the attribute).
        EditorView.cspNonce.of(document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? ""),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) options.onChange(update.state.doc.toString());
        }),
        EditorView.domEventHandlers({
          drop(event) {
            const file = event.dataTransfer?.files?.[0];
            if (!file || !options.onDropFile) return false;
            event.preventDefault();
            options.onDropFile(file);
            return true;
          },
        }),
      ],
    }),
  });
  let diagnosticsShown = false;
  return {
    setText(text) {
      // A whole new text (an example, a fetch, Format) is one undo step of its own, never merged
      // with the typing or paste just before it: undo after Format brings back the served bytes.
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, annotations: isolateHistory.of("full") });
    },
    getText: () => view.state.doc.toString(),
    highlight(from, to) {
      const docLength = view.state.doc.length;
      const a = Math.max(0, Math.min(from, docLength));
      const b = Math.max(a, Math.min(to, docLength));
      view.dispatch({ effects: [setHighlight.of({ from: a, to: b }), EditorView.scrollIntoView(a, { y: "center" })] });
    },
    setDiagnostics(list) {
      // Clearing what is already clear would still redraw the lint layer on every keystroke.
      if (list.length === 0 && !diagnosticsShown) return;
      diagnosticsShown = list.length > 0;
      view.dispatch(setDiagnostics(view.state, clamp(list, view.state.doc.length)));
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}
