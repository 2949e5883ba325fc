"use client";

import { useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { CardPanel } from "@/components/card-editor/card-panel";
import type { JsonEditorHandle } from "@/components/card-editor/json-editor";
import type { CardSource } from "@/components/session/card-source";
import { loadShare } from "@/components/session/load-share";
import { locateNearest, problemDiagnostics, type EditorDiagnostic } from "@/components/session/workspace-review";
import { Section } from "@/components/ui/section";
import { postProbe, type ProbeFailure } from "@/components/live-check/post-probe";
import { type CardLint, ENGINE_VERSION, lintCard, type LiveObservation, PRESET_IDS, type PresetLint, PRESETS } from "@/lib/negotiation";
import { liveObservationOf } from "@/lib/probe/live-observation";
import { LintReport, type LiveState, type OpenNotice } from "./lint-report";

const NO_DIAGNOSTICS: readonly EditorDiagnostic[] = [];

/**
 * /check: a card on its own, with no client profile. Paste, drop, open or fetch it (the
 * workspace's card panel), and the lint follows every keystroke: validity, signatures, and every
 * preset's decisions, each preset one step from its full review in the workspace.
 */
export function CheckWorkbench() {
  const editor = useRef<JsonEditorHandle>(null);
  const [text, setText] = useState("");
  const [source, setSource] = useState<CardSource | null>(null);
  const [sourceText, setSourceText] = useState<string | undefined>();
  const [open, setOpen] = useState<boolean | undefined>(true);
  const [notice, setNotice] = useState<OpenNotice | undefined>();
  // The live check of a fetched card, for the text it was made on (an edit leaves it behind).
  const [live, setLive] = useState<{ text: string; state: LiveState } | undefined>();
  // The lint runs every preset: typing stays ahead of it on a large card.
  const deferred = useDeferredValue(text);
  const empty = deferred.trim() === "";
  const observation: LiveObservation | undefined = live?.text === deferred && live.state.phase === "done" ? live.state.observation : undefined;
  // A fetched card's URL: the lint names the presets whose clients would look for it elsewhere.
  const fetchedUrl = source?.kind === "fetch" ? source.card.finalUrl : undefined;
  const lint = useMemo<CardLint | undefined>(
    () => (empty ? undefined : lintCard(deferred, { ...(observation ? { live: observation } : {}), ...(fetchedUrl ? { cardUrl: fetchedUrl } : {}) })),
    [deferred, empty, observation, fetchedUrl],
  );
  const diagnostics = useMemo(
    () => (!lint || lint.errors.length + lint.warnings.length === 0 ? NO_DIAGNOSTICS : problemDiagnostics({ validity: { valid: lint.valid, shape: lint.shape, problems: [...lint.errors, ...lint.warnings] } }, deferred)),
    [lint, deferred],
  );

  const onLoad = useCallback((next: string, from: CardSource) => {
    setSource(from);
    setSourceText(next);
    setNotice(undefined);
    const handle = editor.current;
    if (handle) {
      handle.prepare();
      handle.setText(next);
    }
    setText(next);
  }, []);
  const onChange = useCallback((next: string) => setText(next), []);

  const locate = useCallback((pointer: string) => {
    const handle = editor.current;
    if (!handle) return;
    const range = locateNearest(handle.getText(), pointer);
    if (range) handle.highlight(range.from, range.to);
  }, []);

  const cardUrl = source?.kind === "fetch" && sourceText === text ? source.card.finalUrl : undefined;
  // Parley's server asks each interface with a call that creates nothing (the workspace's live check,
  // through the same route); the preset only shapes predictions the check does not show.
  const runLive = useCallback(() => {
    if (!cardUrl) return;
    const checked = text;
    setLive({ text: checked, state: { phase: "running" } });
    postProbe({ url: cardUrl, profile: PRESETS[PRESET_IDS.indexOf("a2a-js")] ?? PRESETS[0]!, taskClasses: ["request-response"] }).then(
      (report) => setLive((now) => (now?.text === checked ? { text: checked, state: { phase: "done", observation: liveObservationOf(report) } } : now)),
      (failure: ProbeFailure) => setLive((now) => (now?.text === checked ? { text: checked, state: { phase: "failed", message: failure.message, code: failure.code } } : now)),
    );
  }, [cardUrl, text]);
  const liveState: LiveState | undefined = cardUrl === undefined ? undefined : live?.text === text ? live.state : { phase: "idle" };
  const openInWorkspace = useCallback(
    async (preset: PresetLint) => {
      const profile = PRESETS[PRESET_IDS.indexOf(preset.id)];
      if (!profile) return;
      try {
        const share = await loadShare();
        // A snapshot link: this exact card, the preset, and the decisions shown here, which the workspace checks on opening.
        const encoded = share.tryEncodeReviewLink({
          cardText: deferred,
          profile,
          context: {},
          taskClasses: preset.decisions.map((d) => d.taskClass),
          engineVersion: ENGINE_VERSION,
          decisions: Object.fromEntries(preset.decisions.map((d) => [d.taskClass, d.outcome])),
          ...(cardUrl ? { cardUrl } : {}),
        });
        if (!encoded.ok) return setNotice({ kind: "failed", preset: preset.name, message: share.describeLinkError(encoded.error) });
        const url = `/#${encoded.fragment}`;
        window.open(url, "_blank", "noopener");
        setNotice({ kind: "opened", preset: preset.name, url });
      } catch {
        setNotice({ kind: "failed", preset: preset.name, message: "Parley could not load the part of the page that makes review links (the network may be down); try again." });
      }
    },
    [deferred, cardUrl],
  );

  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]">
      <div className="flex min-w-0 flex-col gap-4">
        <CardPanel
          initialText=""
          sourceEdited={sourceText !== undefined && sourceText !== text}
          source={source}
          editorRef={editor}
          diagnostics={empty ? NO_DIAGNOSTICS : diagnostics}
          diagnosticsText={empty || diagnostics === NO_DIAGNOSTICS ? "" : deferred}
          onChange={onChange}
          onLoad={onLoad}
          open={open}
          onToggle={setOpen}
          summary={lint?.name ?? (empty ? "no card" : "unnamed card")}
        />
      </div>
      <Section title="Card check" id="check-heading" className="min-w-0 self-start lg:sticky lg:top-3">
        {lint ? (
          <LintReport lint={lint} stale={deferred !== text} onLocate={locate} onOpen={openInWorkspace} notice={notice} live={liveState} onLive={runLive} />
        ) : (
          <p data-testid="check-empty" className="text-sm text-slate-600">
            Paste, type or drop an Agent Card in the editor, open a file, fetch one by URL or pick a built-in example: the check says whether the card
            itself is fine (validity, what real SDKs trip on, signatures) and which client presets it works for, with no profile of your own.
          </p>
        )}
      </Section>
    </div>
  );
}
