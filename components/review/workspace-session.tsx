"use client";

import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { CardPanel } from "@/components/card-editor/card-panel";
import type { CardSource } from "@/components/session/card-source";
import type { JsonEditorHandle } from "@/components/card-editor/json-editor";
import { ContextPanel } from "@/components/context-panel/context-panel";
import type { RecordSource } from "@/components/explain-panel/decision-record";
import { ExplainPanel } from "@/components/explain-panel/explain-panel";
import { ReviewMatrix } from "@/components/matrix/review-matrix";
import { resolveSelection, sameSelection, type MatrixSelection } from "@/components/session/selection";
import { ProfileEditor, type ProfileEditorHandle } from "@/components/profile-editor/profile-editor";
import { LinkBannerSlot } from "@/components/share/link-banner-slot";
import type { KeptReview } from "@/components/share/link-pending";
import { ShareBar } from "@/components/share/share-bar";
import { SignatureKeysPanel } from "@/components/signature-keys/signature-keys-panel";
import { useSignatureKeys } from "@/components/signature-keys/use-signature-keys";
import { useSignatureReport } from "@/components/signature-keys/use-signature-report";
import type { WorkspaceState } from "@/components/session/snapshot";
import { Section } from "@/components/ui/section";
import { type ClientProfile, describeProblem, type EvidenceRef, INVARIANTS, type Review, type ReviewContext, type TaskClass, type ValidityProblem } from "@/lib/negotiation";
import type { EditorDiagnostic } from "@/components/session/workspace-review";
import {
  isEngineLoaded,
  lastReviewWasQuick,
  loadEngine,
  locateNearest,
  problemDiagnostics,
  reviewAside,
  reviewIfReady,
  subscribeEngine,
  type TaskClassSelection,
} from "@/components/session/workspace-review";
import { DraftNotice } from "./draft-notice";
import { chosenProfile, getClientChoice, getServerClientChoice, storeClientChoice, subscribeClientChoice } from "./client-choice";
import { ClientChooser } from "./client-chooser";
import { profileLabel } from "@/components/profile-editor/profile-label";
import { originOf, storeDraft } from "@/components/session/draft";
import type { SessionSeed } from "@/components/session/session-seed";
import { ValiditySummary } from "./validity-summary";
import { TaskClassPanel } from "@/components/task-classes/task-class-panel";
import { ConfigFileControl } from "./config-file-control";
import { classesOf, selectionOf, type SkillChoice } from "@/components/task-classes/task-class-selection";
import { VerdictSummary } from "./verdict-summary";
import { LazyLiveCheck } from "@/components/live-check/lazy-live-check";
import { LiveVerdict } from "@/components/live-check/live-verdict";
import { contradictionDiagnostics, liveView, staleness, staleSentence, type LiveCheckRun } from "@/components/session/live-observations";

interface WorkspaceSessionProps {
  seed: SessionSeed;
  /** Called on every change the user makes (card, profile, context). */
  onEdit: () => void;
  /** From a link: leave it (back to the kept review, never forgetting it). From a draft: forget the draft. */
  onStartFresh: () => void;
  onRetry?: () => void;
  /** The review this browser kept, while a link's review is on screen instead. */
  kept?: KeptReview;
}

type SectionKey = "card" | "profile" | "context" | "taskClasses";

/** Registry order = column order in the matrix: the matrix grows with the engine. */
const MATRIX_COLUMNS = INVARIANTS.map((invariant) => invariant.meta);

/** A draft is written once editing pauses this long. */
const DRAFT_PAUSE_MS = 600;

/**
 * One review session: the review (verdict, matrix, explanation) and the inputs it is made of
 * (card, profile, context). The core runs here in the browser on every edit. When the last review
 * was quick, the matrix is redone in the keystroke's own frame; when it was slow (a large card),
 * `useDeferredValue` lets typing stay urgent and the review follows just behind. Memoized: the
 * workspace around it re-renders when it has read the address (no link), which must not redo this.
 */
