"use client";

import type { TriageInputs } from "@/lib/triage/inputs";
import type { TriageFile } from "@/lib/triage/triage";
import { BUTTON } from "@/components/ui/form-styles";
import { plural } from "@/components/ui/file-words";

export type Notice =
  | { kind: "restored"; savedAt: string; cards: number; profiles: number }
  | { kind: "openedLink"; cards: number; profiles: number; previous?: TriageInputs }
  | { kind: "linkFailed"; message: string }
  | { kind: "opened"; name: string; cards: number; profiles: number }
  | { kind: "openFailed"; name: string; message: string }
  | { kind: "replaceOrAdd"; name: string; file: TriageFile; cards: number; profiles: number }
  | { kind: "reviewOpened"; pair: string; url: string }
  | { kind: "reviewFailed"; pair: string; message: string }
  | { kind: "info"; text: string };

const TONE = {
  info: "border-sky-300 bg-sky-50 text-sky-950",
  warning: "border-amber-400 bg-amber-50 text-amber-950",
  error: "border-rose-400 bg-rose-50 text-rose-950",
} as const;

/** One message about what the page just did: restored, opened, a link that failed, a review opened in a new tab. */
export function TriageNotice({
  notice,
  onDismiss,
  onRestore,
  onResolveOpen,
}: {
  notice: Notice;
  onDismiss: () => void;
  onRestore: (previous: TriageInputs) => void;
  onResolveOpen: (file: TriageFile, name: string, how: "replace" | "add") => void;
}) {
  const tone = notice.kind === "linkFailed" || notice.kind === "openFailed" || notice.kind === "reviewFailed" ? "error" : notice.kind === "replaceOrAdd" ? "warning" : "info";
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      data-testid="triage-notice"
      data-notice={notice.kind}
      className={`flex flex-col gap-2 rounded-lg border p-3 text-sm sm:flex-row sm:items-start sm:justify-between ${TONE[tone]}`}
    >
      <div className="min-w-0 break-words">
        <NoticeText notice={notice} />
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        {notice.kind === "openedLink" && notice.previous && (notice.previous.cards.length > 0 || notice.previous.profiles.length > 0) && (
          <button type="button" className={BUTTON} onClick={() => onRestore(notice.previous!)}>
            Bring back my triage ({plural(notice.previous.cards.length, "card")})
          </button>
        )}
        {notice.kind === "replaceOrAdd" ? (
          <>
            <button type="button" className={BUTTON} onClick={() => onResolveOpen(notice.file, notice.name, "replace")}>
              Replace it
            </button>
            <button type="button" className={BUTTON} onClick={() => onResolveOpen(notice.file, notice.name, "add")}>
              Add to it
            </button>
            <button type="button" className={BUTTON} onClick={onDismiss}>
              Cancel
            </button>
          </>
        ) : (
          <button type="button" className={BUTTON} onClick={onDismiss}>
            Dismiss
          </button>
        )}
      </div>
    </div>
  );
}

function NoticeText({ notice }: { notice: Notice }) {
  switch (notice.kind) {
    case "restored":
      return (
        <p>
          Restored your triage from this browser ({plural(notice.cards, "card")}, {plural(notice.profiles, "profile")}; kept {new Date(notice.savedAt).toLocaleString()}).
        </p>
      );
    case "openedLink":
      return (
        <p>
          Opened a triage from the link: {plural(notice.cards, "card")}, {plural(notice.profiles, "profile")}.
          {notice.previous && notice.previous.cards.length > 0 ? " It took the place of the triage this browser had kept." : ""}
        </p>
      );
    case "linkFailed":
      return (
        <>
          <p className="font-semibold">The link in the address could not be opened.</p>
          <p>{notice.message}</p>
        </>
      );
    case "opened":
      return (
        <p>
          Opened {notice.name}: {plural(notice.cards, "card")}, {plural(notice.profiles, "profile")}.
        </p>
      );
    case "openFailed":
      return (
        <>
          <p className="font-semibold">{notice.name} could not be opened.</p>
          <p>{notice.message}</p>
        </>
      );
    case "replaceOrAdd":
      return (
        <p>
          {notice.name} holds {plural(notice.file.cards.length, "card")} and {plural(notice.file.profiles.length, "profile")}. Replace the triage you have ({plural(notice.cards, "card")},{" "}
          {plural(notice.profiles, "profile")}), or add its cards and profiles to it?
        </p>
      );
    case "reviewOpened":
      return (
        <p>
          Opened the review of {notice.pair} in a new tab.{" "}
          <a href={notice.url} target="_blank" rel="noopener" className="underline">
            Open it again
          </a>
        </p>
      );
    case "reviewFailed":
      return (
        <>
          <p className="font-semibold">The review of {notice.pair} could not be opened.</p>
          <p>{notice.message}</p>
        </>
      );
    case "info":
      return <p>{notice.text}</p>;
  }
}
