"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { findExample, loadExampleText } from "@/components/card-editor/examples";
import { postFetchCard } from "@/components/queries/fetch-card";
import { BUTTON, ERROR } from "@/components/ui/form-styles";
import { firstHash, hashOfChange } from "@/components/ui/early-input";
import { ProfileIntake } from "@/components/triage/profile-intake";
import { ReviewLinkForm } from "@/components/ui/review-link-form";
import { Section } from "@/components/ui/section";
import { type ClientProfile, ENGINE_VERSION, findPreset, NORTHWIND, type ReviewContext, type TaskClass } from "@/lib/negotiation";
import { addProfiles, EMPTY_TRIAGE, profileLabels, removeProfile, type TriageInputs } from "@/lib/triage/inputs";
import { CardVersionField, EMPTY_VERSION, type CardVersion } from "./card-version";
import type { DiffAnswer } from "./diff-protocol";
import { DiffReport } from "./diff-report";
import { fromDiffLink } from "./diff-link-state";
import { DiffShare } from "./diff-share";
import { diffOffThread, readLinkOffThread } from "./diff-thread";
import { describeTooDeep, tooDeepSide } from "./nesting";
import { readStoredDiff, storeDiff } from "./saved-diff";

/** What a link told the page: where the live card is, and what the version it was made from looked like; or a whole diff. */
interface FromLink {
  kind: "snapshot" | "live" | "diff";
  cardUrl?: string;
  /** A live link's digest of the version it was made from (it carries no bytes). */
  thenDigest?: string;
  /** A diff link's engine, which may decide otherwise than this one. */
  engineThen?: string;
}

type LiveFetch = { state: "idle" } | { state: "fetching"; url: string } | { state: "failed"; url: string; message: string } | { state: "done"; url: string };

const DIFF_DELAY_MS = 250;

/** The example pair: the same agent's card in the A2A spec at 0.2.5 and at 1.0.1 (fixtures/cards/). */
const EXAMPLE_PAIR = ["spec-0-2-geospatial", "spec-1-0-geospatial"] as const;

/**
 * /diff: two versions of a card and the profiles to compare them with. The diff runs in a worker a
 * moment after each change. A review link in the address (the workspace's drift banner sends one)
 * fills it in: a snapshot link's card is the earlier version and the card fetched from its URL now
 * the later one; a live link's card is fetched now, and the earlier version is asked for and checked
 * against the digest the link carries.
 */
