"use client";

import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from "react";
import { firstHash, hashOfChange } from "@/components/ui/early-input";
import { fromTriageFile, type TriageInputs } from "@/lib/triage/inputs";
import { createTriageKeeper, readStoredTriage } from "./saved-triage";
import type { Notice } from "./triage-notice";
import { readLinkOffThread } from "./triage-worker";
import { describeTriageLinkError } from "./words";
import type { LinkReading } from "./worker-protocol";

/**
 * Where a triage comes from when the page opens, and where it goes as it changes: a triage link
 * in the address (read off the main thread) wins over the triage this browser kept; the page is
 * `ready` once the links being read have opened, and from then on every change is kept in this
 * browser. Returns whether the browser kept the last change.
 */
export function useTriageOpening({
  inputs,
  commit,
  ready,
  setReady,
  setNotice,
}: {
  inputs: TriageInputs;
  commit: (next: TriageInputs) => void;
  ready: boolean;
  setReady: (ready: boolean) => void;
  setNotice: Dispatch<SetStateAction<Notice | null>>;
}): "kept" | "notKept" | null {
  const [stored, setStored] = useState<"kept" | "notKept" | null>(null);
  const [keep] = useState(() => createTriageKeeper((kept) => setStored(kept ? "kept" : "notKept")));
  /** The inputs a triage link opened with: once they change, the link leaves the address bar. */
  const linkInputs = useRef<TriageInputs | null>(null);

  // Opening: a triage link in the address wins; otherwise the triage kept in this browser. A
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
  }, [commit, setNotice, setReady]);

  // Nothing lost: every change is kept in this browser as it is made.
  useEffect(() => {
    if (!ready) return;
    if (linkInputs.current && inputs !== linkInputs.current) {
      // Edited since the link opened: the address no longer describes the triage, and a reload must not undo the edits.
      linkInputs.current = null;
      window.history.replaceState(null, "", window.location.pathname);
    }
    keep(inputs);
  }, [inputs, ready, keep]);

  return stored;
}
