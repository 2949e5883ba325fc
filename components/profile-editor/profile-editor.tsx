"use client";

import { useId, useMemo, useState, useSyncExternalStore } from "react";
import type { JsonEditorHandle } from "@/components/card-editor/json-editor";
import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import { Section } from "@/components/ui/section";
import { PRESETS, type ClientProfile } from "@/lib/negotiation/profile";
import { ProfileForm } from "./profile-form";
import { sameProfile } from "./same-profile";
import {
  deleteSavedProfile,
  getSavedProfiles,
  getServerSavedProfiles,
  saveProfile,
  subscribeSavedProfiles,
} from "./saved-profiles";

type View = "form" | "json";

// The JSON view (and its parser) loads when the user reaches for it: most reviews use the form.
const JSON_VIEW = lazyModule(() => import("./profile-json-view"));

export function ProfileEditor({
  profile,
  onChange,
  jsonHandleRef,
}: {
  profile: ClientProfile;
  onChange: (profile: ClientProfile) => void;
  /** Lets the explanation panel highlight a profile field when the JSON view is open. */
  jsonHandleRef: { current: JsonEditorHandle | null };
}) {
  const pickerId = useId();
  const [view, setView] = useState<View>("form");
  const [jsonOpened, setJsonOpened] = useState(false);
  const jsonView = useLazyModule(JSON_VIEW);
  const saved = useSyncExternalStore(subscribeSavedProfiles, getSavedProfiles, getServerSavedProfiles);

  // Every keystroke in the card re-renders this section; the canonical-JSON comparisons need only
  // run when the profile or the saved list changes.
  const { pickerValue, isSaved } = useMemo(() => {
    const presetIndex = PRESETS.findIndex((p) => sameProfile(p, profile));
    const savedIndex = saved.findIndex((p) => sameProfile(p, profile));
    return {
      pickerValue: presetIndex >= 0 ? `preset:${presetIndex}` : savedIndex >= 0 ? `saved:${savedIndex}` : "",
      isSaved: savedIndex >= 0,
    };
  }, [profile, saved]);

  return (
    <Section title="Client profile" id="profile-heading">
      <div className="mb-2 flex flex-col gap-1">
        <label htmlFor={pickerId} className="text-xs font-medium text-slate-600">
          Preset or saved profile
        </label>
        <select
          id={pickerId}
          className="w-full min-w-0 rounded border border-slate-300 bg-white px-1.5 py-1 text-sm"
          value={pickerValue}
          onChange={(event) => {
            const [kind, index] = event.target.value.split(":");
            const next = kind === "preset" ? PRESETS[Number(index)] : kind === "saved" ? saved[Number(index)] : undefined;
            if (next) onChange(next);
          }}
        >
          <option value="">(edited: {profile.name || "unnamed"})</option>
          <optgroup label="Presets">
            {PRESETS.map((preset, i) => (
              <option key={preset.name} value={`preset:${i}`}>
                {preset.name}
              </option>
            ))}
          </optgroup>
          {saved.length > 0 && (
            <optgroup label="Saved in this browser">
              {saved.map((p, i) => (
                <option key={p.name} value={`saved:${i}`}>
                  {p.name}
                </option>
              ))}
            </optgroup>
          )}
        </select>
        {profile.description && <p className="text-xs text-slate-500">{profile.description}</p>}
      </div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <div
          role="group"
          aria-label="Profile view"
          className="inline-flex overflow-hidden rounded border border-slate-300 text-sm"
          onPointerEnter={jsonView.request}
          onFocus={jsonView.request}
        >
          {(["form", "json"] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className={`px-3 py-0.5 ${view === v ? "bg-slate-800 text-white" : "bg-white hover:bg-slate-100"}`}
              onClick={() => {
                setView(v);
                if (v === "json") {
                  setJsonOpened(true);
                  jsonView.request();
                }
              }}
            >
              {v === "form" ? "Form" : "JSON"}
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className="rounded border border-slate-300 px-2 py-0.5 text-sm hover:bg-slate-100 disabled:opacity-50"
            disabled={!profile.name.trim() || isSaved}
            onClick={() => saveProfile(profile)}
          >
            {isSaved ? "Saved" : "Save in browser"}
          </button>
          {isSaved && (
            <button
              type="button"
              className="rounded border border-slate-300 px-2 py-0.5 text-sm hover:bg-slate-100"
              onClick={() => deleteSavedProfile(profile.name)}
            >
              Forget saved
            </button>
          )}
        </div>
      </div>
      {view === "form" && <ProfileForm profile={profile} onChange={onChange} />}
      {/* Once opened, the JSON view stays mounted (hidden under the form): a draft that does not
          parse yet survives a look at the form instead of being replaced by the last valid profile. */}
      {jsonView.module && jsonOpened && (
        <div hidden={view !== "json"}>
          <jsonView.module.ProfileJsonView profile={profile} onChange={onChange} handleRef={jsonHandleRef} />
        </div>
      )}
      {view === "json" && !jsonView.module && (
        <p role="status" className="text-sm text-slate-600">
          {jsonView.failed ? "Could not load the JSON view (the network may be down); press JSON to try again." : "Loading the JSON view…"}
        </p>
      )}
    </Section>
  );
}
