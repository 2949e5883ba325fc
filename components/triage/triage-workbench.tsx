"use client";

import { startTransition, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState, type DragEvent } from "react";
import { loadExampleSet } from "@/components/card-editor/examples";
import { postFetchCard } from "@/components/queries/fetch-card";
import { registryTriageSet } from "@/components/queries/registry";
import { firstHash, hashOfChange } from "@/components/ui/early-input";
import { loadShare } from "@/components/session/load-share";
import { BUTTON } from "@/components/ui/form-styles";
import { Section } from "@/components/ui/section";
import { BUILT_IN_TASK_CLASS_IDS, BUILT_IN_TASK_CLASSES, type ClientProfile, ENGINE_VERSION, PRESETS } from "@/lib/negotiation";
import type { IntakeEntry } from "@/lib/triage/intake";
import {
  addCards,
  addProfiles,
  addTaskClasses,
  EMPTY_TRIAGE,
  fromTriageFile,
  mergeTriageFile,
  profileLabels,
  removeCards,
  removeProfile,
  toTriageFile,
  type NewCard,
  type TriageInputs,
} from "@/lib/triage/inputs";
import { toCsv, toMarkdown } from "@/lib/report/triage";
import { toJsonRows, writeTriageFile, type TriageFile, type TriageFilter } from "@/lib/triage/triage";
import { buildTriageView, cellKey, pendingPairs, shownCells, type TriageSort, type TriageViewRow } from "@/lib/triage/view";
import type { FetchedCardResponse } from "@/lib/wire/fetch-card";
import { CardIntake } from "./card-intake";
import { CardList } from "./card-list";
import { carriesFiles, readDrop, type DroppedFile } from "./dropped-files";
import { datedName, downloadText } from "@/components/ui/download";
import { IntakeReportView, type IntakeReport } from "./intake-report";
import { TriageLegend } from "./legend";
import { ProfileIntake } from "./profile-intake";
import { RunStatus, type RunState } from "./run-status";
import { TaskClassIntake } from "./task-class-intake";
import type { TaskClassSelection } from "@/components/session/workspace-review";
import { TriageResults } from "./results-store";
import { createTriageKeeper, readStoredTriage } from "./saved-triage";
import { TriageFiles, type ExportKind, type LinkResult } from "./triage-files";
import { TriageGrid, type GridTaskClass } from "./triage-grid";
import { TriageNotice, type Notice } from "./triage-notice";
import { TriageToolbar } from "./triage-toolbar";
import { encodeLinkOffThread, readFilesOffThread, readLinkOffThread, readTextOffThread, startRun, type RunHandle } from "./triage-worker";
import { describeRefusal, describeTriageLinkError } from "./words";
import { plural } from "@/components/ui/file-words";
import type { LinkReading } from "./worker-protocol";

/** Redraws while a run streams results: at most this often, so 5,000 pairs never mean 5,000 renders. */
const RENDER_EVERY_MS = 200;

/**
 * /triage: many cards × many client profiles. The page holds the inputs; reviews run in a worker
 * and stream back; the grid, its filter and the exports read one view built from both.
 */
