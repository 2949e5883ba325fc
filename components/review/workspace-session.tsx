"use client";

import { memo, useCallback, useMemo, useState } from "react";
import type { ImportedConfig } from "@/lib/config/workspace";
import { CardPanel } from "@/components/card-editor/card-panel";
import { ContextPanel } from "@/components/context-panel/context-panel";
import { ExplainPanel } from "@/components/explain-panel/explain-panel";
import { ProfileEditor } from "@/components/profile-editor/profile-editor";
import { LinkBannerSlot } from "@/components/share/link-banner-slot";
import type { KeptReview } from "@/components/share/link-pending";
import { ShareBar } from "@/components/share/share-bar";
import { SignatureKeysPanel } from "@/components/signature-keys/signature-keys-panel";
import { Section } from "@/components/ui/section";
import { resolveSelection } from "@/components/session/selection";
import type { SessionSeed } from "@/components/session/session-seed";
import type { CardSource } from "@/components/session/card-source";
import { DraftNotice } from "./draft-notice";
import { ClientChooser } from "./client-chooser";
import { profileLabel } from "@/components/profile-editor/profile-label";
import { TaskClassPanel } from "@/components/task-classes/task-class-panel";
import { ConfigFileControl } from "./config-file-control";
import { LazyLiveCheck } from "@/components/live-check/lazy-live-check";
import { ReviewBody } from "./review-body";
import { useAcknowledgements } from "./use-acknowledgements";
import { NO_DIAGNOSTICS, useCardMarks } from "./use-card-marks";
import { useDraftWriter } from "./use-draft-writer";
import { useInputSections } from "./use-input-sections";
import { useLiveCheckState } from "./use-live-check-state";
import { useMatrixSelection } from "./use-matrix-selection";
import { useSessionInputs } from "./use-session-inputs";
import { useLastValidReview, useSessionReview } from "./use-session-review";
import { useShareState } from "./use-share-state";
import { useSkillChoices } from "./use-skill-choices";
import type { Acknowledgement, ClientProfile, TaskClass } from "@/lib/negotiation";

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

/**
 * One review session: the review (verdict, matrix, explanation) and the inputs it is made of
 * (card, profile, context, task classes). Each part owns its state in a hook of its own: the input
 * sections and their editors, the inputs, the selection, the live check, the review itself, the
 * acknowledgements, the share state and the draft; this component wires them together and lays
 * them out. Memoized: the workspace around it re-renders when it has read the address (no link),
 * which must not redo this.
 */
export const WorkspaceSession = memo(function WorkspaceSession({ seed, onEdit, onStartFresh, onRetry, kept }: WorkspaceSessionProps) {
  const { sections, toggle, cardEditor, profileEditor, onHighlight, onLocateField, onLocateProblem } = useInputSections();
  const { chosen, onSelect, onExplain, clearSelection } = useMatrixSelection(seed.selection ?? null);
  const {
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
    noteEdit,
  } = useSessionInputs(seed, onEdit, cardEditor);
  const { liveRun, setLiveRun, clearLive, live, liveStaleSentence } = useLiveCheckState(card.text, profile, taskClasses);
  const onCardLoad = useCallback(
    (text: string, next: CardSource) => {
      // Another card: the explanation starts over on it, not on the last card's cell; the live check was about the last card.
      clearSelection();
      clearLive();
      loadCard(text, next);
    },
    [clearSelection, clearLive, loadCard],
  );

  const inputs = useMemo(() => ({ card, profile, context, taskClasses }), [card, profile, context, taskClasses]);
  // A fetched card's URL: the review warns when the profile's client would look for the card elsewhere.
  const fetchedUrl = source?.kind === "fetch" ? source.card.finalUrl : undefined;
  const { review, current, reviewed, under, stale, signatureKeys, signatureCheck } = useSessionReview(seed, inputs, { edited, adjusted, fetchedUrl });
  const { empty, syntaxError, overCap, lastValid, shown, shownText } = useLastValidReview(current, review, reviewed, under);
  const diagnostics = useCardMarks(review, reviewed.text, liveRun);
  const selection = useMemo(() => (shown ? resolveSelection(chosen, shown) : null), [chosen, shown]);
  const { skills, skillTotal, searchSkills } = useSkillChoices(shown?.card?.skills);
  const { acknowledgements, setAcknowledgements, byClass: acknowledged } = useAcknowledgements(shown, shownText, seed.acknowledgements);
  // Importing acknowledgements is an edit, as importing a profile is: a link's fragment, which
  // holds the old ones, leaves the address, and the draft keeps the new ones (a reload keeps them).
  const onAcknowledgements = useCallback(
    (next: Acknowledgement[]) => {
      setAcknowledgements(next);
      noteEdit();
    },
    [setAcknowledgements, noteEdit],
  );
  // The config file imported last, as it was: the export writes it back, and the draft keeps it.
  const [importedConfig, setImportedConfig] = useState<ImportedConfig | undefined>(seed.importedConfig);
  const onConfigImport = useCallback(
    (next: { profile?: ClientProfile; classes?: TaskClass[] }) => {
      if (next.profile) setProfile(next.profile);
      if (next.classes) setTaskClasses(next.classes);
    },
    [setProfile, setTaskClasses],
  );

  // A preset's name on an edited profile says "(edited)": a shared review never passes for the stock preset.
  const shownProfileName = useMemo(() => profileLabel(profile), [profile]);
  const { shareState, recordSource, hasCardUrl } = useShareState({ cardText: card.text, profile, context, taskClasses, source, selection, acknowledgements });
  const draftFailed = useDraftWriter({ edited, cardText: card.text, profile, context, source, sourceEdited, taskClasses, chosen, acknowledgements, importedConfig }, cardEditor);

  return (
    <>
      {seed.notice && <LinkBannerSlot notice={seed.notice} edited={edited} onStartFresh={onStartFresh} onRetry={onRetry} kept={kept} />}
      {seed.draft && <DraftNotice draft={seed.draft} acknowledged={seed.acknowledgements?.length ?? 0} edited={edited} onStartFresh={onStartFresh} />}
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
            <ReviewBody
              review={review}
              revision={reviewed.revision}
              empty={empty}
              overCap={overCap}
              syntaxError={syntaxError}
              lastValid={lastValid}
              selection={selection}
              live={live}
              acknowledged={acknowledged}
              signatureChecking={signatureCheck.checking}
              onSelect={onSelect}
              onExplain={onExplain}
              onLocateProblem={onLocateProblem}
              onLocateField={onLocateField}
            />
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
                acknowledgement={selection ? acknowledged.get(selection.taskClass) : undefined}
              />
            )}
            <ShareBar
              getState={shareState}
              hasCardUrl={hasCardUrl}
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
          <ConfigFileControl
            profile={profile}
            classes={classes}
            acknowledgements={acknowledgements}
            acknowledged={acknowledged}
            onAcknowledgements={onAcknowledgements}
            onImport={onConfigImport}
            imported={importedConfig}
            onImported={setImportedConfig}
          />
        </div>
      </div>
    </>
  );
});

const KeysPanel = memo(SignatureKeysPanel);
