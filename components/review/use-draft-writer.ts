"use client";

import { useEffect, useRef, useState, type RefObject } from "react";
import type { Acknowledgement, ClientProfile, ReviewContext } from "@/lib/negotiation";
import type { JsonEditorHandle } from "@/components/card-editor/json-editor";
import type { CardSource } from "@/components/session/card-source";
import { originOf, storeDraft } from "@/components/session/draft";
import type { MatrixSelection } from "@/components/session/selection";
import type { TaskClassSelection } from "@/components/session/workspace-review";
import type { ImportedConfig } from "@/lib/config/workspace";

/** A draft is written once editing pauses this long. */
const DRAFT_PAUSE_MS = 600;

export interface DraftInputs {
  edited: boolean;
  cardText: string;
  profile: ClientProfile;
  context: ReviewContext;
  source: CardSource | null;
  sourceEdited: boolean;
  taskClasses: TaskClassSelection | undefined;
  chosen: MatrixSelection | null;
  acknowledgements: readonly Acknowledgement[];
  importedConfig: ImportedConfig | undefined;
}

/**
 * Nothing lost: once the user has changed something, the session is kept in this browser. It is
 * written once editing pauses, and at once when the page is hidden, left or reloaded (pagehide,
 * visibilitychange, beforeunload): a keystroke right before a reload is kept too. The card is
 * read from the editor itself then, in case its latest keystroke has not been rendered yet.
 * Returns whether the browser refused the last draft.
 */
export function useDraftWriter(inputs: DraftInputs, cardEditor: RefObject<JsonEditorHandle | null>): boolean {
  const { edited, cardText, profile, context, source, sourceEdited, taskClasses, chosen, acknowledgements, importedConfig } = inputs;
  const [draftFailed, setDraftFailed] = useState(false);
  const writeDraft = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!edited) {
      writeDraft.current = null;
      return;
    }
    let written = false;
    const write = () => {
      const typed = cardEditor.current?.getText() ?? cardText;
      // Once written, again only for a keystroke this render has not seen.
      if (written && typed === cardText) return;
      written = true;
      const origin = originOf(source, typed !== cardText || sourceEdited);
      const kept = storeDraft({
        savedAt: new Date().toISOString(),
        cardText: typed,
        profile,
        context,
        ...(origin ? { origin } : {}),
        ...(taskClasses ? { taskClasses } : {}),
        ...(chosen ? { selection: chosen } : {}),
        ...(acknowledgements.length ? { acknowledgements: [...acknowledgements] } : {}),
        ...(importedConfig ? { importedConfig } : {}),
      });
      setDraftFailed(!kept);
    };
    writeDraft.current = write;
    const timer = setTimeout(write, DRAFT_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [edited, cardText, profile, context, source, sourceEdited, taskClasses, chosen, acknowledgements, importedConfig, cardEditor]);
  useEffect(() => {
    const flush = () => writeDraft.current?.();
    const onVisibility = () => {
      if (document.visibilityState === "hidden") flush();
    };
    window.addEventListener("pagehide", flush);
    window.addEventListener("beforeunload", flush);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", flush);
      window.removeEventListener("beforeunload", flush);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, []);
  return draftFailed;
}
