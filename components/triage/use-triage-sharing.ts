"use client";

import { useCallback, type Dispatch, type RefObject, type SetStateAction } from "react";
import { loadShare } from "@/components/session/load-share";
import { datedName, downloadText } from "@/components/ui/download";
import { BUILT_IN_TASK_CLASS_IDS, ENGINE_VERSION } from "@/lib/negotiation";
import { toTriageFile, type TriageInputs } from "@/lib/triage/inputs";
import { toCsv, toMarkdown } from "@/lib/report/triage";
import { toJsonRows, writeTriageFile } from "@/lib/triage/triage";
import { cellKey, shownCells, type TriageView, type TriageViewRow } from "@/lib/triage/view";
import type { TriageResults } from "./results-store";
import type { ExportKind, LinkResult } from "./triage-files";
import type { GridTaskClass } from "./triage-grid";
import type { Notice } from "./triage-notice";
import { encodeLinkOffThread } from "./triage-worker";

/**
 * What leaves the page: one pair's review opened in the workspace (a review link in a new tab),
 * the shown rows exported (CSV, Markdown, JSON), the triage saved as a file or put in a link.
 */
export function useTriageSharing({
  inputs,
  inputsRef,
  results,
  view,
  labels,
  taskClasses,
  setNotice,
}: {
  inputs: TriageInputs;
  inputsRef: RefObject<TriageInputs>;
  results: TriageResults;
  view: TriageView;
  labels: ReadonlyMap<string, string>;
  taskClasses: readonly GridTaskClass[];
  setNotice: Dispatch<SetStateAction<Notice | null>>;
}) {
  const openReview = useCallback(
    async (row: TriageViewRow, profileIndex: number) => {
      const entry = inputsRef.current.profiles[profileIndex];
      if (!entry) return;
      const cell = results.get(cellKey(row.card.id, entry.id));
      const pair = `${row.card.label} × ${labels.get(entry.id) ?? entry.profile.name}`;
      try {
        const share = await loadShare();
        const taskClassList = inputsRef.current.taskClasses ?? BUILT_IN_TASK_CLASS_IDS;
        const encoded = share.tryEncodeReviewLink({
          cardText: row.card.text,
          profile: entry.profile,
          context: {},
          taskClasses: [...taskClassList],
          engineVersion: ENGINE_VERSION,
          ...(row.card.source && /^https?:\/\//i.test(row.card.source) ? { cardUrl: row.card.source } : {}),
          ...(cell ? { decisions: Object.fromEntries(Object.entries(cell.decisions).map(([t, d]) => [t, d.decision])) } : {}),
        });
        if (!encoded.ok) return setNotice({ kind: "reviewFailed", pair, message: share.describeLinkError(encoded.error) });
        const url = `/#${encoded.fragment}`;
        window.open(url, "_blank", "noopener");
        setNotice({ kind: "reviewOpened", pair, url });
      } catch {
        setNotice({ kind: "reviewFailed", pair, message: "Parley could not load the part of the page that makes review links (the network may be down); try again." });
      }
    },
    [inputsRef, labels, results, setNotice],
  );

  const onExport = (kind: ExportKind) => {
    const shown = shownCells(view);
    const ids = taskClasses.map((t) => t.id);
    if (kind === "csv") downloadText(datedName("parley-triage", "csv"), toCsv(shown, inputs.cards, inputs.profiles, ids), "text/csv");
    else if (kind === "markdown") downloadText(datedName("parley-triage", "md"), toMarkdown(shown, inputs.cards, inputs.profiles, ids), "text/markdown");
    else downloadText(datedName("parley-triage", "json"), JSON.stringify(toJsonRows(shown, inputs.cards, inputs.profiles), null, 2) + "\n", "application/json");
  };

  const onSave = () => {
    const file = toTriageFile(inputs);
    downloadText(datedName("triage", "parley-triage.json"), writeTriageFile(file.cards, file.profiles, file.taskClasses), "application/json");
  };

  const makeLink = async (): Promise<LinkResult> => {
    const encoded = await encodeLinkOffThread(toTriageFile(inputsRef.current));
    if (!encoded.ok) {
      return {
        ok: false,
        message: `This triage is too large for a link: it would be ${encoded.length.toLocaleString("en-US")} characters, and a link may hold ${encoded.limit.toLocaleString("en-US")}. Save it as a file instead.`,
      };
    }
    return { ok: true, url: `${window.location.origin}/triage#${encoded.fragment}` };
  };

  return { openReview, onExport, onSave, makeLink };
}
