"use client";

import { useCallback, useState, type Dispatch, type RefObject, type SetStateAction } from "react";
import { loadExampleSet } from "@/components/card-editor/examples";
import { postFetchCard } from "@/components/queries/fetch-card";
import { registryTriageSet } from "@/components/queries/registry";
import type { TaskClassSelection } from "@/components/session/workspace-review";
import { plural } from "@/components/ui/file-words";
import { PRESETS, type ClientProfile } from "@/lib/negotiation/profile";
import { BUILT_IN_TASK_CLASS_IDS } from "@/lib/negotiation/task-classes";
import type { IntakeEntry } from "@/lib/triage/intake";
import { addCards, addProfiles, addTaskClasses, fromTriageFile, mergeTriageFile, removeCards, removeProfile, type NewCard, type TriageInputs } from "@/lib/triage/inputs";
import type { TriageFile, TriageFilter } from "@/lib/triage/triage";
import type { FetchedCardResponse } from "@/lib/wire/fetch-card";
import type { DroppedFile } from "./dropped-files";
import type { IntakeReport } from "./intake-report";
import type { TriageResults } from "./results-store";
import type { Notice } from "./triage-notice";
import { readFilesOffThread, readLinkOffThread, readTextOffThread } from "./triage-worker";
import { describeRefusal, describeTriageLinkError } from "./words";

/**
 * Everything that adds to or takes from the triage: files (read off the main thread), a pasted
 * card, a review or triage link, a fetched card, the built-in examples, the registry, profiles and
 * task classes, removals, and opening a saved triage file. Owns what the intake reports back (what
 * was added, refused or merged) and how many files are being read.
 */
