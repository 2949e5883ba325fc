"use client";

import { useCallback, useMemo, useRef, useState } from "react";
import type { EvidenceRef, ValidityProblem } from "@/lib/negotiation";
import type { JsonEditorHandle } from "@/components/card-editor/json-editor";
import type { ProfileEditorHandle } from "@/components/profile-editor/profile-editor";
import { locateNearest } from "@/components/session/workspace-review";

export type SectionKey = "card" | "profile" | "context" | "taskClasses";

/**
 * The input sections (card, profile, conditions, classes): which are folded, the editors in them,
 * and pointing at a field in one (opening its section first). Located in the editor's own text (the
 * profile's may be laid out as the user typed it), so these callbacks never change and the
 * memoized review panels skip the keystroke's urgent render.
 */
export function useInputSections() {
  // undefined: as suits the screen (folded on a narrow one, under the review: CSS decides); then as the user set it.
  const [sections, setFolds] = useState<Partial<Record<SectionKey, boolean>>>({});
  const cardEditor = useRef<JsonEditorHandle | null>(null);
  const profileEditor = useRef<ProfileEditorHandle | null>(null);
  const toggle = useMemo(
    () => ({
      card: (open: boolean) => setFolds((s) => ({ ...s, card: open })),
      profile: (open: boolean) => setFolds((s) => ({ ...s, profile: open })),
      context: (open: boolean) => setFolds((s) => ({ ...s, context: open })),
      taskClasses: (open: boolean) => setFolds((s) => ({ ...s, taskClasses: open })),
    }),
    [],
  );
  const onHighlight = useCallback((ref: EvidenceRef) => {
    if (ref.source === "card") {
      setFolds((s) => ({ ...s, card: true }));
      // After the section is shown: the editor measures itself only when visible.
      requestAnimationFrame(() => highlightPointer(cardEditor.current, ref.pointer));
    } else if (ref.source === "profile") {
      setFolds((s) => ({ ...s, profile: true }));
      requestAnimationFrame(() => profileEditor.current?.highlight(ref.pointer));
    }
  }, []);
  const onLocateField = useCallback((pointer: string) => {
    setFolds((s) => ({ ...s, card: true }));
    requestAnimationFrame(() => highlightPointer(cardEditor.current, pointer));
  }, []);
  const onLocateProblem = useCallback((problem: ValidityProblem) => {
    setFolds((s) => ({ ...s, card: true }));
    requestAnimationFrame(() => {
      if (problem.position) cardEditor.current?.highlight(problem.position.offset, problem.position.offset + 1);
      else highlightPointer(cardEditor.current, problem.pointer);
    });
  }, []);
  return { sections, toggle, cardEditor, profileEditor, onHighlight, onLocateField, onLocateProblem };
}

function highlightPointer(editor: JsonEditorHandle | null, pointer: string): void {
  if (!editor) return;
  const range = locateNearest(editor.getText(), pointer);
  if (range) editor.highlight(range.from, range.to);
}
