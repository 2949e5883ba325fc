"use client";

import { useDeferredValue, useMemo, useRef, useState } from "react";
import { CardPanel, type CardSource } from "@/components/card-editor/card-panel";
import type { JsonEditorHandle } from "@/components/card-editor/json-editor";
import { ContextPanel } from "@/components/context-panel/context-panel";
import { ExplainPanel } from "@/components/explain-panel/explain-panel";
import { ReviewMatrix, type MatrixSelection } from "@/components/matrix/review-matrix";
import { ProfileEditor } from "@/components/profile-editor/profile-editor";
import { formatProfile } from "@/components/profile-editor/parse-profile";
import { Section } from "@/components/ui/section";
import type { ReviewContext } from "@/lib/negotiation/context";
import type { ClientProfile } from "@/lib/negotiation/profile";
import type { EvidenceRef } from "@/lib/negotiation/invariants/types";
import type { ValidityProblem } from "@/lib/negotiation/card/validity";
import { INVARIANT_METAS, locateInText, problemDiagnostics, runReview } from "./core";
import { ValiditySummary } from "./validity-summary";

interface WorkspaceProps {
  initialCard: { text: string; source: CardSource | null };
  initialProfile: ClientProfile;
  initialSelection?: MatrixSelection;
}

/**
 * The review workspace: inputs on the left (card, profile, context), the review on the right.
 * The core runs here in the browser on every edit; `useDeferredValue` lets typing stay urgent while
 * the review of the latest text renders just behind it.
 */
export function Workspace({ initialCard, initialProfile, initialSelection }: WorkspaceProps) {
  const [card, setCard] = useState({ text: initialCard.text, revision: 0 });
  const [source, setSource] = useState<CardSource | null>(initialCard.source);
  const [profile, setProfile] = useState<ClientProfile>(initialProfile);
  const [context, setContext] = useState<ReviewContext>({});
  const [selection, setSelection] = useState<MatrixSelection | null>(initialSelection ?? null);
  const cardEditor = useRef<JsonEditorHandle | null>(null);
  const profileEditor = useRef<JsonEditorHandle | null>(null);

  const reviewed = useDeferredValue(card);
  const review = useMemo(() => runReview(reviewed.text, profile, context), [reviewed.text, profile, context]);
  const diagnostics = useMemo(() => problemDiagnostics(review, reviewed.text), [review, reviewed.text]);
  const stale = reviewed !== card;

  const highlightPointer = (target: "card" | "profile", pointer: string) => {
    if (target === "card") {
      const range = locateInText(card.text, pointer);
      if (range) cardEditor.current?.highlight(range.from, range.to);
    } else {
      const range = locateInText(formatProfile(profile), pointer);
      if (range) profileEditor.current?.highlight(range.from, range.to);
    }
  };
  const onHighlight = (ref: EvidenceRef) => {
    if (ref.source === "card" || ref.source === "profile") highlightPointer(ref.source, ref.pointer);
  };
  const onLocateProblem = (problem: ValidityProblem) => {
    if (problem.position) cardEditor.current?.highlight(problem.position.offset, problem.position.offset + 1);
    else highlightPointer("card", problem.pointer);
  };

  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,8fr)]">
      <div className="flex min-w-0 flex-col gap-4">
        <CardPanel
          initialText={initialCard.text}
          currentText={card.text}
          source={source}
          editorRef={cardEditor}
          diagnostics={diagnostics}
          diagnosticsText={reviewed.text}
          onChange={(text) => setCard((prev) => ({ text, revision: prev.revision + 1 }))}
          onLoad={(text, next) => {
            setSource(next);
            if (cardEditor.current) cardEditor.current.setText(text);
            else setCard((prev) => ({ text, revision: prev.revision + 1 }));
          }}
        />
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
        <Section
          title="Review"
          id="review-heading"
          actions={
            <span className="text-xs text-slate-500" aria-live="polite">
              {stale ? "Reviewing…" : `${profile.name} · engine ${review.engine.version}`}
            </span>
          }
        >
          <div className="flex flex-col gap-3">
            <ValiditySummary review={review} onLocate={onLocateProblem} />
            <ReviewMatrix
              review={review}
              invariants={INVARIANT_METAS}
              revision={reviewed.revision}
              selection={selection}
              onSelect={setSelection}
            />
          </div>
        </Section>
        <ExplainPanel review={review} cardText={reviewed.text} selection={selection} onHighlight={onHighlight} />
      </div>
    </div>
  );
}