export const WorkspaceSession = memo(function WorkspaceSession({ seed, onEdit, onStartFresh, onRetry, kept }: WorkspaceSessionProps) {
  const [card, setCard] = useState({ text: seed.cardText, revision: 0 });
  const [source, setSource] = useState<CardSource | null>(seed.source);
  const [profile, setProfileState] = useState<ClientProfile>(seed.profile);
  const [context, setContextState] = useState<ReviewContext>(seed.context);
  const [chosen, setChosen] = useState<MatrixSelection | null>(seed.selection ?? null);
  const [edited, setEdited] = useState(false);
  // undefined: as suits the screen (folded on a narrow one, under the review: CSS decides); then as the user set it.
  const [sections, setFolds] = useState<Partial<Record<SectionKey, boolean>>>({});
  const [taskClasses, setTaskClassesState] = useState(seed.taskClasses);
  // The last live check and what it was made on: never stored, never in a link (no credential in it).
  const [liveRun, setLiveRun] = useState<LiveCheckRun | null>(null);
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
  const cardEditor = useRef<JsonEditorHandle | null>(null);
  const profileEditor = useRef<ProfileEditorHandle | null>(null);

  // Callbacks handed to the inputs never change, so a keystroke re-renders none of them needlessly.
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
  const onConfigImport = useCallback(
    (next: { profile?: ClientProfile; classes?: TaskClass[] }) => {
      if (next.profile) setProfile(next.profile);
      if (next.classes) setTaskClasses(next.classes);
    },
    [setProfile, setTaskClasses],
  );
  const onCardChange = useCallback(
    (text: string) => {
      setCard((prev) => ({ text, revision: prev.revision + 1 }));
      noteEdit();
    },
    [noteEdit],
  );
  const onCardLoad = useCallback(
    (text: string, next: CardSource) => {
      setSource(next);
      // Another card: the explanation starts over on it, not on the last card's cell; the live check was about the last card.
      setChosen(null);
      setLiveRun(null);
      const editor = cardEditor.current;
      if (editor) {
        editor.prepare();
        editor.setText(text);
      } else setCard((prev) => ({ text, revision: prev.revision + 1 }));
      noteEdit();
    },
    [noteEdit],
  );
  const toggle = useMemo(
    () => ({
      card: (open: boolean) => setFolds((s) => ({ ...s, card: open })),
      profile: (open: boolean) => setFolds((s) => ({ ...s, profile: open })),
      context: (open: boolean) => setFolds((s) => ({ ...s, context: open })),
      taskClasses: (open: boolean) => setFolds((s) => ({ ...s, taskClasses: open })),
    }),
    [],
  );

  // A quick review is redone in the keystroke's own render; only a slow one is deferred (and only
  // then does the deferred value change, so a quick keystroke costs no second render pass). The
  // profile, conditions and classes follow the same way: on a 5,000-skill card, aiming the classes
  // at a skill ran that card's review inside the picker's own event (up to 190 ms).
  const quick = lastReviewWasQuick();
  const inputs = useMemo(() => ({ card, profile, context, taskClasses }), [card, profile, context, taskClasses]);
  const deferred = useDeferredValue(quick ? null : inputs);
  const under = quick || deferred === null ? inputs : deferred;
  const reviewed = under.card;
  // Keys stay in this session\'s state: never in a link, never stored.
  const keys = useSignatureKeys();
  const { keysText, setKeysText, keySets, fetchKeySet } = keys;
  // The same keys and check as the same objects, so the keys panel skips the renders a keystroke causes.
  const signatureKeys = useMemo(() => ({ keysText, setKeysText, keySets, fetchKeySet }), [keysText, setKeysText, keySets, fetchKeySet]);
  const { report, checking, failed } = useSignatureReport(reviewed.text, signatureKeys);
  const signatureCheck = useMemo(() => ({ report, checking, failed }), [report, checking, failed]);
  // The engine loads after the first load (on idle), or at once when an edit needs it; until then
  // the review on screen is the one the session started with, marked as being redone.
  const engineReady = useSyncExternalStore(subscribeEngine, isEngineLoaded, engineNotOnServer);
  // A fetched card's URL: the review warns when the profile's client would look for the card elsewhere.
  const fetchedUrl = source?.kind === "fetch" ? source.card.finalUrl : undefined;
  const current = useMemo(
    () => (engineReady || (!edited && !adjusted) ? reviewIfReady(reviewed.text, under.profile, under.context, under.taskClasses, signatureCheck.report, fetchedUrl) : undefined),
    [engineReady, edited, adjusted, reviewed.text, under.profile, under.context, under.taskClasses, signatureCheck.report, fetchedUrl],
  );
  // Before the engine is here, the only review there can be is the one the session started with
  // (the server's, for the first load).
  const [initialReview] = useState(() => reviewIfReady(seed.cardText, seed.profile, seed.context, seed.taskClasses));
  const review = current ?? initialReview;
  const nothingToShow = review === undefined;
  useEffect(() => {
    if (engineReady) return;
    const load = () => void loadEngine().catch(() => undefined);
    // A session with no review yet (a draft, a link that failed) needs the engine now.
    if (nothingToShow || adjusted) return load();
    if (typeof requestIdleCallback === "undefined") {
      const timer = setTimeout(load, 1000);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(load, { timeout: 3000 });
    return () => cancelIdleCallback(idle);
  }, [engineReady, nothingToShow, adjusted]);
  const problemMarks = useEditorDiagnostics(review, reviewed.text);
  // The live agent's contradictions are marked on the card they were made on, and on no other text.
  const liveMarks = useMemo(
    () => (liveRun && liveRun.report.contradictions.length > 0 && reviewed.text === liveRun.cardText ? contradictionDiagnostics(liveRun.report.contradictions, reviewed.text) : NO_DIAGNOSTICS),
    [liveRun, reviewed.text],
  );
  // Validity marks may still be those of an earlier text (a large card's are made after its paint):
  // beside the live marks only when they are for this text.
  const diagnostics = useMemo(() => {
    if (liveMarks === NO_DIAGNOSTICS) return problemMarks;
    if (problemMarks.list.length === 0 || problemMarks.text !== reviewed.text) return { list: liveMarks, text: reviewed.text };
    return { list: [...problemMarks.list, ...liveMarks], text: reviewed.text };
  }, [problemMarks, liveMarks, reviewed.text]);
  // A value (the same inputs: the same answer), so the view below is remade only when it changes.
  const liveStale = liveRun ? staleness(liveRun, card.text, profile, taskClasses) : null;
  const live = useMemo(() => (liveRun ? liveView(liveRun, liveStale) : null), [liveRun, liveStale]);
  const liveStaleSentence = live ? staleSentence(live) : undefined;
  const stale = under !== inputs || current === undefined;
  const empty = reviewed.text.trim() === "";
  // While a field is being typed the card is mostly not JSON: the last card that parsed stays
  // reviewed on screen (dimmed, labelled), under the syntax error, until the text parses again.
  const [lastParsed, setLastParsed] = useState<ParsedReview | null>(null);
  if (current && !empty && !syntaxErrorOf(current) && lastParsed?.review !== current) {
    setLastParsed({ review: current, text: reviewed.text, revision: reviewed.revision, profile: under.profile, context: under.context, taskClasses: under.taskClasses });
  }
  const syntaxError = review && !empty ? syntaxErrorOf(review) : undefined;
  const overCap = review ? overCapOf(review) : undefined;
  const lastValid = useMemo(() => {
    if (!syntaxError || !lastParsed) return undefined;
    const { profile: p, context: c, taskClasses: t } = lastParsed;
    if (p === under.profile && c === under.context && t === under.taskClasses) return lastParsed;
    // The profile, conditions or classes changed meanwhile: the last card, under what is set now.
    const again = reviewAside(lastParsed.text, under.profile, under.context, under.taskClasses);
    return again ? { ...lastParsed, review: again } : lastParsed;
  }, [syntaxError, lastParsed, under.profile, under.context, under.taskClasses]);
  const shown = lastValid?.review ?? review;
  const shownText = lastValid?.text ?? reviewed.text;
  const selection = useMemo(() => (shown ? resolveSelection(chosen, shown) : null), [chosen, shown]);
  // The same array while the card's skills read the same, so the task class panel skips a keystroke's render.
  // Worked out once per review (a keystroke's urgent render keeps the last one): a loop over every skill.
  const shownSkills = shown?.card?.skills;
  const skillsKey = useMemo(() => skillKeyOf(shownSkills), [shownSkills]);
  const { choices: skills, total: skillTotal } = useMemo(() => skillsFromKey(skillsKey), [skillsKey]);
  // Past the list's cap the picker searches every skill, read at search time (never per keystroke).
  const cardSkills = useRef(shown?.card?.skills);
  useEffect(() => {
    cardSkills.current = shown?.card?.skills;
  });
  const searchSkills = useCallback((text: string, limit: number) => findSkills(cardSkills.current, text, limit), []);

  // A preset's name on an edited profile says "(edited)": a shared review never passes for the stock preset.
  const shownProfileName = useMemo(() => profileLabel(profile), [profile]);
  const cardUrl = cardUrlOf(source);
  // A restored draft's source is the text it was restored with: an edit since makes it "edited".
  const sourceText =
    source?.kind === "example" ? source.text : source?.kind === "fetch" ? source.card.text : source?.kind === "draft" ? seed.cardText : undefined;
  const sourceEdited = sourceText !== undefined && sourceText !== card.text;
  // Read at click time (share bar, records): this render's values are the latest committed ones.
  const latest = useRef<WorkspaceState>({ cardText: card.text, profile, context });
  useEffect(() => {
    latest.current = {
      cardText: card.text,
      profile,
      context,
      ...(taskClasses ? { taskClasses } : {}),
      ...(cardUrl ? { cardUrl } : {}),
      ...(selection ? { selection } : {}),
    };
  });
  const shareState = useCallback(() => latest.current, []);
  const fetchedFrom = source?.kind === "fetch" ? source.card.requestedUrl : undefined;
  const recordSource = useMemo<RecordSource>(() => ({ workspace: shareState, ...(fetchedFrom ? { fetchedFrom } : {}) }), [shareState, fetchedFrom]);

  // Nothing lost: once the user has changed something, the session is kept in this browser. It is
  // written once editing pauses, and at once when the page is hidden, left or reloaded (pagehide,
  // visibilitychange, beforeunload): a keystroke right before a reload is kept too. The card is
  // read from the editor itself then, in case its latest keystroke has not been rendered yet.
  const [draftFailed, setDraftFailed] = useState(false);
  const writeDraft = useRef<(() => void) | null>(null);
  useEffect(() => {
    if (!edited) {
      writeDraft.current = null;
      return;
    }
    let written = false;
    const write = () => {
      const typed = cardEditor.current?.getText() ?? card.text;
      // Once written, again only for a keystroke this render has not seen.
      if (written && typed === card.text) return;
      written = true;
      const origin = originOf(source, typed !== card.text || sourceEdited);
      const kept = storeDraft({
        savedAt: new Date().toISOString(),
        cardText: typed,
        profile,
        context,
        ...(origin ? { origin } : {}),
        ...(taskClasses ? { taskClasses } : {}),
        ...(chosen ? { selection: chosen } : {}),
      });
      setDraftFailed(!kept);
    };
    writeDraft.current = write;
    const timer = setTimeout(write, DRAFT_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [edited, card.text, profile, context, source, sourceEdited, taskClasses, chosen]);
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

  // Located in the editor's own text (the profile's may be laid out as the user typed it), so these
  // callbacks never change and the memoized review panels skip the keystroke's urgent render.
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
  const onSelect = useCallback((next: MatrixSelection) => {
    setChosen((prev) => (sameSelection(prev, next) ? prev : next));
    // The explanation is under the matrix (on a phone far below it; side by side, lower in the
    // review's own column): a chosen cell whose explanation is out of sight brings it into view.
    requestAnimationFrame(() => {
      const heading = document.getElementById("explain-heading");
      if (!heading) return;
      const top = heading.getBoundingClientRect().top;
      if (top <= window.innerHeight * 0.6 && top >= 0) return;
      const column = heading.closest<HTMLElement>("[data-testid=review-column]");
      if (column && getComputedStyle(column).position === "sticky") {
        // The page stays where it is (the inputs beside it too): the review's own column scrolls,
        // leaving the lower rows of the matrix above the explanation when there is room.
        column.scrollBy({ top: top - window.innerHeight * 0.3 });
        const after = heading.getBoundingClientRect().top;
        if (after >= 0 && after <= window.innerHeight * 0.6) return;
      }
      heading.scrollIntoView({ block: "start", behavior: "smooth" });
    });
  }, []);
  const onExplain = useCallback((taskClass: string) => {
    setChosen({ taskClass });
    requestAnimationFrame(() => {
      const heading = document.getElementById("explain-heading");
      heading?.scrollIntoView({ block: "start", behavior: "smooth" });
      heading?.focus({ preventScroll: true });
    });
  }, []);
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

  return (
    <>
      {seed.notice && <LinkBannerSlot notice={seed.notice} edited={edited} onStartFresh={onStartFresh} onRetry={onRetry} kept={kept} />}
      {seed.draft && <DraftNotice draft={seed.draft} edited={edited} onStartFresh={onStartFresh} />}
      {draftFailed && (
        <p role="status" className="mb-3 rounded border border-amber-400 bg-amber-50 p-2 text-sm text-amber-950">
          This browser would not keep a draft of this review (its storage is full or turned off): a reload will not bring it back.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[20rem_minmax(0,1fr)] xl:grid-cols-[22rem_minmax(0,1fr)] 2xl:grid-cols-[minmax(24rem,1fr)_minmax(0,2fr)]">
        {/* Side by side, the review stays in view while the inputs beside it scroll: editing the
            profile, the conditions or the classes shows its effect at once. */}
        <div
          data-testid="review-column"
          className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-0 lg:col-start-2 lg:row-start-1 lg:max-h-screen lg:self-start lg:overflow-y-auto lg:overscroll-contain lg:pb-2"
        >
          <Section
            title="Review"
            id="review-heading"
            className="parley-contained"
            actions={
              <span className="text-xs text-slate-600" aria-live="polite">
                {stale || !review ? "Reviewing…" : lastValid ? `last valid card · ${shownProfileName}` : `${shownProfileName} · engine ${review.engine.version}`}
              </span>
            }
          >
            {seed.offerClients && (
              <div className="mb-3">
                <ClientChooser profile={profile} profileName={shownProfileName} choosing={choosing} onChoose={onChooseClient} onChangeRequest={onChooseAgain} />
              </div>
            )}
            {!review ? (
              <p role="status" className="text-sm text-slate-700">
                Loading the review engine…
              </p>
            ) : empty ? (
              <p data-testid="no-card" className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-700">
                No card loaded. Paste or type a card, open a file, fetch one by URL or pick a built-in example.
              </p>
            ) : overCap ? (
              <p data-testid="over-cap" role="status" className="rounded border border-amber-500 bg-amber-50 p-3 text-sm text-amber-950">
                <span className="font-semibold">Over Parley&apos;s size cap: not reviewed.</span> This card is{" "}
                {overCap.size.toLocaleString("en-US")} characters long; Parley reads cards of at most{" "}
                {overCap.limit.toLocaleString("en-US")} characters. That says nothing about whether the card is
                valid: shorten it (its skills, most often) or check it with a tool made for documents this large.
              </p>
            ) : lastValid && syntaxError ? (
              <div className="flex flex-col gap-3">
                <p data-testid="syntax-error" role="status" className="rounded border border-rose-400 bg-rose-50 px-2 py-1.5 text-sm text-rose-900">
                  <span className="font-semibold">Not JSON yet.</span> {describeProblem(syntaxError)}{" "}
                  <button type="button" className="text-sky-800 underline decoration-dotted" onClick={() => onLocateProblem(syntaxError)}>
                    Show it in the editor
                  </button>
                  <span className="block text-xs text-rose-800">Below: the review of the last valid card, until this one parses again.</span>
                </p>
                <div data-testid="last-valid-review" className="flex flex-col gap-3 opacity-60" aria-label="Review of the last valid card" role="group">
                  <p className="text-xs font-semibold tracking-wide text-slate-700 uppercase">Last valid card</p>
                  <VerdictSummary review={lastValid.review} onExplain={onExplain} />
                  <ValiditySummary review={lastValid.review} onLocate={onLocateProblem} />
                  <ReviewMatrix review={lastValid.review} invariants={MATRIX_COLUMNS} revision={lastValid.revision} selection={selection} onSelect={onSelect} live={live} />
                </div>
              </div>
            ) : (
              <div className="flex flex-col gap-3">
                <VerdictSummary review={review} onExplain={onExplain} />
                <ValiditySummary review={review} onLocate={onLocateProblem} signatureChecking={signatureCheck.checking} />
                {live && <LiveVerdict view={live} onLocate={onLocateField} />}
                <ReviewMatrix review={review} invariants={MATRIX_COLUMNS} revision={reviewed.revision} selection={selection} onSelect={onSelect} live={live} />
              </div>
            )}
          </Section>
            {!empty && shown && (
              <ExplainPanel
                review={shown}
                cardText={shownText}
                selection={selection}
                onHighlight={onHighlight}
                source={recordSource}
                observation={selection && live ? live.classes.get(selection.taskClass) : undefined}
                liveStale={liveStaleSentence}
              />
            )}
            <ShareBar
              getState={shareState}
              hasCardUrl={cardUrl !== undefined}
              disabledReason={card.text.trim() === "" ? "Load a card to share its review." : undefined}
            />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:col-start-1 lg:row-start-1">
          <CardPanel
            initialText={seed.cardText}
            sourceEdited={sourceEdited}
            source={source}
            editorRef={cardEditor}
            diagnostics={empty ? NO_DIAGNOSTICS : diagnostics.list}
            // The text the diagnostics were made for matters only when there are some: without, a
            // keystroke leaves the card panel's props as they were (and the panel unrendered).
            diagnosticsText={empty ? "" : diagnostics.text}
            onChange={onCardChange}
            onLoad={onCardLoad}
            open={sections.card}
            onToggle={toggle.card}
            summary={empty ? "no card" : (shown?.card?.name ?? "unnamed card")}
          />
          {source?.kind === "fetch" && (
            <LazyLiveCheck
              cardUrl={source.card.finalUrl}
              cardText={source.card.text}
              profile={profile}
              taskClasses={taskClasses}
              onLocate={onLocateField}
              onResult={setLiveRun}
              stale={liveStaleSentence}
            />
          )}
          {review && <KeysPanel keys={signatureKeys} check={signatureCheck} signature={review.validity.signature} />}
          <ProfileEditor profile={profile} onChange={setProfile} handleRef={profileEditor} open={sections.profile} onToggle={toggle.profile} />
          <ContextPanel
            context={context}
            onChange={setContext}
            renegotiable={profile.fixed === false}
            onRenegotiableChange={onRenegotiableChange}
            open={sections.context}
            onToggle={toggle.context}
          />
          <TaskClassPanel classes={classes} onChange={setTaskClasses} skills={skills} skillTotal={skillTotal} searchSkills={searchSkills} open={sections.taskClasses} onToggle={toggle.taskClasses} />
          <ConfigFileControl profile={profile} classes={classes} review={review} cardText={card.text} onImport={onConfigImport} />
        </div>
      </div>
    </>
  );
});

const NO_DIAGNOSTICS: never[] = [];
const NO_MARKERS = { list: NO_DIAGNOSTICS, text: "" };

/**
 * Past this size a card's editor markers are worked out after the review is painted, in a task of
 * their own: on a 1 MiB card, finding the problems' pointers in the text takes about as long as
 * the review, and the two in one task made the longest task on the page.
 */
const DEFER_MARKERS_CHARS = 256 * 1024;

/** The editor's markers for a review and the text they were made for (the editor drops them once its text differs). */
function useEditorDiagnostics(review: Review | undefined, text: string): { list: readonly EditorDiagnostic[]; text: string } {
  const problems = review !== undefined && review.validity.problems.length > 0;
  const large = text.length > DEFER_MARKERS_CHARS;
  const now = useMemo(() => (review && problems && !large ? { list: problemDiagnostics(review, text), text } : undefined), [review, problems, large, text]);
  const [later, setLater] = useState<{ list: EditorDiagnostic[]; text: string } | null>(null);
  useEffect(() => {
    if (!review || !problems || !large) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setLater({ list: problemDiagnostics(review, text), text }), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [review, problems, large, text]);
  if (!problems) return NO_MARKERS;
  if (now) return now;
  // Until this review's are ready, the last ones made (for the text they were made for).
  return later ?? NO_MARKERS;
}

interface ParsedReview {
  review: Review;
  text: string;
  revision: number;
  profile: ClientProfile;
  context: ReviewContext;
  taskClasses: TaskClassSelection | undefined;
}

/** A card over the size cap is not read at all: its size and the cap. */
function overCapOf(review: Review): { size: number; limit: number } | undefined {
  const problem = review.validity.problems.find((p) => p.code === "tooLarge");
  if (!problem || typeof problem.data.size !== "number" || typeof problem.data.limit !== "number") return undefined;
  return { size: problem.data.size, limit: problem.data.limit };
}

/** The card text's syntax error, when it has one (the text is not JSON). */
function syntaxErrorOf(review: Review): ValidityProblem | undefined {
  return review.validity.problems.find((problem) => problem.code === "notJson");
}

/** A picker of more would not be read: past this many skills, the task class panel searches. */
const SKILL_LIST_MAX = 500;

function skillKeyOf(skills: ReadonlyArray<{ id?: string; name?: string }> | undefined): string {
  const choices: SkillChoice[] = [];
  const seen = new Set<string>();
  for (const s of skills ?? []) {
    if (typeof s.id !== "string" || s.id.trim() === "" || seen.has(s.id)) continue;
    seen.add(s.id);
    if (choices.length < SKILL_LIST_MAX) choices.push(s.name ? { id: s.id, name: s.name } : { id: s.id });
  }
  return JSON.stringify({ choices, total: seen.size });
}

function skillsFromKey(key: string): { choices: SkillChoice[]; total: number } {
  return JSON.parse(key) as { choices: SkillChoice[]; total: number };
}

function findSkills(skills: ReadonlyArray<{ id?: string; name?: string }> | undefined, text: string, limit: number): SkillChoice[] {
  const needle = text.toLowerCase();
  const found: SkillChoice[] = [];
  const seen = new Set<string>();
  for (const s of skills ?? []) {
    if (found.length >= limit) break;
    if (typeof s.id !== "string" || s.id.trim() === "" || seen.has(s.id)) continue;
    seen.add(s.id);
    const name = typeof s.name === "string" ? s.name : undefined;
    if (s.id.toLowerCase().includes(needle) || (name !== undefined && name.toLowerCase().includes(needle))) found.push(name ? { id: s.id, name } : { id: s.id });
  }
  return found;
}
const KeysPanel = memo(SignatureKeysPanel);
const engineNotOnServer = () => false;

function highlightPointer(editor: JsonEditorHandle | null, pointer: string): void {
  if (!editor) return;
  const range = locateNearest(editor.getText(), pointer);
  if (range) editor.highlight(range.from, range.to);
}

/** The URL a live link would refetch: the one the user fetched, or the one a snapshot link or a draft remembered. */
function cardUrlOf(source: CardSource | null): string | undefined {
  if (source?.kind === "fetch") return source.card.requestedUrl;
  if (source?.kind === "link") return source.cardUrl;
  if (source?.kind === "draft" && source.origin?.kind === "url") return source.origin.url;
  return undefined;
}
