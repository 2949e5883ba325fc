"use client";

import { useId, useState, type Ref } from "react";
import { type ClientProfile, SECURITY_SCHEME_KINDS } from "@/lib/negotiation";
import { TriStateSelect } from "@/components/ui/tri-state-select";
import { ListField } from "./list-field";

const TRANSPORTS = ["JSONRPC", "GRPC", "HTTP+JSON"] as const;
const VERSIONS = ["1.0", "0.3", "0.2"] as const;

const checkVersion = (v: string) => (/^\d+\.\d+(\.\d+)?$/.test(v) ? undefined : `"${v}" is not a protocol version: write Major.Minor, e.g. 1.0.`);
const checkUri = (v: string) => {
  try {
    new URL(v);
    return undefined;
  } catch {
    return `"${v}" is not a URI: an extension is named by its URI, e.g. https://vendor.example/ext/case-number/v1.`;
  }
};

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

function withCallback<K extends "supported" | "mtls" | "mtlsConfigurable" | "url">(
  profile: ClientProfile,
  key: K,
  value: NonNullable<ClientProfile["callback"]>[K] | undefined,
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
      <ListField
        field="/transports"
        label="Transports the client speaks"
        hint="The protocol bindings it can call (custom bindings by name)."
        value={profile.transports}
        onChange={(v) => set("transports", v)}
        options={TRANSPORTS}
        other={{ placeholder: "custom binding", what: "binding" }}
      />
      <ListField
        field="/protocolVersions"
        label="A2A versions it speaks"
        hint="Major.Minor; an interface counts only at a version the client speaks."
        value={profile.protocolVersions}
        onChange={(v) => set("protocolVersions", v)}
        options={VERSIONS}
        other={{ placeholder: "1.1", what: "version", check: checkVersion }}
      />
      <TriStateSelect field="/streaming" label="Consumes server streams" hint="SSE / server streaming" value={profile.streaming} onChange={(v) => set("streaming", v)} />
      <TriStateSelect
        field="/streamingFallback"
        label="Sends a blocking request when the card does not stream"
        hint="results then arrive at the end, with no resubscription"
        value={profile.streamingFallback}
        onChange={(v) => set("streamingFallback", v)}
      />
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
        <CallbackUrlField value={profile.callback?.url} onChange={(v) => onChange(withCallback(profile, "url", v))} />
      </fieldset>
      {MODE_FIELDS.map((field) => (
        <ListField
          key={field.key}
          field={`/${field.key}`}
          label={field.label}
          hint={field.hint}
          value={profile[field.key]}
          onChange={(v) => set(field.key, v)}
        />
      ))}
      <ListField
        field="/securitySchemes"
        label="Credentials it can present"
        hint="Security scheme kinds it satisfies on its calls (mutualTLS: a client certificate)."
        value={profile.securitySchemes}
        onChange={(v) => set("securitySchemes", v as ClientProfile["securitySchemes"])}
        options={SECURITY_SCHEME_KINDS}
        other={null}
      />
      <TriStateSelect
        field="/authenticated"
        label="Holds credentials the server accepts"
        hint="so it can fetch an authenticated extended card"
        value={profile.authenticated}
        onChange={(v) => set("authenticated", v)}
      />
      <CardReadingFields profile={profile} set={set} />
      <ListField
        field="/supportedExtensions"
        label="Extensions it supports"
        hint="By URI; a card that requires another one refuses every request."
        value={profile.supportedExtensions}
        onChange={(v) => set("supportedExtensions", v)}
        options={[]}
        other={{ placeholder: "https://vendor.example/ext/name/v1", what: "extension URI", check: checkUri }}
      />
    </div>
  );
}

const CARD_PATHS = ["/.well-known/agent-card.json", "/.well-known/agent.json", "/agent/card"] as const;
const checkCardPath = (v: string) => (v.startsWith("/") ? undefined : `"${v}" is not a path: write it from the origin, e.g. /.well-known/agent-card.json.`);

