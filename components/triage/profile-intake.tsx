"use client";

import { memo, useId, useState, useSyncExternalStore } from "react";
import { useFocusAfterRemoval } from "@/components/ui/use-focus-after-removal";
import { parseProfileText } from "@/components/profile-editor/parse-profile";
import { getSavedProfiles, getServerSavedProfiles, subscribeSavedProfiles } from "@/components/profile-editor/saved-profiles";
import { canonicalJson } from "@/lib/triage/inputs";
import { PRESETS, type ClientProfile } from "@/lib/negotiation";
import type { TriageProfile } from "@/lib/triage/triage";
import { BUTTON, ERROR, FIELD, HINT, LABEL } from "@/components/ui/form-styles";

interface ProfileIntakeProps {
  profiles: readonly TriageProfile[];
  labels: ReadonlyMap<string, string>;
  onAdd: (profiles: ClientProfile[]) => void;
  onRemove: (id: string) => void;
  /** The heading over the chosen profiles: the triage's own by default, another page's words elsewhere (/diff). */
  chosenTitle?: string;
}

/**
 * The client profiles the cards are reviewed against: presets and this browser's saved profiles
 * (ticked in or out), pasted JSON, and profile files dropped on the page.
 */
export const ProfileIntake = memo(function ProfileIntake({ profiles, labels, onAdd, onRemove, chosenTitle = "In this triage" }: ProfileIntakeProps) {
  const saved = useSyncExternalStore(subscribeSavedProfiles, getSavedProfiles, getServerSavedProfiles);
  const { list: chips, empty: none, removing } = useFocusAfterRemoval<HTMLUListElement, HTMLParagraphElement>(profiles, "button[data-remove-profile]");
  const inTriage = new Map(profiles.map((p) => [canonicalJson(p.profile), p.id]));
  const toggle = (profile: ClientProfile, on: boolean) => {
    const id = inTriage.get(canonicalJson(profile));
    if (on && !id) onAdd([profile]);
    if (!on && id) onRemove(id);
  };
  return (
    <div className="flex flex-col gap-4">
      <ProfileChecklist title="Presets" profiles={PRESETS} inTriage={inTriage} onToggle={toggle} testId="triage-presets" />
      {saved.length > 0 ? (
        <ProfileChecklist title="Saved in this browser" profiles={saved} inTriage={inTriage} onToggle={toggle} testId="triage-saved-profiles" />
      ) : (
        <p className={HINT}>No saved profiles in this browser yet (save one in the workspace&apos;s profile editor).</p>
      )}
      <PasteProfile onAdd={onAdd} />
      <div>
        <h3 className={LABEL}>
          {chosenTitle} ({profiles.length})
        </h3>
        {profiles.length === 0 ? (
          <p ref={none} tabIndex={-1} className={HINT} data-testid="triage-no-profiles">
            None yet: tick a preset, paste a profile, or drop profile files.
          </p>
        ) : (
          <ul ref={chips} className="mt-1 flex flex-wrap gap-1.5" data-testid="triage-profiles">
            {profiles.map((entry, index) => {
              const label = labels.get(entry.id) ?? entry.profile.name;
              return (
                <li key={entry.id} className="flex items-center gap-1 rounded-full border border-slate-300 bg-slate-50 py-0.5 pr-1 pl-2 text-xs">
                  <span>{label}</span>
                  <button
                    type="button"
                    className="rounded-full px-1 text-slate-600 hover:bg-slate-200 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-sky-600"
                    aria-label={`Remove the profile ${label}`}
                    data-remove-profile=""
                    onClick={() => {
                      removing(index);
                      onRemove(entry.id);
                    }}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
});

function ProfileChecklist({
  title,
  profiles,
  inTriage,
  onToggle,
  testId,
}: {
  title: string;
  profiles: readonly ClientProfile[];
  inTriage: ReadonlyMap<string, string>;
  onToggle: (profile: ClientProfile, on: boolean) => void;
  testId: string;
}) {
  return (
    <fieldset data-testid={testId}>
      <legend className={LABEL}>{title}</legend>
      <ul className="mt-1 grid grid-cols-1 gap-x-3 gap-y-0.5 sm:grid-cols-2">
        {profiles.map((profile) => (
          <li key={profile.name}>
            <label className="flex items-start gap-1.5 text-sm">
              <input
                type="checkbox"
                className="mt-1"
                checked={inTriage.has(canonicalJson(profile))}
                onChange={(event) => onToggle(profile, event.target.checked)}
              />
              <span>{profile.name}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function PasteProfile({ onAdd }: { onAdd: (profiles: ClientProfile[]) => void }) {
  const id = useId();
  const [text, setText] = useState("");
  const [issues, setIssues] = useState<string[]>([]);
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = parseProfileText(text);
        if (!parsed.ok) {
          setIssues(parsed.issues.map((issue) => (issue.pointer ? `${issue.pointer}: ${issue.message}` : issue.message)));
          return;
        }
        setIssues([]);
        setText("");
        onAdd([parsed.profile]);
      }}
    >
      <label htmlFor={`${id}-profile`} className={LABEL}>
        Paste a profile (JSON)
      </label>
      <textarea
        id={`${id}-profile`}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
        spellCheck={false}
        aria-invalid={issues.length > 0 ? true : undefined}
        aria-describedby={issues.length > 0 ? `${id}-profile-errors` : undefined}
        className={`${FIELD} font-mono text-xs`}
        placeholder='{"name": "Voice bot", "transports": ["JSONRPC"], …}'
      />
      {issues.length > 0 && (
        <ul id={`${id}-profile-errors`} className={`${ERROR} list-disc pl-4`} data-testid="triage-profile-errors">
          {issues.map((issue, i) => (
            <li key={i}>{issue}</li>
          ))}
        </ul>
      )}
      <div>
        <button type="submit" className={BUTTON}>
          Add profile
        </button>
      </div>
    </form>
  );
}
