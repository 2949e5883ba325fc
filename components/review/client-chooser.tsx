"use client";

import { useEffect, useRef } from "react";
import { findPreset, type ClientProfile } from "@/lib/negotiation";
import { OFFERED_CLIENTS } from "./client-choice";

/**
 * Says whose client the review is for, first. On a first visit (nothing chosen in this browser) it
 * offers the clients people run before the verdict; once chosen, one line names the client, with a
 * way to choose again.
 */
export function ClientChooser({
  profile,
  profileName,
  choosing,
  onChoose,
  onChangeRequest,
}: {
  profile: ClientProfile;
  /** The profile as named everywhere (profile-label.ts: an edited preset says so). */
  profileName: string;
  /** Show the choice (a first visit, or "Change" pressed); otherwise the one line. */
  choosing: boolean;
  onChoose: (id: string) => void;
  onChangeRequest: () => void;
}) {
  // The button pressed goes away (the choice becomes one line): the keyboard moves to that line's
  // button instead of dropping to the top of the page.
  const moveFocus = useRef(false);
  const lineButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!moveFocus.current || choosing) return;
    moveFocus.current = false;
    lineButton.current?.focus();
  }, [choosing]);
  if (!choosing) {
    return (
      <p data-testid="client-line" className="text-sm text-slate-800">
        For the client <span className="font-semibold">{profileName}</span>{" "}
        <button
          ref={lineButton}
          type="button"
          className="text-xs text-sky-800 underline decoration-dotted"
          onClick={onChangeRequest}
        >
          Choose another client
        </button>
      </p>
    );
  }
  return (
    <div data-testid="client-chooser" role="group" aria-labelledby="client-chooser-heading" className="rounded border border-sky-300 bg-sky-50 p-2 text-sm text-slate-900">
      <p id="client-chooser-heading" className="font-semibold">
        Whose client is this?
      </p>
      <p className="text-xs text-slate-700">
        The review below is for <span className="font-semibold">{profileName}</span>. Pick the client you run: this browser remembers it.
      </p>
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        {OFFERED_CLIENTS.map((id) => {
          const preset = findPreset(id);
          if (!preset) return null;
          const current = preset.name === profile.name;
          return (
            <button
              key={id}
              type="button"
              data-client={id}
              aria-pressed={current}
              title={preset.description}
              onClick={() => {
                moveFocus.current = true;
                onChoose(id);
              }}
              className="rounded border border-sky-600 bg-white px-2 py-0.5 text-xs text-sky-900 hover:bg-sky-100 aria-pressed:bg-sky-700 aria-pressed:text-white"
            >
              {preset.name}
            </button>
          );
        })}
      </div>
    </div>
  );
}