/** How the client reads a card (issue 39): what two clients do with the same card differs. */
function CardReadingFields({ profile, set }: { profile: ClientProfile; set: <K extends keyof ClientProfile>(key: K, value: ClientProfile[K]) => void }) {
  const headerId = useId();
  const choiceId = useId();
  return (
    <fieldset className="flex flex-col gap-1 rounded border border-slate-200 p-2" data-profile-field="/cardReading">
      <legend className="px-1 text-sm font-medium">How it reads a card</legend>
      <TriStateSelect
        field="/validatesRequiredFields"
        label="Refuses a card missing REQUIRED fields"
        hint="no SDK client does; left out: no"
        value={profile.validatesRequiredFields}
        onChange={(v) => set("validatesRequiredFields", v)}
      />
      <TriStateSelect
        field="/readsJsSdkSchemeShape"
        label={'Reads the JS SDK\u2019s {"scheme":{"$case":…}} security schemes'}
        hint="the JS SDK does; the Python SDK ignores them and sends no credentials; left out: reads them"
        value={profile.readsJsSdkSchemeShape}
        onChange={(v) => set("readsJsSdkSchemeShape", v)}
      />
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1" data-profile-field="/a2aVersionHeader">
        <label htmlFor={headerId} className="text-sm">
          A2A-Version header it sends
          <span className="block text-xs text-slate-500">on a 1.x interface; both SDKs send 1.0 whatever the card says</span>
        </label>
        <select
          id={headerId}
          className="rounded border border-slate-300 bg-white px-1.5 py-0.5 text-sm"
          value={profile.a2aVersionHeader ?? ""}
          onChange={(event) => set("a2aVersionHeader", event.target.value === "" ? undefined : event.target.value)}
        >
          <option value="">unknown (left out)</option>
          <option value="1.0">1.0</option>
          <option value="as-declared">the interface&rsquo;s protocolVersion as written</option>
          {profile.a2aVersionHeader !== undefined && !["1.0", "as-declared"].includes(profile.a2aVersionHeader) && (
            <option value={profile.a2aVersionHeader}>{profile.a2aVersionHeader}</option>
          )}
        </select>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1" data-profile-field="/interfaceChoice">
        <label htmlFor={choiceId} className="text-sm">
          Interface it picks
          <span className="block text-xs text-slate-500">per binding; left out: as the SDKs do</span>
        </label>
        <select
          id={choiceId}
          className="rounded border border-slate-300 bg-white px-1.5 py-0.5 text-sm"
          value={profile.interfaceChoice ?? ""}
          onChange={(event) => set("interfaceChoice", event.target.value === "" ? undefined : (event.target.value as ClientProfile["interfaceChoice"]))}
        >
          <option value="">as the SDKs do (left out)</option>
          <option value="exact-version-first">exactly 1.0 first, then newer, then 0.3 or later</option>
          <option value="card-order">the first in the card&rsquo;s order</option>
        </select>
      </div>
      <ListField
        field="/cardPaths"
        label="Where it looks for the card"
        hint="Paths on the agent's origin; the SDKs read /.well-known/agent-card.json."
        value={profile.cardPaths}
        onChange={(v) => set("cardPaths", v)}
        options={CARD_PATHS}
        other={{ placeholder: "/.well-known/my-agent/agent-card.json", what: "path", check: checkCardPath }}
      />
    </fieldset>
  );
}

/** Where the listener receives callbacks: on the card's own origin, the mTLS invariant does not bind. Left empty: unknown. */
function CallbackUrlField({ value, onChange }: { value: string | undefined; onChange: (value: string | undefined) => void }) {
  const id = useId();
  const [text, setText] = useState(value ?? "");
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    setText(value ?? "");
  }
  let problem: string | undefined;
  if (text.trim() !== "") {
    try {
      const url = new URL(text.trim());
      if (url.protocol !== "https:" && url.protocol !== "http:") problem = "The callback URL must be http(s).";
    } catch {
      problem = "Not an absolute URL, e.g. https://hooks.example/a2a.";
    }
  }
  return (
    <div className="flex flex-col gap-0.5" data-profile-field="/callback/url">
      <label htmlFor={id} className="text-sm">
        Callback URL
        <span className="block text-xs text-slate-500">optional; on the agent&rsquo;s own origin the mTLS invariant does not bind</span>
      </label>
      <input
        id={id}
        className="rounded border border-slate-300 px-2 py-0.5 font-mono text-xs aria-invalid:border-rose-600"
        placeholder="https://hooks.example/a2a"
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          const next = event.target.value;
          setText(next);
          const trimmed = next.trim();
          if (trimmed === "") {
            setSeen(undefined);
            onChange(undefined);
            return;
          }
          try {
            const url = new URL(trimmed);
            if (url.protocol === "https:" || url.protocol === "http:") {
              setSeen(trimmed);
              onChange(trimmed);
            }
          } catch {
            // Kept on screen with its problem; the profile keeps the last valid URL.
          }
        }}
      />
      {problem && (
        <p id={`${id}-problem`} className="text-xs text-rose-700">
          {problem}
        </p>
      )}
    </div>
  );
}