export function TriageWorkbench({ registryOn = false }: { registryOn?: boolean }) {
  const [inputs, setInputs] = useState<TriageInputs>(EMPTY_TRIAGE);
  const inputsRef = useRef(inputs);

  const [results] = useState(() => new TriageResults(RENDER_EVERY_MS));
  const [snapshot, setSnapshot] = useState(results.getSnapshot);
  // Results render as a transition: React may pause between components and let the page answer.
  useEffect(() => results.subscribe(() => startTransition(() => setSnapshot(results.getSnapshot()))), [results]);

  const [ready, setReady] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [report, setReport] = useState<IntakeReport | null>(null);
  const [filter, setFilter] = useState<TriageFilter>({});
  const [sort, setSort] = useState<TriageSort>("added");
  const [stored, setStored] = useState<"kept" | "notKept" | null>(null);
  const [keep] = useState(() => createTriageKeeper((kept) => setStored(kept ? "kept" : "notKept")));
  const [dragging, setDragging] = useState(false);
  const [reading, setReading] = useState(0);
  /** The inputs a triage link opened with: once they change, the link leaves the address bar. */
  const linkInputs = useRef<TriageInputs | null>(null);

  // ---- The run: pairs without a result are reviewed in a worker, whenever there are some.
  const [run, setRun] = useState<RunState>({ kind: "idle" });
  const runRef = useRef<RunHandle | null>(null);
  const [held, setHeld] = useState(false);
  const [runEnded, setRunEnded] = useState(0);

  /** Every change of the inputs goes through here. Other task classes make every result out of date. */
  const commit = useCallback(
    (next: TriageInputs) => {
      if (JSON.stringify(next.taskClasses ?? null) !== JSON.stringify(inputsRef.current.taskClasses ?? null)) {
        // Stopped and forgotten, not held like a Cancel: the run effect starts the new run.
        runRef.current?.cancel();
        runRef.current = null;
        results.clear();
        setRun({ kind: "idle" });
      }
      inputsRef.current = next;
      setInputs(next);
    },
    [results],
  );

  useEffect(() => {
    if (!ready || held || runRef.current) return;
    // A task of its own: listing the pairs left and handing 500 cards to the worker took half of
    // the task that first shows them (the whole task over 50 ms).
    const timer = setTimeout(() => {
      if (runRef.current) return;
      const current = inputsRef.current;
      const pending = pendingPairs(current.cards, current.profiles, results.getSnapshot().cells).filter((p) => !results.settled(cellKey(p.cardId, p.profileId)));
      if (pending.length === 0) return;
      const needed = new Set(pending.map((p) => p.cardId));
      const handle = startRun(
        {
          cards: current.cards.filter((card) => needed.has(card.id)),
          profiles: current.profiles,
          pairs: pending,
          ...(current.taskClasses ? { taskClasses: current.taskClasses } : {}),
        },
        (batch) => {
          if (runRef.current !== handle) return;
          const now = inputsRef.current;
          const cardIds = new Set(now.cards.map((c) => c.id));
          const profileIds = new Set(now.profiles.map((p) => p.id));
          // A card or profile removed while the run went on: its results are dropped, not shown.
          results.add(batch, (cardId, profileId) => cardIds.has(cardId) && profileIds.has(profileId));
        },
      );
      runRef.current = handle;
      setRun({ kind: "running", thread: handle.thread() });
      void handle.ended.then((end) => {
        if (runRef.current !== handle) return;
        runRef.current = null;
        results.flush();
        if (end.kind === "cancelled") {
          setHeld(true);
          setRun({ kind: "cancelled" });
        } else if (end.kind === "failed") {
          setHeld(true);
          setRun({ kind: "failed", message: end.message });
        } else {
          setRun({ kind: "idle" });
          // More may have been added meanwhile: look again.
          setRunEnded((n) => n + 1);
        }
      });
    }, 0);
    return () => clearTimeout(timer);
  }, [inputs, ready, held, runEnded, results]);

  useEffect(() => () => runRef.current?.cancel(), []);

  const cancelRun = () => {
    const handle = runRef.current;
    handle?.cancel();
  };
  const resumeRun = () => {
    results.clearFailures();
    setRun({ kind: "idle" });
    setHeld(false);
  };

  // ---- Opening: a triage link in the address wins; otherwise the triage kept in this browser. A
  // link put in the address of the open page is read too (the kept triage stays one click away).
  useEffect(() => {
    let gone = false;
    // Links read one after another (pasted twice in quick succession): only the last one opens.
    let latest = 0;
    let opening: Promise<void> | null = null;
    const openLink = (hash: string): Promise<void> => (opening = readLink(hash, ++latest));
    const readLink = async (hash: string, mine: number) => {
      const reading = await readLinkOffThread(hash).catch((error: unknown): LinkReading => ({ kind: "failed", message: String(error) }));
      if (gone || mine !== latest) return;
      if (reading.kind === "triage") {
        const previous = await readStoredTriage();
        if (gone || mine !== latest) return;
        const opened = fromTriageFile(reading.file);
        commit(opened);
        linkInputs.current = opened;
        setNotice({ kind: "openedLink", cards: reading.file.cards.length, profiles: reading.file.profiles.length, previous: previous?.inputs });
      } else {
        const message =
          reading.kind === "failed"
            ? reading.triageError
              ? describeTriageLinkError(reading.triageError)
              : (reading.message ?? "The link could not be read.")
            : "This is a review link: open it in the workspace, or add its card with “From a review link”.";
        setNotice({ kind: "linkFailed", message });
      }
    };
    const onHashChange = (event: HashChangeEvent) => {
      // Read from the event too: the router may have written the address over it (see hashOfChange).
      const hash = hashOfChange(event).slice(1);
      if (hash) void openLink(hash);
    };
    // Listening from the start: a link put in the address while the kept triage is read is opened too.
    window.addEventListener("hashchange", onHashChange);
    void (async () => {
      // A link pasted into the address while the page hydrated counts (see firstHash).
      const hash = firstHash().slice(1);
      if (hash) {
        await openLink(hash);
      } else {
        const saved = await readStoredTriage();
        if (gone) return;
        // A link opened meanwhile wins over what this browser kept.
        if (saved && latest === 0) {
          commit(saved.inputs);
          setNotice({ kind: "restored", savedAt: saved.savedAt, cards: saved.inputs.cards.length, profiles: saved.inputs.profiles.length });
        }
      }
      // Nothing is kept before the links being read have opened: keeping starts from what they hold,
      // and the kept triage they replace is still there for their notice to offer back.
      for (let waited: Promise<void> | null = null; opening !== waited && !gone; ) await (waited = opening);
      if (gone) return;
      setReady(true);
    })();
    return () => {
      gone = true;
      window.removeEventListener("hashchange", onHashChange);
    };
  }, [commit]);

  // ---- Nothing lost: every change is kept in this browser as it is made.
  useEffect(() => {
    if (!ready) return;
    if (linkInputs.current && inputs !== linkInputs.current) {
      // Edited since the link opened: the address no longer describes the triage, and a reload must not undo the edits.
      linkInputs.current = null;
      window.history.replaceState(null, "", window.location.pathname);
    }
    keep(inputs);
  }, [inputs, ready, keep]);

  // ---- Adding things.
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
    [commit],
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
  }, [takeEntries]);

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
  }, [takeEntries]);

  const addFetched = useCallback(
    (url: string, card: FetchedCardResponse) => {
      const c = addCards(inputsRef.current, [{ label: url, text: card.text, source: card.finalUrl }]);
      commit(c.inputs);
      if (c.duplicates.length > 0 || c.overLimit > 0) setReport({ ...emptyReport(), duplicateCards: c.duplicates, overLimitCards: c.overLimit });
    },
    [commit],
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
    [addFetched, commit, takeEntries],
  );

  const onAddProfiles = useCallback(
    (profiles: ClientProfile[]) => {
      const p = addProfiles(inputsRef.current, profiles);
      commit(p.inputs);
      if (p.duplicates.length > 0 || p.overLimit > 0) setReport({ ...emptyReport(), duplicateProfiles: p.duplicates, overLimitProfiles: p.overLimit });
    },
    [commit],
  );

  const onRemoveCards = useCallback(
    (ids: ReadonlySet<string>) => {
      results.forget(ids);
      commit(removeCards(inputsRef.current, ids));
    },
    [commit, results],
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
    [commit],
  );

  const onRemoveProfile = useCallback(
    (id: string) => {
      results.forget(new Set(), id);
      commit(removeProfile(inputsRef.current, id));
    },
    [commit, results],
  );

  const replaceWith = useCallback(
    (next: TriageInputs) => {
      runRef.current?.cancel();
      runRef.current = null;
      results.clear();
      setRun({ kind: "idle" });
      setHeld(false);
      setFilter({});
      commit(next);
    },
    [commit, results],
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
    [replaceWith],
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

  // ---- Drops anywhere on the page.
  const onDragOver = (event: DragEvent) => {
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    setDragging(false);
    if (!carriesFiles(event.dataTransfer)) return;
    event.preventDefault();
    void readDrop(event.dataTransfer).then((reading) => {
      if (reading.files.length === 0) setReport({ ...emptyReport(), skippedInFolders: reading.skippedInFolders });
      else onFiles(reading.files, reading.skippedInFolders);
    });
  };

  // ---- The view.
  const deferredFilter = useDeferredValue(filter);
  const view = useMemo(
    () => buildTriageView({ cards: inputs.cards, profiles: inputs.profiles, cells: snapshot.cells, filter: deferredFilter, sort }),
    // `snapshot` is new whenever its cells changed (the map itself is updated in place).
    [inputs, deferredFilter, sort, snapshot],
  );
  const labels = useMemo(() => profileLabels(inputs.profiles), [inputs.profiles]);
  const taskClasses = useMemo<GridTaskClass[]>(
    () =>
      (inputs.taskClasses ?? BUILT_IN_TASK_CLASS_IDS).map((t) =>
        typeof t === "string" ? { id: t, title: BUILT_IN_TASK_CLASSES.find((b) => b.id === t)?.title ?? t } : { id: t.id, title: t.title },
      ),
    [inputs.taskClasses],
  );

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
    [labels, results],
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

  const hasInputs = inputs.cards.length > 0 || inputs.profiles.length > 0;
  return (
    <div
      className={`relative grid gap-4 lg:grid-cols-[minmax(18rem,20rem)_minmax(0,1fr)] ${dragging ? "outline-2 outline-offset-4 outline-sky-500 outline-dashed" : ""}`}
      onDragOver={onDragOver}
      onDragLeave={(event) => {
        if (event.currentTarget === event.target) setDragging(false);
      }}
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

/** The presets a first triage on the examples starts with: the incident's client and the two SDKs. */
const EXAMPLE_PRESETS = ["Northwind discovery agent", "A2A Python SDK client", "A2A JS SDK client (Node)"];

function emptyReport(): IntakeReport {
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
