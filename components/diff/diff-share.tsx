"use client";

import { useId, useState } from "react";
import { writeClipboard } from "@/components/ui/clipboard";
import { ClipboardFallback } from "@/components/ui/clipboard-fallback";
import { BUTTON, FIELD, HINT } from "@/components/ui/form-styles";
import { ENGINE_VERSION } from "@/lib/negotiation";
import { renderDiffMarkdown } from "@/lib/report/diff-markdown";
import { diffLinkState, type SharedDiff } from "./diff-link-state";
import { makeLinkOffThread } from "./diff-thread";


type Status = { text: string; error: boolean } | null;
type Fallback = { kind: "link" | "markdown"; text: string } | null;

/**
 * Share the diff on screen: a link holding both versions and the profiles (the review links' codec
 * and limits; it reopens this very diff), the decision moves as Markdown for a ticket, and either
 * version opened in the workspace with one of the diff's profiles (a snapshot review link). Links
 * are made in the diff's worker: two cards of up to 1 MiB are compressed off the page's thread.
 */
export function DiffShare({ shared, disabled }: { shared: SharedDiff; disabled: boolean }) {
  const id = useId();
  const [status, setStatus] = useState<Status>(null);
  const [fallback, setFallback] = useState<Fallback>(null);
  const [busy, setBusy] = useState(false);
  const [profileIndex, setProfileIndex] = useState(0);
  const profile = shared.profiles[Math.min(profileIndex, shared.profiles.length - 1)];

  const diffLink = async (): Promise<{ ok: true; url: string } | { ok: false; message: string }> => {
    const made = await makeLinkOffThread({ kind: "diff", state: diffLinkState(shared) });
    return made.ok ? { ok: true, url: `${window.location.origin}/diff#${made.fragment}` } : made;
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setStatus(null);
    try {
      await work();
    } catch (error) {
      setStatus({ text: `That did not work: ${error instanceof Error ? error.message : String(error)}`, error: true });
    } finally {
      setBusy(false);
    }
  };

  const copy = async (kind: "link" | "markdown", text: string, said: string) => {
    if (await writeClipboard(text)) {
      setFallback(null);
      setStatus({ text: said, error: false });
    } else {
      setFallback({ kind, text });
      setStatus({ text: `Could not use the clipboard: the ${kind === "link" ? "link" : "Markdown"} is selected below, copy it from there.`, error: false });
    }
  };

  const copyLink = () =>
    run(async () => {
      const link = await diffLink();
      if (!link.ok) return setStatus({ text: link.message, error: true });
      await copy("link", link.url, `Copied a link of ${link.url.length.toLocaleString("en-US")} characters: both versions and the profiles, after the #, which browsers never send to a server.`);
    });

  const copyMarkdown = () =>
    run(async () => {
      const link = await diffLink();
      const markdown = renderDiffMarkdown(shared.diff, { before: shared.before.origin, after: shared.after.origin }, link.ok ? link.url : undefined);
      await copy("markdown", markdown, link.ok ? "Copied the Markdown, with the link to this diff." : `Copied the Markdown, without a link (${link.message})`);
    });

  const openInWorkspace = (side: "before" | "after") =>
    run(async () => {
      if (!profile) return;
      const made = await makeLinkOffThread({
        kind: "snapshot",
        state: {
          cardText: shared[side].text,
          profile,
          context: shared.context,
          engineVersion: ENGINE_VERSION,
          ...(shared.taskClasses ? { taskClasses: shared.taskClasses } : {}),
        },
      });
      if (!made.ok) return setStatus({ text: made.message, error: true });
      // A full load, not a client-side push: the workspace reads a link in the address as it starts (and hides its default review until then).
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- see above
      window.location.assign(`/#${made.fragment}`);
    });

  const off = disabled || busy;
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm" data-testid="diff-share">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-title`} className="mr-1 text-sm font-semibold tracking-wide text-slate-700 uppercase">
          Share
        </h2>
        <button type="button" className={BUTTON} disabled={off} onClick={() => void copyLink()}>
          Copy link
        </button>
        <button type="button" className={BUTTON} disabled={off} onClick={() => void copyMarkdown()}>
          Copy as Markdown
        </button>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2" role="group" aria-labelledby={`${id}-open`}>
        <span id={`${id}-open`} className="text-sm text-slate-800">
          Open in the workspace:
        </span>
        <button type="button" className={BUTTON} disabled={off} onClick={() => void openInWorkspace("before")} data-testid="diff-open-before">
          Before
        </button>
        <button type="button" className={BUTTON} disabled={off} onClick={() => void openInWorkspace("after")} data-testid="diff-open-after">
          After
        </button>
        {shared.profiles.length > 1 && (
          <label className="flex min-w-0 items-center gap-1 text-sm text-slate-800">
            with
            <select
              className={`${FIELD} w-auto max-w-full min-w-0`}
              value={Math.min(profileIndex, shared.profiles.length - 1)}
              onChange={(event) => setProfileIndex(Number(event.target.value))}
              data-testid="diff-open-profile"
            >
              {shared.profiles.map((p, i) => (
                <option key={i} value={i}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <p role="status" aria-live="polite" data-testid="diff-share-status" className={`mt-1 text-xs ${status?.error ? "text-rose-800" : "text-emerald-800"}`}>
        {status?.text ?? ""}
      </p>
      {fallback && (
        <ClipboardFallback
          label={fallback.kind === "link" ? "Diff link" : "Markdown for a ticket"}
          text={fallback.text}
          multiline={fallback.kind === "markdown"}
          testId="diff-share-fallback"
          fieldClassName={`${FIELD} font-mono text-xs`}
          hintClassName={HINT}
          onClose={() => setFallback(null)}
        />
      )}
    </section>
  );
}