export function useTriageIntake({
  inputsRef,
  commit,
  results,
  replaceWith,
  setNotice,
  setFilter,
}: {
  inputsRef: RefObject<TriageInputs>;
  commit: (next: TriageInputs) => void;
  results: TriageResults;
  /** Replaces the whole triage (its results forgotten, its filter cleared). */
  replaceWith: (next: TriageInputs) => void;
  setNotice: Dispatch<SetStateAction<Notice | null>>;
  setFilter: Dispatch<SetStateAction<TriageFilter>>;
}) {
  const [report, setReport] = useState<IntakeReport | null>(null);
  const [reading, setReading] = useState(0);

  const takeEntries = useCallback(
    (entries: IntakeEntry[], extra: { skippedInFolders?: number } = {}) => {
      let next = inputsRef.current;
      const newCards: NewCard[] = [];
      const newProfiles: ClientProfile[] = [];
      const refused: IntakeReport["refused"] = [];
      const merged: string[] = [];
      const report: IntakeReport = { addedCards: 0, addedProfiles: [], duplicateCards: [], duplicateProfiles: [], overLimitCards: 0, overLimitProfiles: 0, refused, merged, skippedInFolders: extra.skippedInFolders ?? 0 };
      for (const entry of entries) {
        if (entry.kind === "card") newCards.push({ label: entry.name, text: entry.text });
        else if (entry.kind === "profiles") newProfiles.push(...entry.profiles);
        else if (entry.kind === "refused") refused.push({ name: entry.name, reason: describeRefusal(entry.reason) });
        else {
          const m = mergeTriageFile(next, entry.file);
          next = m.inputs;
          merged.push(entry.name);
          report.addedCards += m.cards.added.length;
          report.duplicateCards.push(...m.cards.duplicates);
          report.overLimitCards += m.cards.overLimit;
          report.addedProfiles.push(...m.profiles.added.map((p) => p.profile.name));
          report.duplicateProfiles.push(...m.profiles.duplicates);
        }
      }
      const c = addCards(next, newCards);
      const p = addProfiles(c.inputs, newProfiles);
      report.addedCards += c.added.length;
      report.duplicateCards.push(...c.duplicates);
      report.overLimitCards += c.overLimit;
      report.addedProfiles.push(...p.added.map((x) => x.profile.name));
      report.duplicateProfiles.push(...p.duplicates);
      report.overLimitProfiles += p.overLimit;
      commit(p.inputs);
      setReport(report);
    },
    [commit, inputsRef],
  );

  const onFiles = useCallback(
    (files: DroppedFile[], skippedInFolders = 0) => {
      setReading((n) => n + files.length);
      void readFilesOffThread(files)
        .then(
          (entries) => takeEntries(entries, { skippedInFolders }),
          (error: unknown) => setReport({ ...emptyReport(), refused: files.map((f) => ({ name: f.name, reason: `It could not be read: ${String(error)}` })) }),
        )
        .finally(() => setReading((n) => n - files.length));
    },
    [takeEntries],
  );

  const onPaste = useCallback(
    async (text: string): Promise<string | undefined> => {
      const entry = await readTextOffThread("Pasted card", text);
      if (entry.kind === "refused") return describeRefusal(entry.reason);
      takeEntries([entry.kind === "card" ? { ...entry, name: entry.cardName ?? "Pasted card" } : entry]);
      return undefined;
    },
    [takeEntries],
  );

  /** A first look without files: the built-in example cards, against three presets unless profiles are already in. */
  const onExamples = useCallback(async () => {
    let cards: Awaited<ReturnType<typeof loadExampleSet>>;
    try {
      cards = await loadExampleSet();
    } catch (error) {
      setNotice({ kind: "openFailed", name: "The built-in examples", message: error instanceof Error ? error.message : String(error) });
      return;
    }
    const entries: IntakeEntry[] = cards.map((card) => ({ kind: "card", name: card.title, text: card.text }));
    if (inputsRef.current.profiles.length === 0) {
      const starters = PRESETS.filter((p) => EXAMPLE_PRESETS.includes(p.name));
      entries.push({ kind: "profiles", name: "presets", profiles: starters });
    }
    takeEntries(entries);
  }, [takeEntries, inputsRef, setNotice]);

  /**
   * From the team registry: every watched agent's latest card and every profile the agents are
   * held to. Triage is cards × profiles, so pairs the registry does not watch show too (the notice says so).
   */
  const [loadingRegistry, setLoadingRegistry] = useState(false);
  const onRegistry = useCallback(async () => {
    setLoadingRegistry(true);
    try {
      const set = await registryTriageSet();
      const entries: IntakeEntry[] = set.cards.map((c) => ({ kind: "card", name: `${c.url} (${c.digest.slice(7, 19)})`, text: c.text }));
      if (set.profiles.length > 0) entries.push({ kind: "profiles", name: "the registry's profiles", profiles: set.profiles });
      takeEntries(entries);
      const unchecked = set.uncheckedAgents > 0 ? ` ${plural(set.uncheckedAgents, "agent")} not checked yet had no card to add.` : "";
      setNotice({
        kind: "info",
        text: `From the registry: the latest cards of ${plural(set.cards.length, "watched agent")} and the ${plural(set.profiles.length, "profile")} they are held to. Triage reviews every card against every profile, so pairs the registry does not watch are shown too.${unchecked}`,
      });
    } catch (error) {
      const status = (error as { status?: number }).status;
      setNotice({
        kind: "openFailed",
        name: "The registry",
        message: status === 401 ? "It needs the team token first: open the Registry page, give the token once, then come back." : error instanceof Error ? error.message : String(error),
      });
    } finally {
      setLoadingRegistry(false);
    }
  }, [takeEntries, setNotice]);

  const addFetched = useCallback(
    (url: string, card: FetchedCardResponse) => {
      const c = addCards(inputsRef.current, [{ label: url, text: card.text, source: card.finalUrl }]);
      commit(c.inputs);
      if (c.duplicates.length > 0 || c.overLimit > 0) setReport({ ...emptyReport(), duplicateCards: c.duplicates, overLimitCards: c.overLimit });
    },
    [commit, inputsRef],
  );

  const onLink = useCallback(
    async (text: string): Promise<string | undefined> => {
      const reading = await readLinkOffThread(text);
      if (reading.kind === "failed") return reading.triageError ? describeTriageLinkError(reading.triageError) : (reading.message ?? "The link could not be read.");
      if (reading.kind === "triage") {
        takeEntries([{ kind: "triage", name: "the triage link", file: reading.file }]);
        return undefined;
      }
      const { link } = reading;
      let next = addProfiles(inputsRef.current, [link.state.profile]).inputs;
      const classes = addTaskClasses(next, BUILT_IN_TASK_CLASS_IDS, link.state.taskClasses ?? []);
      next = classes.inputs;
      const contextNote = Object.keys(link.state.context).length > 0 ? " The link's conditions of validity (its context) are not part of a triage: its pairs are reviewed without them." : "";
      if (link.kind === "live") {
        commit(next);
        try {
          addFetched(link.state.cardUrl, await postFetchCard(link.state.cardUrl));
        } catch (error) {
          return `The live link's profile was added, but its card could not be fetched from ${link.state.cardUrl}: ${error instanceof Error ? error.message : String(error)}`;
        }
      } else {
        const label = cardNameOf(link.state.cardText) ?? link.state.cardUrl ?? "Card from a review link";
        const c = addCards(next, [{ label, text: link.state.cardText, ...(link.state.cardUrl ? { source: link.state.cardUrl } : {}) }]);
        commit(c.inputs);
        setReport({ ...emptyReport(), addedCards: c.added.length, duplicateCards: c.duplicates });
      }
      if (classes.added.length > 0 || contextNote) {
        setNotice({
          kind: "info",
          text: `${classes.added.length > 0 ? `The link's own task classes (${classes.added.join(", ")}) are now decided for every pair.` : ""}${contextNote}`.trim(),
        });
      }
      return undefined;
    },
    [addFetched, commit, takeEntries, inputsRef, setNotice],
  );

  const onAddProfiles = useCallback(
    (profiles: ClientProfile[]) => {
      const p = addProfiles(inputsRef.current, profiles);
      commit(p.inputs);
      if (p.duplicates.length > 0 || p.overLimit > 0) setReport({ ...emptyReport(), duplicateProfiles: p.duplicates, overLimitProfiles: p.overLimit });
    },
    [commit, inputsRef],
  );

  const onRemoveCards = useCallback(
    (ids: ReadonlySet<string>) => {
      results.forget(ids);
      commit(removeCards(inputsRef.current, ids));
    },
    [commit, results, inputsRef],
  );

  const onTaskClasses = useCallback(
    (selection: TaskClassSelection | undefined) => {
      const next: TriageInputs = { ...inputsRef.current };
      if (selection === undefined) delete next.taskClasses;
      else next.taskClasses = [...selection];
      const ids = new Set((selection ?? BUILT_IN_TASK_CLASS_IDS).map((t) => (typeof t === "string" ? t : t.id)));
      // A filter on a class no longer decided would quietly match nothing: it goes with the class.
      setFilter((f) => (f.taskClass && !ids.has(f.taskClass) ? { ...f, taskClass: undefined } : f));
      commit(next);
    },
    [commit, inputsRef, setFilter],
  );

  const onRemoveProfile = useCallback(
    (id: string) => {
      results.forget(new Set(), id);
      commit(removeProfile(inputsRef.current, id));
    },
    [commit, results, inputsRef],
  );

  const onOpenFile = useCallback(
    (file: File) => {
      void readFilesOffThread([{ name: file.name, file }]).then((entries) => {
        const entry = entries[0];
        if (!entry || entry.kind !== "triage") {
          const why = entry?.kind === "refused" ? describeRefusal(entry.reason) : "It is not a Parley triage file (a .parley-triage.json saved from this page).";
          setNotice({ kind: "openFailed", name: file.name, message: why });
          return;
        }
        const current = inputsRef.current;
        if (current.cards.length === 0 && current.profiles.length === 0) {
          replaceWith(fromTriageFile(entry.file));
          setNotice({ kind: "opened", name: file.name, cards: entry.file.cards.length, profiles: entry.file.profiles.length });
        } else {
          setNotice({ kind: "replaceOrAdd", name: file.name, file: entry.file, cards: current.cards.length, profiles: current.profiles.length });
        }
      });
    },
    [replaceWith, inputsRef, setNotice],
  );

  const resolveOpen = (file: TriageFile, name: string, how: "replace" | "add") => {
    if (how === "replace") {
      replaceWith(fromTriageFile(file));
      setNotice({ kind: "opened", name, cards: file.cards.length, profiles: file.profiles.length });
    } else {
      setNotice(null);
      takeEntries([{ kind: "triage", name, file }]);
    }
  };


  return {
    report,
    setReport,
    reading,
    loadingRegistry,
    takeEntries,
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
  };
}

/** The presets a first triage on the examples starts with: the incident's client and the two SDKs. */
const EXAMPLE_PRESETS = ["Northwind discovery agent", "A2A Python SDK client", "A2A JS SDK client (Node)"];

export function emptyReport(): IntakeReport {
  return { addedCards: 0, addedProfiles: [], duplicateCards: [], duplicateProfiles: [], overLimitCards: 0, overLimitProfiles: 0, refused: [], merged: [], skippedInFolders: 0 };
}

function cardNameOf(text: string): string | undefined {
  try {
    const value = JSON.parse(text) as { name?: unknown };
    return typeof value?.name === "string" && value.name.trim() ? value.name.trim().slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}
