"use client";

import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type RefObject } from "react";
import type { ClientProfile, ReviewContext, TaskClass } from "@/lib/negotiation";
import type { JsonEditorHandle } from "@/components/card-editor/json-editor";
import type { CardSource } from "@/components/session/card-source";
import type { SessionSeed } from "@/components/session/session-seed";
import { loadEngine } from "@/components/session/workspace-review";
import { classesOf, selectionOf } from "@/components/task-classes/task-class-selection";
import { chosenProfile, getClientChoice, getServerClientChoice, storeClientChoice, subscribeClientChoice } from "./client-choice";

/**
 * What a review is made of, as the user edits it: the card (its text, where it came from) and the
 * profile, conditions and task classes, with whether the user changed any of them. A first visit's
 * client choice (kept in this browser) is applied to the default session here, never over a link,
 * a draft or an edit. Every setter is stable, so a keystroke re-renders none of the inputs needlessly.
 */
export function useSessionInputs(seed: SessionSeed, onEdit: () => void, cardEditor: RefObject<JsonEditorHandle | null>) {
  const [card, setCard] = useState({ text: seed.cardText, revision: 0 });
  const [source, setSource] = useState<CardSource | null>(seed.source);
  const [profile, setProfileState] = useState<ClientProfile>(seed.profile);
  const [context, setContextState] = useState<ReviewContext>(seed.context);
  const [taskClasses, setTaskClassesState] = useState(seed.taskClasses);
  const [edited, setEdited] = useState(false);

  // A first visit says whose client this is and offers the clients people run; the choice is kept
  // in this browser and applied to the default session (never over a link, a draft or an edit).
  const clientChoice = useSyncExternalStore(subscribeClientChoice, getClientChoice, getServerClientChoice);
  const [choosingAgain, setChoosingAgain] = useState(false);
  const [appliedChoice, setAppliedChoice] = useState<string | null>(null);
  const [adjusted, setAdjusted] = useState(false);
  if (seed.offerClients && clientChoice !== null && appliedChoice !== clientChoice && !edited) {
    setAppliedChoice(clientChoice);
    const preset = chosenProfile(clientChoice);
    if (preset && preset.name !== profile.name) {
      setProfileState(preset);
      setAdjusted(true);
    }
  }
  const choosing = seed.offerClients === true && (clientChoice === null || choosingAgain);
  const onChooseClient = useCallback((id: string) => {
    const preset = chosenProfile(id);
    if (!preset) return;
    storeClientChoice(id);
    setAppliedChoice(id);
    setProfileState(preset);
    setAdjusted(true);
    setChoosingAgain(false);
    void loadEngine().catch(() => undefined);
  }, []);
  const onChooseAgain = useCallback(() => setChoosingAgain(true), []);

  const onEditRef = useRef(onEdit);
  useEffect(() => {
    onEditRef.current = onEdit;
  });
  const noteEdit = useCallback(() => {
    setEdited(true);
    onEditRef.current();
    // The first load shows the server's review; an edit needs the engine (if it is not here yet).
    void loadEngine().catch(() => undefined);
  }, []);
  const setProfile = useCallback(
    (next: ClientProfile) => {
      setProfileState(next);
      noteEdit();
    },
    [noteEdit],
  );
  const setContext = useCallback(
    (next: ReviewContext) => {
      setContextState(next);
      noteEdit();
    },
    [noteEdit],
  );
  const setTaskClasses = useCallback(
    (next: TaskClass[]) => {
      setTaskClassesState(selectionOf(next));
      noteEdit();
    },
    [noteEdit],
  );
  const classes = useMemo(() => classesOf(taskClasses), [taskClasses]);
  const onRenegotiableChange = useCallback(
    (renegotiable: boolean) => {
      setProfileState((current) => {
        const next = { ...current };
        if (renegotiable) next.fixed = false;
        else delete next.fixed;
        return next;
      });
      noteEdit();
    },
    [noteEdit],
  );
  const onCardChange = useCallback(
    (text: string) => {
      setCard((prev) => ({ text, revision: prev.revision + 1 }));
      noteEdit();
    },
    [noteEdit],
  );
  /** Another card, from a file, a URL or an example: into the editor (or straight into the state before it is there). */
  const loadCard = useCallback(
    (text: string, next: CardSource) => {
      setSource(next);
      const editor = cardEditor.current;
      if (editor) {
        editor.prepare();
        editor.setText(text);
      } else setCard((prev) => ({ text, revision: prev.revision + 1 }));
      noteEdit();
    },
    [noteEdit, cardEditor],
  );
  // A restored draft's source is the text it was restored with: an edit since makes it "edited".
  const sourceText =
    source?.kind === "example" ? source.text : source?.kind === "fetch" ? source.card.text : source?.kind === "draft" ? seed.cardText : undefined;
  const sourceEdited = sourceText !== undefined && sourceText !== card.text;

  return {
    card,
    source,
    sourceEdited,
    profile,
    context,
    taskClasses,
    classes,
    edited,
    adjusted,
    choosing,
    onChooseClient,
    onChooseAgain,
    setProfile,
    setContext,
    setTaskClasses,
    onRenegotiableChange,
    onCardChange,
    loadCard,
    /** Another part of the session (the acknowledgements) changed: an edit like any other (the link leaves the address, a draft is kept). */
    noteEdit,
  };
}