export function DiffWorkbench() {
  const [before, setBefore] = useState<CardVersion>(EMPTY_VERSION);
  const [after, setAfter] = useState<CardVersion>(EMPTY_VERSION);
  const [profiles, setProfiles] = useState<TriageInputs>(() => addProfiles(EMPTY_TRIAGE, [NORTHWIND]).inputs);
  const [context, setContext] = useState<ReviewContext>({});
  const [taskClasses, setTaskClasses] = useState<Array<string | TaskClass> | undefined>();
  const [fromLink, setFromLink] = useState<FromLink | null>(null);
  const [linkError, setLinkError] = useState<string | undefined>();
  const [live, setLive] = useState<LiveFetch>({ state: "idle" });
  const [result, setResult] = useState<{ answer: DiffAnswer; before: string; after: string } | undefined>();
  /** What went wrong, and for which texts when it was a comparison (it no longer applies once they change). */
  const [failure, setFailure] = useState<{ message: string; before?: string; after?: string } | undefined>();
  const [ready, setReady] = useState(false);
  const opened = useRef<string | null>(null);

  const fetchLive = useCallback(async (url: string) => {
    setLive({ state: "fetching", url });
    try {
      const card = await postFetchCard(url);
      setAfter({ text: card.text, origin: `${card.finalUrl}, fetched just now` });
      setLive({ state: "done", url });
    } catch (error) {
      setLive({ state: "failed", url, message: error instanceof Error ? error.message : String(error) });
    }
  }, []);

  /** Two versions of one real card, for a first look: the spec's sample as 0.2.5 wrote it and as 1.0.1 does. */
  const loadExamplePair = useCallback(async () => {
    let pair: { id: string; text: string | undefined }[];
    try {
      pair = await Promise.all(EXAMPLE_PAIR.map(async (id) => ({ id, text: await loadExampleText(id) })));
    } catch (error) {
      setFailure({ message: `The example cards could not be loaded (${error instanceof Error ? error.message : String(error)}).` });
      return;
    }
    const [earlier, later] = pair;
    if (earlier?.text === undefined || later?.text === undefined) return;
    setFromLink(null);
    // The pair's point is what a capable client gains and loses between the versions; Northwind alone sees no change.
    const capable = findPreset("full-sdk");
    if (capable) setProfiles((current) => addProfiles(current, [capable]).inputs);
    setBefore({ text: earlier.text, origin: `built-in example: ${findExample(earlier.id)?.title ?? earlier.id}` });
    setAfter({ text: later.text, origin: `built-in example: ${findExample(later.id)?.title ?? later.id}` });
  }, []);

  /** Fills the page from a review link or a diff link; resolves to an error to show, or undefined. */
  const openLink = useCallback(
    async (input: string): Promise<string | undefined> => {
      const read = await readLinkOffThread(input);
      if (read.kind === "diff") {
        if (!read.result.ok) return read.message ?? "The link could not be read.";
        const { state } = read.result;
        // The same diff as when the link was made: both versions, the profiles, context and task classes.
        setProfiles(addProfiles(EMPTY_TRIAGE, state.profiles).inputs);
        setContext(state.context);
        setTaskClasses(state.taskClasses);
        setBefore({ text: state.before.text, origin: fromDiffLink(state.before.origin) });
        setAfter({ text: state.after.text, origin: fromDiffLink(state.after.origin) });
        setFromLink({ kind: "diff", engineThen: state.engineVersion });
        return undefined;
      }
      const { result: decoded, message } = read;
      if (!decoded.ok) return message ?? "The link could not be read.";
      const { link } = decoded;
      setProfiles(addProfiles(EMPTY_TRIAGE, [link.state.profile]).inputs);
      setContext(link.state.context);
      setTaskClasses(link.state.taskClasses);
      if (link.kind === "snapshot") {
        setBefore({ text: link.state.cardText, origin: `the review link's snapshot (engine ${link.state.engineVersion})` });
        setFromLink({ kind: "snapshot", ...(link.state.cardUrl ? { cardUrl: link.state.cardUrl } : {}) });
        if (link.state.cardUrl) void fetchLive(link.state.cardUrl);
        else setAfter(EMPTY_VERSION);
      } else {
        setBefore(EMPTY_VERSION);
        setFromLink({ kind: "live", cardUrl: link.state.cardUrl, ...(link.state.snapshotDigest ? { thenDigest: link.state.snapshotDigest } : {}) });
        void fetchLive(link.state.cardUrl);
      }
      return undefined;
    },
    [fetchLive],
  );

  // ---- Opening: a review link in the address wins; otherwise what this browser kept.
  useEffect(() => {
    let gone = false;
    // A link put in the address of the open page (pasted over the fragment, followed from elsewhere) is opened too.
    const onHashChange = (event: HashChangeEvent) => {
      // Read from the event too: the router may have written the address over it (see hashOfChange).
      const hash = hashOfChange(event).slice(1);
      if (!hash || hash === opened.current) return;
      opened.current = hash;
      void openLink(hash)
        .catch((error: unknown) => String(error))
        .then((problem) => {
          if (!gone) setLinkError(problem);
        });
    };
    window.addEventListener("hashchange", onHashChange);
    void (async () => {
      // A link pasted into the address while the page hydrated counts (see firstHash).
      const hash = firstHash().slice(1);
      if (hash) {
        opened.current = hash;
        const problem = await openLink(hash).catch((error: unknown) => String(error));
        if (!gone && problem) setLinkError(problem);
      } else {
        const stored = readStoredDiff();
        if (stored) {
          setBefore(stored.before);
          setAfter(stored.after);
          if (stored.profiles.length > 0) setProfiles(addProfiles(EMPTY_TRIAGE, stored.profiles).inputs);
        }
      }
      if (!gone) setReady(true);
    })();
    return () => {
      gone = true;
      window.removeEventListener("hashchange", onHashChange);
    };
  }, [openLink]);

  // ---- Nothing lost: kept in this browser.
  const profileList = useMemo(() => profiles.profiles.map((p) => p.profile), [profiles]);
  useEffect(() => {
    if (!ready) return;
    const write = () => storeDiff({ before, after, profiles: profileList });
    // A pause in typing writes it; leaving the page (a reload, a closed tab) writes it at once.
    const timer = setTimeout(write, 400);
    window.addEventListener("pagehide", write);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("pagehide", write);
    };
  }, [before, after, profileList, ready]);

  // ---- The diff, off the page's thread, a moment after the last change.
  const complete = ready && before.text.trim() !== "" && after.text.trim() !== "" && profileList.length > 0;
  useEffect(() => {
    if (!complete) return;
    const timer = setTimeout(() => {
      // A version nested past what can be compared is said so at once, naming it; nothing older stays beside it.
      const tooDeep = tooDeepSide(before.text, after.text);
      if (tooDeep) {
        setResult(undefined);
        setFailure({ message: describeTooDeep(tooDeep), before: before.text, after: after.text });
        return;
      }
      diffOffThread({ before: before.text, after: after.text, profiles: profileList, context, ...(taskClasses ? { taskClasses } : {}) }).then(
        (answer) => {
          if (!answer) return;
          setFailure(undefined);
          setResult({ answer, before: before.text, after: after.text });
        },
        (error: unknown) => {
          // The results on screen are of other text: an error is never shown beside them.
          setResult(undefined);
          setFailure({ message: `The comparison failed: ${error instanceof Error ? error.message : String(error)}`, before: before.text, after: after.text });
        },
      );
    }, DIFF_DELAY_MS);
    return () => clearTimeout(timer);
  }, [before.text, after.text, profileList, context, taskClasses, complete]);

  const edited = () => {
    // The address no longer describes what is on the page: a reload must not bring the link back over edits.
    if (opened.current && window.location.hash) window.history.replaceState(null, "", window.location.pathname);
    opened.current = null;
  };

  const labels = useMemo(() => profileLabels(profiles.profiles), [profiles]);
  const onAddProfiles = useCallback((list: ClientProfile[]) => setProfiles((current) => addProfiles(current, list).inputs), []);
  const onRemoveProfile = useCallback((id: string) => setProfiles((current) => removeProfile(current, id)), []);

  const failed = failure && (failure.before === undefined || (complete && failure.before === before.text && failure.after === after.text)) ? failure : undefined;
  const shown = complete && !failed ? result : undefined;
  const beforeDigest = result?.before === before.text ? result.answer.digests.before : undefined;
  const stale = shown !== undefined && (shown.before !== before.text || shown.after !== after.text);
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(22rem,32rem)_minmax(0,1fr)]" data-testid="diff-workbench" data-ready={ready ? "true" : "false"}>
      <div className="flex min-w-0 flex-col gap-4">
        {linkError && (
          <div role="alert" className="rounded-lg border border-rose-400 bg-rose-50 p-3 text-sm text-rose-950" data-testid="diff-link-error">
            <p className="font-semibold">The link in the address could not be opened.</p>
            <p>{linkError}</p>
          </div>
        )}
        <Section title="Two versions of a card" id="diff-versions-heading">
          <div className="flex flex-col gap-4">
            <CardVersionField
              title="Before"
              testId="diff-before"
              version={before}
              onChange={(v) => {
                edited();
                setBefore(v);
              }}
              note={fromLink?.kind === "live" && fromLink.thenDigest ? <ThenDigest expected={fromLink.thenDigest} actual={beforeDigest} empty={before.text === ""} /> : undefined}
            />
            <CardVersionField
              title="After"
              testId="diff-after"
              version={after}
              onChange={(v) => {
                edited();
                setAfter(v);
              }}
              note={
                fromLink?.kind === "snapshot" && !fromLink.cardUrl && after.text === "" ? (
                  <span className="text-amber-900" data-testid="diff-no-card-url">
                    The review link carries no card URL (its card was pasted or opened from a file), so the live version cannot be fetched. Paste or open
                    the card as it is now here to see what changed.
                  </span>
                ) : (
                  <LiveNote live={live} onRetry={(url) => void fetchLive(url)} />
                )
              }
            />
            <ReviewLinkForm
              label="Or compare a review link with its live card"
              submitLabel="Compare"
              hint="A snapshot link's card becomes Before and the card fetched from its URL now After; its profile is the one compared."
              errorTestId="diff-link-field-error"
              onLink={async (text) => {
                edited();
                const problem = await openLink(text);
                if (!problem) setLinkError(undefined);
                return problem;
              }}
            />
          </div>
        </Section>
        <Section title="Client profiles to compare with" id="diff-profiles-heading">
          <ProfileIntake profiles={profiles.profiles} labels={labels} onAdd={onAddProfiles} onRemove={onRemoveProfile} chosenTitle="Compared with" />
        </Section>
      </div>
      <div className="flex min-w-0 flex-col gap-3" aria-live="polite" aria-busy={stale}>
        {failed && (
          <p role="alert" className={ERROR} data-testid="diff-failure">
            {failed.message}
          </p>
        )}
        {shown ? (
          <div className={`flex flex-col gap-3 ${stale ? "opacity-60 transition-opacity" : ""}`}>
            {fromLink?.kind === "diff" && fromLink.engineThen && fromLink.engineThen !== ENGINE_VERSION && (
              <p className="text-sm text-slate-700" data-testid="diff-link-engine">
                The diff link was made with engine {fromLink.engineThen}; this is engine {ENGINE_VERSION}, whose decisions are shown.
              </p>
            )}
            <DiffShare
              disabled={stale}
              shared={{
                diff: shown.answer.diff,
                before: { text: shown.before, origin: before.origin },
                after: { text: shown.after, origin: after.origin },
                profiles: profileList,
                context,
                ...(taskClasses ? { taskClasses } : {}),
              }}
            />
            <DiffReport diff={shown.answer.diff} before={shown.before} after={shown.after} />
          </div>
        ) : failed && failed.before !== undefined ? null : (
          <div className="flex flex-col items-start gap-2">
            <p className="text-sm text-slate-700" data-testid="diff-needs">
              {!ready
                ? "Opening…"
                : before.text.trim() === "" || after.text.trim() === ""
                  ? "Give both versions of the card under Before and After: paste them, open or drop their files, or paste a review link to compare its snapshot with the live card."
                  : profileList.length === 0
                    ? "Choose at least one client profile to compare the decisions for."
                    : "Comparing…"}
            </p>
            {ready && before.text.trim() === "" && after.text.trim() === "" && (
              <button type="button" className={`${BUTTON} max-w-full text-left whitespace-normal!`} data-testid="diff-try-example" onClick={() => void loadExamplePair()}>
                Try it on an example: the A2A spec&apos;s GeoSpatial sample, 0.2.5 then 1.0.1
              </button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

function ThenDigest({ expected, actual, empty }: { expected: string; actual: string | undefined; empty: boolean }) {
  if (empty) {
    return (
      <span data-testid="diff-then-digest">
        The live link was made from a version with SHA-256 <code className="break-all">{expected}</code>; it carries that digest, not the card. Paste or open that version here
        (a snapshot link&apos;s card, a saved file) to see what changed.
      </span>
    );
  }
  if (actual === undefined) return null;
  return actual === expected ? (
    <span className="text-emerald-800" data-testid="diff-then-digest" data-match="true">
      This is the version the live link was made from (same SHA-256).
    </span>
  ) : (
    <span className="text-amber-900" data-testid="diff-then-digest" data-match="false">
      This is not the version the live link was made from: its SHA-256 is <code className="break-all">{actual}</code>, the link&apos;s{" "}
      <code className="break-all">{expected}</code>.
    </span>
  );
}

function LiveNote({ live, onRetry }: { live: LiveFetch; onRetry: (url: string) => void }) {
  switch (live.state) {
    case "idle":
    case "done":
      return null;
    case "fetching":
      return <span role="status">Fetching the live card from {live.url}…</span>;
    case "failed":
      return (
        <span className="text-rose-800" data-testid="diff-live-error">
          The live card could not be fetched from {live.url}: {live.message}{" "}
          <button type="button" className="underline" onClick={() => onRetry(live.url)}>
            Try again
          </button>
        </span>
      );
  }
}

