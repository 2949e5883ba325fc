"use client";

import { useCallback, useState } from "react";
import { BUTTON } from "@/components/ui/form-styles";
import { Section } from "@/components/ui/section";
import { plural } from "@/components/ui/file-words";
import { EMPTY_TRIAGE, type TriageInputs } from "@/lib/triage/inputs";
import { CardIntake } from "./card-intake";
import { CardList } from "./card-list";
import { IntakeReportView } from "./intake-report";
import { TriageLegend } from "./legend";
import { ProfileIntake } from "./profile-intake";
import { RunStatus } from "./run-status";
import { TaskClassIntake } from "./task-class-intake";
import { TriageFiles } from "./triage-files";
import { TriageGrid } from "./triage-grid";
import { TriageNotice, type Notice } from "./triage-notice";
import { TriageToolbar } from "./triage-toolbar";
import { emptyReport, useTriageIntake } from "./use-triage-intake";
import { useFileDrop } from "./use-file-drop";
import { useTriageOpening } from "./use-triage-opening";
import { useTriageRun } from "./use-triage-run";
import { useTriageSharing } from "./use-triage-sharing";
import { useTriageView } from "./use-triage-view";

/**
 * /triage: many cards × many client profiles. Each part owns its state in a hook of its own: the
 * inputs and their run (reviews in a worker, streaming back), how the page opens and keeps the
 * triage, the intake, the view (filter, sort), what leaves the page, and drops. This component
 * lays them out.
 */
export function TriageWorkbench({ registryOn = false }: { registryOn?: boolean }) {
  const [ready, setReady] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const { inputs, inputsRef, results, snapshot, run, commit, reset, cancelRun, resumeRun } = useTriageRun(ready);
  const { filter, setFilter, sort, setSort, view, labels, taskClasses } = useTriageView(inputs, snapshot);
  const replaceWith = useCallback(
    (next: TriageInputs) => {
      reset();
      setFilter({});
      commit(next);
    },
    [commit, reset, setFilter],
  );
  const stored = useTriageOpening({ inputs, commit, ready, setReady, setNotice });
  const {
    report,
    setReport,
    reading,
    loadingRegistry,
    onFiles,
    onPaste,
    onExamples,
    onRegistry,
    addFetched,
    onLink,
    onAddProfiles,
    onRemoveCards,
    onTaskClasses,
    onRemoveProfile,
    onOpenFile,
    resolveOpen,
  } = useTriageIntake({ inputsRef, commit, results, replaceWith, setNotice, setFilter });
  const { dragging, onDragOver, onDrop, onDragLeave } = useFileDrop(onFiles, (skippedInFolders) => setReport({ ...emptyReport(), skippedInFolders }));
  const { openReview, onExport, onSave, makeLink } = useTriageSharing({ inputs, inputsRef, results, view, labels, taskClasses, setNotice });

  const hasInputs = inputs.cards.length > 0 || inputs.profiles.length > 0;
  return (
    <div
      className={`relative grid gap-4 lg:grid-cols-[minmax(18rem,20rem)_minmax(0,1fr)] ${dragging ? "outline-2 outline-offset-4 outline-sky-500 outline-dashed" : ""}`}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      data-testid="triage-workbench"
      data-ready={ready ? "true" : "false"}
    >
      {dragging && (
        <p className="pointer-events-none absolute inset-x-0 top-0 z-40 mx-auto w-fit rounded bg-sky-700 px-3 py-1 text-sm font-medium text-white shadow" aria-hidden="true">
          Drop to add these files to the triage
        </p>
      )}
      <div className="flex min-w-0 flex-col gap-4">
        <Section title="Cards" id="triage-cards-heading">
          <CardIntake onFiles={(files) => onFiles(files)} onPaste={onPaste} onLink={onLink} onFetched={addFetched} />
          <CardList cards={inputs.cards} onRemove={onRemoveCards} />
        </Section>
        <Section title="Client profiles" id="triage-profiles-heading">
          <ProfileIntake profiles={inputs.profiles} labels={labels} onAdd={onAddProfiles} onRemove={onRemoveProfile} />
        </Section>
        <Section title="Task classes" id="triage-task-classes-heading">
          <TaskClassIntake selection={inputs.taskClasses} onChange={onTaskClasses} />
        </Section>
      </div>
      <div className="flex min-w-0 flex-col gap-3">
        {notice && <TriageNotice notice={notice} onDismiss={() => setNotice(null)} onRestore={(previous) => replaceWith(previous)} onResolveOpen={resolveOpen} />}
        {reading > 0 && (
          <p role="status" className="text-sm text-slate-700">
            Reading {plural(reading, "file")}…
          </p>
        )}
        {report && <IntakeReportView report={report} onDismiss={() => setReport(null)} />}
        <Section title="Triage" id="triage-grid-heading">
          <div className="flex flex-col gap-3">
            <RunStatus run={run} reviewed={view.reviewedPairs} total={view.totalPairs} onCancel={cancelRun} onResume={resumeRun} />
            {inputs.cards.length > 0 && inputs.profiles.length > 0 ? (
              <>
                <TriageToolbar filter={filter} sort={sort} view={view} cards={inputs.cards.length} taskClasses={taskClasses} onFilter={setFilter} onSort={setSort} />
                <TriageLegend taskClasses={taskClasses} />
                <TriageGrid view={view} profiles={inputs.profiles} labels={labels} taskClasses={taskClasses} failures={snapshot.failures} onOpen={(row, i) => void openReview(row, i)} />
              </>
            ) : (
              <div className="flex flex-col items-start gap-2">
                <p className="text-sm text-slate-700" data-testid="triage-needs">
                  {!ready
                    ? "Opening…"
                    : inputs.cards.length === 0 && inputs.profiles.length === 0
                      ? "Add cards under Cards and client profiles under Client profiles: each card is reviewed against each profile, here."
                      : inputs.cards.length === 0
                        ? `${plural(inputs.profiles.length, "profile")} ready: add cards under Cards.`
                        : `${plural(inputs.cards.length, "card")} ready: add a client profile under Client profiles.`}
                </p>
                {ready && inputs.cards.length === 0 && (
                  <button type="button" className={`${BUTTON} max-w-full text-left whitespace-normal!`} data-testid="triage-try-examples" onClick={() => void onExamples()}>
                    {inputs.profiles.length === 0 ? "Try it on the built-in example cards, against three presets" : "Add the built-in example cards"}
                  </button>
                )}
              </div>
            )}
            {registryOn && (
              <div>
                <button type="button" className={`${BUTTON} max-w-full text-left whitespace-normal!`} data-testid="triage-from-registry" disabled={loadingRegistry} onClick={() => void onRegistry()}>
                  {loadingRegistry ? "Loading from the registry…" : "Add every watched agent × its profiles from the registry"}
                </button>
              </div>
            )}
            <TriageFiles
              shownPairs={view.matchingPairs}
              hasInputs={hasInputs}
              onExport={onExport}
              onSave={onSave}
              onOpen={onOpenFile}
              makeLink={makeLink}
              onStartFresh={() => {
                replaceWith(EMPTY_TRIAGE);
                setNotice(null);
                setReport(null);
              }}
            />
            {stored === "notKept" && (
              <p className="text-xs text-amber-900" role="status">
                This browser would not keep the triage (storage is full or turned off): save it as a file to keep it.
              </p>
            )}
          </div>
        </Section>
      </div>
    </div>
  );
}
