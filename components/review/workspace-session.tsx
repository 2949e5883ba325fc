"use client";

import { useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { CardPanel, type CardSource } from "@/components/card-editor/card-panel";
import type { JsonEditorHandle } from "@/components/card-editor/json-editor";
import { ContextPanel } from "@/components/context-panel/context-panel";
import { ExplainPanel } from "@/components/explain-panel/explain-panel";
import { ReviewMatrix, type MatrixSelection } from "@/components/matrix/review-matrix";
import { ProfileEditor } from "@/components/profile-editor/profile-editor";
import { LinkBannerSlot } from "@/components/share/link-banner-slot";
import { ShareBar } from "@/components/share/share-bar";
import type { WorkspaceState } from "@/components/share/snapshot";
import { SignatureKeysPanel } from "@/components/signature-keys/signature-keys-panel";
import { useSignatureKeys } from "@/components/signature-keys/use-signature-keys";
import { useSignatureReport } from "@/components/signature-keys/use-signature-report";
import { Section } from "@/components/ui/section";
import type { ReviewContext } from "@/lib/negotiation/context";
import type { ClientProfile } from "@/lib/negotiation/profile";
import type { EvidenceRef } from "@/lib/negotiation/invariants/types";
import type { ValidityProblem } from "@/lib/negotiation/card/validity";
import { INVARIANTS } from "@/lib/negotiation/invariants";
import { locateNearest, problemDiagnostics, runReview } from "./workspace-review";
import type { SessionSeed } from "./session-seed";
import { ValiditySummary } from "./validity-summary";

/** Registry order = column order in the matrix. */
const MATRIX_COLUMNS = INVARIANTS.map((invariant) => invariant.meta);

interface WorkspaceSessionProps {
  seed: SessionSeed;
  /** Called on every change the user makes (card, profile, context). */
  onEdit: () => void;
  onStartFresh: () => void;
  onRetry?: () => void;
}

/**
 * One review session: inputs on the left (card, profile, context), the review on the right.
 * The core runs here in the browser on every edit; `useDeferredValue` lets typing stay urgent while
 * the review of the latest text renders just behind it.
 */
export function WorkspaceSession({ seed, onEdit, onStartFresh, onRetry }: WorkspaceSessionProps) {
  const [card, setCard] = useState({ text: seed.cardText, revision: 0 });
  const [source, setSource] = useState<CardSource | null>(seed.source);
  const [profile, setProfileState] = useState<ClientProfile>(seed.profile);
  const [context, setContextState] = useState<ReviewContext>(seed.context);
  const [selection, setSelection] = useState<MatrixSelection | null>(seed.selection ?? null);
  const [edited, setEdited] = useState(false);
  const taskClasses = seed.taskClasses;
  const cardEditor = useRef<JsonEditorHandle | null>(null);
  const profileEditor = useRef<JsonEditorHandle | null>(null);

  const noteEdit = () => {
    if (!edited) setEdited(true);
    onEdit();
  };
  const setProfile = (next: ClientProfile) => {
    setProfileState(next);
    noteEdit();
  };
  const setContext = (next: ReviewContext) => {
    setContextState(next);
    noteEdit();
  };

  const reviewed = useDeferredValue(card);
  // Keys stay in this session's state: never in a link, never stored.
  const signatureKeys = useSignatureKeys();
  const signatureCheck = useSignatureReport(reviewed.text, signatureKeys);
  const review = useMemo(
    () => runReview(reviewed.text, profile, context, taskClasses, signatureCheck.report),
    [reviewed.text, profile, context, taskClasses, signatureCheck.report],
  );
  const diagnostics = useMemo(() => problemDiagnostics(review, reviewed.text), [review, reviewed.text]);
  const stale = reviewed !== card;
  const empty = reviewed.text.trim() === "";

  const cardUrl = cardUrlOf(source);
  // Called by the share bar at click time: this render's values are the latest committed ones.
  const shareState = (): WorkspaceState => ({
    cardText: card.text,
    profile,
    context,
    ...(taskClasses ? { taskClasses } : {}),
    ...(cardUrl ? { cardUrl } : {}),
  });

  // Located in the editor's own text (the profile's may be laid out as the user typed it), so these
  // callbacks never change and the memoized review panels skip the keystroke's urgent render.
  const onHighlight = useCallback((ref: EvidenceRef) => {
    if (ref.source !== "card" && ref.source !== "profile") return;
    highlightPointer(ref.source === "card" ? cardEditor.current : profileEditor.current, ref.pointer);
  }, []);
  const onLocateProblem = useCallback((problem: ValidityProblem) => {
    if (problem.position) cardEditor.current?.highlight(problem.position.offset, problem.position.offset + 1);
    else highlightPointer(cardEditor.current, problem.pointer);
  }, []);

  return (
    <>
      {seed.notice && <LinkBannerSlot notice={seed.notice} edited={edited} onStartFresh={onStartFresh} onRetry={onRetry} />}
      <div className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,8fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <CardPanel
            initialText={seed.cardText}
            currentText={card.text}
            source={source}
            editorRef={cardEditor}
            diagnostics={empty ? [] : diagnostics}
            diagnosticsText={reviewed.text}
            onChange={(text) => {
              setCard((prev) => ({ text, revision: prev.revision + 1 }));
              noteEdit();
            }}
            onLoad={(text, next) => {
              setSource(next);
              cardEditor.current?.prepare();
              if (cardEditor.current) cardEditor.current.setText(text);
              else setCard((prev) => ({ text, revision: prev.revision + 1 }));
              noteEdit();
            }}
          />
          <SignatureKeysPanel keys={signatureKeys} check={signatureCheck} signature={review.validity.signature} />
          <ProfileEditor profile={profile} onChange={setProfile} jsonHandleRef={profileEditor} />
          <ContextPanel
            context={context}
            onChange={setContext}
            renegotiable={profile.fixed === false}
            onRenegotiableChange={(renegotiable) => {
              const next = { ...profile };
              if (renegotiable) next.fixed = false;
              else delete next.fixed;
              setProfile(next);
            }}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:sticky lg:top-4 lg:self-start">
          <ShareBar
            getState={shareState}
            hasCardUrl={cardUrl !== undefined}
            disabledReason={card.text.trim() === "" ? "Load a card to share its review." : undefined}
          />
          <Section
            title="Review"
            id="review-heading"
            actions={
              <span className="text-xs text-slate-500" aria-live="polite">
                {stale ? "Reviewing…" : `${profile.name} · engine ${review.engine.version}`}
              </span>
            }
          >
            {empty ? (
              <p data-testid="no-card" className="rounded border border-dashed border-slate-300 p-4 text-sm text-slate-600">
                No card loaded. Paste or type a card, open a file, fetch one by URL or pick a built-in example.
              </p>
            ) : (
              <div className="flex flex-col gap-3">
                <ValiditySummary review={review} onLocate={onLocateProblem} signatureChecking={signatureCheck.checking} />
                <ReviewMatrix
                  review={review}
                  invariants={MATRIX_COLUMNS}
                  revision={reviewed.revision}
                  selection={selection}
                  onSelect={setSelection}
                />
              </div>
            )}
          </Section>
          {!empty && <ExplainPanel review={review} cardText={reviewed.text} selection={selection} onHighlight={onHighlight} />}
        </div>
      </div>
    </>
  );
}

function highlightPointer(editor: JsonEditorHandle | null, pointer: string): void {
  if (!editor) return;
  const range = locateNearest(editor.getText(), pointer);
  if (range) editor.highlight(range.from, range.to);
}

/** The URL a live link would refetch: the one the user fetched, or the one a snapshot link remembered. */
function cardUrlOf(source: CardSource | null): string | undefined {
  if (source?.kind === "fetch") return source.card.requestedUrl;
  if (source?.kind === "link") return source.cardUrl;
  return undefined;
}
