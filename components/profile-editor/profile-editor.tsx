"use client";

import { memo, useEffect, useId, useImperativeHandle, useMemo, useRef, useState, useSyncExternalStore, type Ref } from "react";
import type { JsonEditorHandle } from "@/components/card-editor/json-editor";
import { locateNearest } from "@/components/session/workspace-review";
import { CollapsibleSection } from "@/components/ui/collapsible-section";
import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import { PRESETS, type ClientProfile } from "@/lib/negotiation";
import { findProfileField, flashField } from "./profile-field";
import { ProfileForm } from "./profile-form";
import { sameProfile } from "./same-profile";
import { deleteSavedProfile, getSavedProfiles, getServerSavedProfiles, saveProfile, subscribeSavedProfiles } from "./saved-profiles";

type View = "form" | "json";

/** What the explanation may do to the profile editor: show a profile field the evidence names. */
export interface ProfileEditorHandle {
  highlight: (pointer: string) => void;
}

// The JSON view (and its parser) loads when the user reaches for it: most reviews use the form.
const JSON_VIEW = lazyModule(() => import("./profile-json-view"));
// Managing saved profiles (rename, delete, export, import) loads when its section is opened.
const MANAGER = lazyModule(() => import("./saved-profiles-manager"));

export const ProfileEditor = memo(function ProfileEditor({
  profile,
  onChange,
  handleRef,
  open,
  onToggle,
}: {
  profile: ClientProfile;
  onChange: (profile: ClientProfile) => void;
  handleRef: Ref<ProfileEditorHandle>;
  /** undefined: folded on a narrow screen, open on a wide one (until the user says otherwise). */
  open: boolean | undefined;
  onToggle: (open: boolean) => void;
}) {
  const pickerId = useId();
  const [view, setView] = useState<View>("form");
  const [jsonOpened, setJsonOpened] = useState(false);
  const jsonView = useLazyModule(JSON_VIEW);
  const manager = useLazyModule(MANAGER);
  const jsonHandle = useRef<JsonEditorHandle | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  // A field to show in the JSON view once it is there (it may still be loading).
  const [pendingPointer, setPendingPointer] = useState<string | null>(null);
  const saved = useSyncExternalStore(subscribeSavedProfiles, getSavedProfiles, getServerSavedProfiles);

  // Every keystroke in the card re-renders the workspace; the canonical-JSON comparisons need only
  // run when the profile or the saved list changes.
  const { pickerValue, isSaved } = useMemo(() => {
    const presetIndex = PRESETS.findIndex((p) => sameProfile(p, profile));
    const savedIndex = saved.findIndex((p) => sameProfile(p, profile));
    return {
      pickerValue: presetIndex >= 0 ? `preset:${presetIndex}` : savedIndex >= 0 ? `saved:${savedIndex}` : "",
      isSaved: savedIndex >= 0,
    };
  }, [profile, saved]);

  const openJson = () => {
    setView("json");
    setJsonOpened(true);
    jsonView.request();
  };

  useImperativeHandle(handleRef, () => ({
    highlight(pointer) {
      if (view === "form") {
        const field = findProfileField(formRef.current, pointer);
        if (field) {
          flashField(field);
          return;
        }
      }
      // Not a field of the form (supported extensions, security schemes): show it in the JSON view.
      openJson();
      setPendingPointer(pointer);
    },
  }));

  const jsonReady = jsonView.module !== undefined && jsonOpened;
  useEffect(() => {
    if (!jsonReady || pendingPointer === null) return;
    const editor = jsonHandle.current;
    if (!editor) return;
    const range = locateNearest(editor.getText(), pendingPointer);
    if (range) editor.highlight(range.from, range.to);
    setPendingPointer(null);
  }, [jsonReady, pendingPointer]);

  return (
    <CollapsibleSection title="Client profile" id="profile-heading" open={open} onToggle={onToggle} summary={profile.name}>
      <div className="mb-2 flex flex-col gap-1">
        <label htmlFor={pickerId} className="text-xs font-medium text-slate-700">
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
        {profile.description && <p className="text-xs text-slate-600">{profile.description}</p>}
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
              onClick={() => (v === "json" ? openJson() : setView("form"))}
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
      <details
        className="mb-2 rounded border border-slate-200 px-2 py-1"
        onToggle={(event) => {
          if (event.currentTarget.open) manager.request();
        }}
      >
        <summary className="cursor-pointer text-xs font-medium text-slate-700" onPointerEnter={manager.request}>
          Manage saved profiles ({saved.length}): rename, delete, export, import
        </summary>
        {manager.module ? (
          <manager.module.SavedProfilesManager onUse={onChange} />
        ) : (
          <p role="status" className="text-xs text-slate-600">
            {manager.failed ? "Could not load this part of the page (the network may be down); close and open it again." : "Loading…"}
          </p>
        )}
      </details>
      {view === "form" && <ProfileForm profile={profile} onChange={onChange} containerRef={formRef} />}
      {/* Once opened, the JSON view stays mounted (hidden under the form): a draft that does not
          parse yet survives a look at the form instead of being replaced by the last valid profile. */}
      {jsonView.module && jsonOpened && (
        <div hidden={view !== "json"}>
          <jsonView.module.ProfileJsonView profile={profile} onChange={onChange} handleRef={jsonHandle} />
        </div>
      )}
      {view === "json" && !jsonView.module && (
        <p role="status" className="text-sm text-slate-700">
          {jsonView.failed ? "Could not load the JSON view (the network may be down); press JSON to try again." : "Loading the JSON view…"}
        </p>
      )}
    </CollapsibleSection>
  );
});
