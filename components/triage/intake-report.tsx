"use client";

import { MAX_TRIAGE_CARDS, MAX_TRIAGE_PROFILES } from "@/lib/triage/triage";
import { BUTTON } from "@/components/ui/form-styles";
import { count, plural } from "@/components/ui/file-words";

export interface IntakeReport {
  addedCards: number;
  addedProfiles: string[];
  duplicateCards: Array<{ label: string; sameAs: string }>;
  duplicateProfiles: string[];
  overLimitCards: number;
  overLimitProfiles: number;
  /** Files not added, each with why. */
  refused: Array<{ name: string; reason: string }>;
  /** Saved triages whose cards and profiles were added. */
  merged: string[];
  skippedInFolders: number;
}

/** What the last addition did: what was added, what was already there, and every file not added with why. */
export function IntakeReportView({ report, onDismiss }: { report: IntakeReport; onDismiss: () => void }) {
  const added = [
    report.addedCards > 0 ? plural(report.addedCards, "card") : "",
    report.addedProfiles.length > 0 ? `${plural(report.addedProfiles.length, "profile")} (${report.addedProfiles.join(", ")})` : "",
  ].filter(Boolean);
  const problems = report.refused.length > 0 || report.overLimitCards > 0 || report.overLimitProfiles > 0;
  return (
    <div
      role={problems ? "alert" : "status"}
      data-testid="triage-report"
      className={`flex flex-col gap-1 rounded-lg border p-3 text-sm ${problems ? "border-amber-400 bg-amber-50 text-amber-950" : "border-sky-300 bg-sky-50 text-sky-950"}`}
    >
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{added.length > 0 ? `Added ${added.join(" and ")}.` : "Nothing was added."}</p>
        <button type="button" className={BUTTON} onClick={onDismiss}>
          Dismiss
        </button>
      </div>
      {report.merged.length > 0 && <p>From the saved triage {report.merged.join(", ")}.</p>}
      {report.refused.length > 0 && (
        <div>
          <p className="font-medium">{plural(report.refused.length, "file was", "files were")} not added:</p>
          <ul className="list-disc pl-5" data-testid="triage-refused">
            {report.refused.map((r, i) => (
              <li key={i}>
                <span className="font-mono break-all">{r.name}</span>: {r.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.duplicateCards.length > 0 && (
        <details>
          <summary className="cursor-pointer">{plural(report.duplicateCards.length, "card was", "cards were")} already in the triage (the same bytes)</summary>
          <ul className="list-disc pl-5 text-xs">
            {report.duplicateCards.map((d, i) => (
              <li key={i}>
                {d.label} {d.label !== d.sameAs ? `(same as ${d.sameAs})` : ""}
              </li>
            ))}
          </ul>
        </details>
      )}
      {report.duplicateProfiles.length > 0 && <p>Already in the triage: {report.duplicateProfiles.join(", ")}.</p>}
      {report.overLimitCards > 0 && <p>{plural(report.overLimitCards, "card")} left out: a triage holds at most {count(MAX_TRIAGE_CARDS)} cards.</p>}
      {report.overLimitProfiles > 0 && <p>{plural(report.overLimitProfiles, "profile")} left out: a triage holds at most {count(MAX_TRIAGE_PROFILES)} profiles.</p>}
      {report.skippedInFolders > 0 && <p>{count(report.skippedInFolders)} files in the dropped folders do not end in .json and were not read.</p>}
    </div>
  );
}
