"use client";

import { useId, useState, type Ref } from "react";
import type { ClientProfile } from "@/lib/negotiation/profile";
import { TriStateSelect } from "@/components/ui/tri-state-select";
import { ModeListField } from "./mode-list-field";

const TRANSPORTS = ["JSONRPC", "GRPC", "HTTP+JSON"] as const;

type ModeKey = "inputModes" | "liveOnlyInputModes" | "bufferableInputModes" | "acceptedOutputModes";

const MODE_FIELDS: readonly { key: ModeKey; label: string; hint: string }[] = [
  { key: "inputModes", label: "Input modes it sends", hint: "What the client can send at all." },
  { key: "liveOnlyInputModes", label: "Live-only input modes", hint: "Produced chunk by chunk (a microphone): cannot be sent whole." },
  { key: "bufferableInputModes", label: "Bufferable input modes", hint: "Live modes the client can record whole before sending." },
  { key: "acceptedOutputModes", label: "Accepted output modes", hint: "What the client can consume. Left out: any." },
];

/** Sets or removes a key: `undefined` means *unknown*, which the profile expresses by leaving it out. */
function withField<K extends keyof ClientProfile>(profile: ClientProfile, key: K, value: ClientProfile[K]): ClientProfile {
  const next = { ...profile };
  if (value === undefined) delete next[key];
  else next[key] = value;
  return next;
}

function withCallback(
  profile: ClientProfile,
  key: "supported" | "mtls" | "mtlsConfigurable",
  value: boolean | undefined,
): ClientProfile {
  const callback = { ...profile.callback };
  if (value === undefined) delete callback[key];
  else callback[key] = value;
  return withField(profile, "callback", Object.keys(callback).length > 0 ? callback : undefined);
}

export function ProfileForm({
  profile,
  onChange,
  containerRef,
}: {
  profile: ClientProfile;
  onChange: (p: ClientProfile) => void;
  /** The form's element: an explanation's evidence link finds the field to highlight in it. */
  containerRef?: Ref<HTMLDivElement>;
}) {
  const nameId = useId();
  const set = <K extends keyof ClientProfile>(key: K, value: ClientProfile[K]) => onChange(withField(profile, key, value));
  // An empty name is invalid; keep it here (with its error) instead of handing the review a broken profile.
  const [nameCleared, setNameCleared] = useState(false);
  const nameMissing = nameCleared || profile.name.trim() === "";
  return (
    <div className="flex flex-col gap-2" data-testid="profile-form" ref={containerRef}>
      <div className="flex flex-col gap-1" data-profile-field="/name">
        <label htmlFor={nameId} className="text-sm font-medium">
          Name
        </label>
        <input
          id={nameId}
          className="rounded border border-slate-300 px-2 py-1 text-sm aria-invalid:border-rose-600"
          value={nameCleared ? "" : profile.name}
          aria-invalid={nameMissing || undefined}
          aria-describedby={nameMissing ? `${nameId}-error` : undefined}
          onChange={(event) => {
            const name = event.target.value;
            setNameCleared(name.trim() === "");
            if (name.trim() !== "") onChange({ ...profile, name });
          }}
        />
        {nameMissing && (
          <p id={`${nameId}-error`} className="text-xs text-rose-700">
            The profile needs a name; the review keeps the last one.
          </p>
        )}
      </div>
      <fieldset className="rounded border border-slate-200 p-2" data-profile-field="/transports">
        <legend className="px-1 text-sm font-medium">Transports the client speaks</legend>
        <div className="flex flex-wrap gap-3">
          {TRANSPORTS.map((transport) => (
            <label key={transport} className="flex items-center gap-1 font-mono text-xs">
              <input
                type="checkbox"
                checked={profile.transports?.includes(transport) ?? false}
                onChange={(event) => {
                  const current = profile.transports ?? [];
                  set("transports", event.target.checked ? [...current, transport] : current.filter((t) => t !== transport));
                }}
              />
              {transport}
            </label>
          ))}
        </div>
      </fieldset>
      <TriStateSelect field="/streaming" label="Consumes server streams" hint="SSE / server streaming" value={profile.streaming} onChange={(v) => set("streaming", v)} />
      <TriStateSelect field="/canPoll" label="Can poll for completion" hint="tasks/get (GetTask)" value={profile.canPoll} onChange={(v) => set("canPoll", v)} />
      <TriStateSelect
        field="/fixed"
        label="Capabilities fixed"
        hint="no: the client can renegotiate its own capabilities"
        value={profile.fixed}
        onChange={(v) => set("fixed", v)}
      />
      <label className="flex items-start gap-2 text-sm" data-profile-field="/requireSignedCard">
        <input
          type="checkbox"
          className="mt-1"
          checked={profile.requireSignedCard === true}
          onChange={(event) => set("requireSignedCard", event.target.checked ? true : undefined)}
        />
        <span>
          Requires signed cards
          <span className="block text-xs text-slate-500">sends nothing to a card unless a signature on it verifies</span>
        </span>
      </label>
      <fieldset className="flex flex-col gap-1 rounded border border-slate-200 p-2" data-profile-field="/callback">
        <legend className="px-1 text-sm font-medium">Callback listener (push notifications)</legend>
        <TriStateSelect field="/callback/supported" label="Runs a listener" value={profile.callback?.supported} onChange={(v) => onChange(withCallback(profile, "supported", v))} />
        <TriStateSelect field="/callback/mtls" label="Listener does mutual TLS" value={profile.callback?.mtls} onChange={(v) => onChange(withCallback(profile, "mtls", v))} />
        <TriStateSelect
          field="/callback/mtlsConfigurable"
          label="Can turn mTLS on itself"
          hint="by its own configuration"
          value={profile.callback?.mtlsConfigurable}
          onChange={(v) => onChange(withCallback(profile, "mtlsConfigurable", v))}
        />
      </fieldset>
      {MODE_FIELDS.map((field) => (
        <ModeListField
          key={field.key}
          field={`/${field.key}`}
          label={field.label}
          hint={field.hint}
          value={profile[field.key]}
          onChange={(v) => set(field.key, v)}
        />
      ))}
      <p className="text-xs text-slate-500">Supported extensions and security schemes: edit them in the JSON view.</p>
    </div>
  );
}
