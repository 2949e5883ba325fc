import { codeFolding, foldable, foldedRanges, foldEffect, syntaxTree, syntaxTreeAvailable, unfoldEffect } from "@codemirror/language";
import { RangeSet, RangeSetBuilder, type EditorState, type Extension } from "@codemirror/state";
import { gutter, GutterMarker, ViewPlugin, type EditorView, type ViewUpdate } from "@codemirror/view";

/**
 * The fold gutter, kept cheap while typing. CodeMirror's own gutter asks every visible line whether
 * it folds after every change; on a 200-skill card that was a visible share of a keystroke. What can
 * fold only changes when a change adds or removes a bracket, a quote, a backslash or a line break
 * (typing inside a string or a number changes none of that), so any other edit only moves the
 * markers with the text. The markers are asked for again after such an edit, when the visible lines
 * or the folds change, and once more when the parser catches up.
 */
class FoldMarker extends GutterMarker {
  constructor(readonly folded: boolean) {
    super();
  }
  override eq(other: GutterMarker): boolean {
    return other instanceof FoldMarker && other.folded === this.folded;
  }
  override toDOM(): HTMLElement {
    const span = document.createElement("span");
    span.textContent = this.folded ? "›" : "⌄";
    span.title = this.folded ? "Unfold line" : "Fold line";
    return span;
  }
}

const CAN_FOLD = new FoldMarker(false);
const FOLDED = new FoldMarker(true);

/** Characters whose insertion or removal can change which lines fold. */
const STRUCTURE = /[[\]{}"\\\n]/;

/** The fold that starts on the line from..to, if one is folded there. */
function foldOnLine(state: EditorState, from: number, to: number): { from: number; to: number } | undefined {
  let found: { from: number; to: number } | undefined;
  foldedRanges(state).between(from, to, (a, b) => {
    if (!found || found.from > a) found = { from: a, to: b };
  });
  return found;
}

function changesStructure(update: ViewUpdate): boolean {
  let changed = false;
  update.changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    if (changed) return;
    if (STRUCTURE.test(update.startState.doc.sliceString(fromA, toA)) || STRUCTURE.test(inserted.toString())) changed = true;
  });
  return changed;
}

const foldMarkers = ViewPlugin.fromClass(
  class {
    markers: RangeSet<FoldMarker>;
    /** Built before the parser had reached the end of the visible lines: build again once it has. */
    private partial: boolean;
    constructor(view: EditorView) {
      this.markers = this.build(view);
      this.partial = !syntaxTreeAvailable(view.state, view.viewport.to);
    }
    update(update: ViewUpdate) {
      const rebuild =
        update.viewportChanged ||
        foldedRanges(update.startState) !== foldedRanges(update.state) ||
        (update.docChanged && changesStructure(update)) ||
        (this.partial && syntaxTree(update.startState) !== syntaxTree(update.state));
      if (rebuild) {
        this.markers = this.build(update.view);
        this.partial = !syntaxTreeAvailable(update.state, update.view.viewport.to);
      } else if (update.docChanged) {
        this.markers = this.markers.map(update.changes);
      }
    }
    build(view: EditorView): RangeSet<FoldMarker> {
      const builder = new RangeSetBuilder<FoldMarker>();
      for (const line of view.viewportLineBlocks) {
        const mark = foldOnLine(view.state, line.from, line.to) ? FOLDED : foldable(view.state, line.from, line.to) ? CAN_FOLD : null;
        if (mark) builder.add(line.from, line.from, mark);
      }
      return builder.finish();
    }
  },
);

export function cardFoldGutter(): Extension {
  return [
    codeFolding(),
    foldMarkers,
    gutter({
      class: "cm-foldGutter",
      markers: (view) => view.plugin(foldMarkers)?.markers ?? RangeSet.empty,
      initialSpacer: () => CAN_FOLD,
      domEventHandlers: {
        click(view, line) {
          const folded = foldOnLine(view.state, line.from, line.to);
          if (folded) {
            view.dispatch({ effects: unfoldEffect.of(folded) });
            return true;
          }
          const range = foldable(view.state, line.from, line.to);
          if (range) {
            view.dispatch({ effects: foldEffect.of(range) });
            return true;
          }
          return false;
        },
      },
    }),
  ];
}
