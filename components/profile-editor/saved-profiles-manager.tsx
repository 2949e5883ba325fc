"use client";

import { downloadText } from "@/components/ui/download";
import { JsonFilePicker } from "@/components/ui/json-file-picker";
import { useEffect, useId, useRef, useState, useSyncExternalStore } from "react";
import type { ClientProfile } from "@/lib/negotiation";
import { MAX_PROFILE_FILE_BYTES, profileFileName, profilesFileText, readProfilesFile } from "./profile-files";
import {
  deleteSavedProfile,
  getSavedProfiles,
  getServerSavedProfiles,
  importProfiles,
  renameSavedProfile,
  restoreSavedProfile,
  subscribeSavedProfiles,
} from "./saved-profiles";

type Status = { text: string; error: boolean; undo?: { profile: ClientProfile; index: number } };

const RENAME_PROBLEM = {
  empty: "A profile needs a name.",
  taken: "Another saved profile already has that name.",
  missing: "That profile is no longer saved (another tab may have removed it).",
} as const;

/**
 * Saved profiles, managed: rename, delete (with undo), export one or all as a JSON file, import a
 * file of one or several. Loaded when the user opens "Manage saved profiles".
 */
export function SavedProfilesManager({ onUse }: { onUse: (profile: ClientProfile) => void }) {
  const saved = useSyncExternalStore(subscribeSavedProfiles, getSavedProfiles, getServerSavedProfiles);
  const [renaming, setRenaming] = useState<{ from: string; to: string } | null>(null);
  const [status, setStatus] = useState<Status | null>(null);
  const renameId = useId();
  const statusId = useId();
  // The control the keyboard goes to once the list has re-rendered: a button that vanished
  // (Delete, Undo, a closed rename form) must not leave focus on the page itself.
  const rootRef = useRef<HTMLDivElement>(null);
  const focusNext = useRef<string | null>(null);
  useEffect(() => {
    const label = focusNext.current;
    if (label === null) return;
    focusNext.current = null;
    const target = [...(rootRef.current?.querySelectorAll<HTMLElement>("button[aria-label], button[data-focus-name]") ?? [])].find(
      (el) => el.getAttribute("aria-label") === label || el.dataset.focusName === label,
    );
    target?.focus();
  });

  const commitRename = () => {
    if (!renaming) return;
    const result = renameSavedProfile(renaming.from, renaming.to);
    if (result.ok) {
      setStatus({ text: `Renamed "${renaming.from}" to "${renaming.to.trim()}".`, error: false });
      focusNext.current = `Rename ${renaming.to.trim()}`;
      setRenaming(null);
    } else setStatus({ text: RENAME_PROBLEM[result.problem], error: true });
  };
  const cancelRename = () => {
    if (!renaming) return;
    focusNext.current = `Rename ${renaming.from}`;
    setRenaming(null);
    // A problem with the name typed is no longer about anything on screen.
    setStatus((now) => (now?.error ? null : now));
  };

  const importFile = async (file: File) => {
    if (file.size > MAX_PROFILE_FILE_BYTES) {
      setStatus({ text: `${file.name} is ${Math.round(file.size / 1024)} KB; a profiles file is at most 1 MB. Nothing was imported.`, error: true });
      return;
    }
    const reading = readProfilesFile(await file.text());
    const { added, renamed } = reading.profiles.length > 0 ? importProfiles(reading.profiles) : { added: [], renamed: [] };
    const parts: string[] = [];
    if (added.length > 0) parts.push(`Imported ${added.length} profile${added.length === 1 ? "" : "s"} from ${file.name}: ${added.join(", ")}.`);
    for (const r of renamed) parts.push(`"${r.from}" was already saved, so the imported one is "${r.to}".`);
    for (const p of reading.problems) {
      parts.push(p.entry === 0 ? `${file.name}: ${p.message}` : `Entry ${p.entry}${p.name ? ` ("${p.name}")` : ""} was not imported: ${p.message}`);
    }
    if (added.length === 0 && reading.problems.length === 0) parts.push(`${file.name} holds no profiles.`);
    setStatus({ text: parts.join(" "), error: added.length === 0 });
  };

  return (
    <div ref={rootRef} className="flex flex-col gap-2 pt-1" data-testid="saved-profiles-manager">
      {saved.length === 0 ? (
        <p className="text-xs text-slate-600">No profiles are saved in this browser yet. Save one above, or import a file.</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 rounded border border-slate-200" aria-label="Saved profiles">
          {saved.map((profile, index) => (
            <li key={profile.name} className="flex flex-wrap items-center gap-2 px-2 py-1 text-sm" data-testid="saved-profile">
              {renaming?.from === profile.name ? (
                <form
                  className="flex min-w-0 flex-1 flex-wrap items-center gap-1"
                  onSubmit={(event) => {
                    event.preventDefault();
                    commitRename();
                  }}
                >
                  <label htmlFor={renameId} className="sr-only">
                    New name for {profile.name}
                  </label>
                  <input
                    id={renameId}
                    autoFocus
                    className="min-w-0 flex-1 rounded border border-slate-300 bg-white px-1.5 py-0.5 text-sm"
                    value={renaming.to}
                    aria-describedby={status?.error ? statusId : undefined}
                    onChange={(event) => setRenaming({ from: profile.name, to: event.target.value })}
                    onKeyDown={(event) => {
                      if (event.key === "Escape") cancelRename();
                    }}
                  />
                  <button type="submit" className={BUTTON}>
                    Save name
                  </button>
                  <button type="button" className={BUTTON} onClick={cancelRename}>
                    Cancel
                  </button>
                </form>
              ) : (
                <>
                  <span className="min-w-0 flex-1 truncate">{profile.name}</span>
                  <button type="button" className={BUTTON} onClick={() => onUse(profile)} aria-label={`Use ${profile.name}`}>
                    Use
                  </button>
                  <button
                    type="button"
                    className={BUTTON}
                    onClick={() => setRenaming({ from: profile.name, to: profile.name })}
                    aria-label={`Rename ${profile.name}`}
                  >
                    Rename
                  </button>
                  <button
                    type="button"
                    className={BUTTON}
                    onClick={() => downloadText(profileFileName(profile.name), profilesFileText(profile), "application/json")}
                    aria-label={`Export ${profile.name}`}
                  >
                    Export
                  </button>
                  <button
                    type="button"
                    className={BUTTON}
                    onClick={() => {
                      deleteSavedProfile(profile.name);
                      setStatus({ text: `Deleted "${profile.name}".`, error: false, undo: { profile, index } });
                      focusNext.current = UNDO;
                    }}
                    aria-label={`Delete ${profile.name}`}
                  >
                    Delete
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={BUTTON}
          disabled={saved.length === 0}
          onClick={() => downloadText("saved-profiles.parley-profiles.json", profilesFileText(saved), "application/json")}
        >
          Export all
        </button>
        <JsonFilePicker label="Import from a file…" className={BUTTON} onFile={(file) => void importFile(file)} />
      </div>
      <p id={statusId} role="status" data-testid="saved-profiles-status" className={`text-xs ${status?.error ? "text-rose-800" : "text-slate-700"}`}>
        {status?.text}
        {status?.undo && (
          <>
            {" "}
            <button
              type="button"
              className="underline focus-visible:outline-2 focus-visible:outline-sky-600"
              data-focus-name={UNDO}
              onClick={() => {
                if (!status.undo) return;
                restoreSavedProfile(status.undo.profile, status.undo.index);
                setStatus({ text: `"${status.undo.profile.name}" is back.`, error: false });
                focusNext.current = `Delete ${status.undo.profile.name}`;
              }}
            >
              Undo
            </button>
          </>
        )}
      </p>
    </div>
  );
}


const UNDO = "undo";

const BUTTON =
  "rounded border border-slate-300 bg-white px-2 py-0.5 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600 disabled:opacity-50";
