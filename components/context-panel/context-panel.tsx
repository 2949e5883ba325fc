"use client";

import { memo, useId, useState, type ReactNode } from "react";
import { CollapsibleSection } from "@/components/ui/collapsible-section";
import { HonoredExtensionsField } from "./honored-extensions-field";
import type { ReviewContext } from "@/lib/negotiation";

type BooleanKey = "priorTaskHistory" | "outOfBandCapabilityExchange" | "cardKnownStale" | "serverKnownGood";
type ListKey = "documentedFallbackOutputModes" | "resubscribeOnlyOutputModes";

const TOGGLES: { key: BooleanKey; label: string; explain: string }[] = [
  {
    key: "priorTaskHistory",
    label: "Prior task history",
    explain: "You have completed tasks with this server before: a rejection that rests on what the card says defers to that history (one that rests on the client's own limits does not).",
  },
  {
    key: "outOfBandCapabilityExchange",
    label: "Out-of-band capability exchange",
    explain: "Capabilities were agreed elsewhere (contract, registry): a rejection that rests on what the card says defers to that channel.",
  },
  {
    key: "cardKnownStale",
    label: "Card known stale",
    explain: "The server changed since this card was published: with a known-good server, a rejection that rests on the card targets the card (refetch it).",
  },
  {
    key: "serverKnownGood",
    label: "Server known good",
    explain: "The server behaves correctly at runtime: with a stale card, reject the card, not the server.",
  },
];

const LISTS: { key: ListKey; label: string; explain: string; placeholder: string }[] = [
  {
    key: "documentedFallbackOutputModes",
    label: "Documented fallback output modes",
    explain: "Modes the server's docs say it delivers another way although the card omits it.",
    placeholder: "text/plain",
  },
  {
    key: "resubscribeOnlyOutputModes",
    label: "Resubscribe-only output modes (from the docs)",
    explain: "Modes emitted only on tasks/resubscribe, when the card itself does not say so.",
    placeholder: "audio/pcm",
  },
];

function splitList(text: string): string[] | undefined {
  const items = text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
  return items.length > 0 ? [...new Set(items)] : undefined;
}

function ListField({
  label,
  explain,
  placeholder,
  value,
  onChange,
}: {
  label: string;
  explain: string;
  placeholder: string;
  value: string[] | undefined;
  onChange: (value: string[] | undefined) => void;
}) {
  const id = useId();
  // Local text so a half-typed list (a trailing comma) is not reformatted under the cursor.
  const [text, setText] = useState(() => (value ?? []).join(", "));
  return (
    <div className="flex flex-col gap-0.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        className="rounded border border-slate-300 px-2 py-0.5 font-mono text-xs"
        placeholder={placeholder}
        aria-describedby={`${id}-explain`}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          onChange(splitList(event.target.value));
        }}
      />
      <p id={`${id}-explain`} className="text-xs text-slate-500">
        {explain} Separate several with commas.
      </p>
    </div>
  );
}

function ToggleRow({
  label,
  explain,
  checked,
  onChange,
}: {
  label: string;
  explain: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <li>
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" className="mt-1" checked={checked} onChange={(event) => onChange(event.target.checked)} />
        <span>
          <span className="font-medium">{label}</span>
          <span className="block text-xs text-slate-500">{explain}</span>
        </span>
      </label>
    </li>
  );
}

/** The rule's conditions of validity: what is known besides the card and the profile. */
export const ContextPanel = memo(function ContextPanel({
  context,
  onChange,
  renegotiable,
  onRenegotiableChange,
  open,
  onToggle,
}: {
  context: ReviewContext;
  onChange: (context: ReviewContext) => void;
  renegotiable: boolean;
  onRenegotiableChange: (renegotiable: boolean) => void;
  /** undefined: folded on a narrow screen, open on a wide one (until the user says otherwise). */
  open: boolean | undefined;
  onToggle: (open: boolean) => void;
}) {
  const set = Object.keys(context).length + (renegotiable ? 1 : 0);
  const setKey = <K extends keyof ReviewContext>(key: K, value: ReviewContext[K]) => {
    const next = { ...context };
    if (value === undefined || value === false) delete next[key];
    else next[key] = value;
    onChange(next);
  };
  return (
    <CollapsibleSection
      title="Context"
      id="context-heading"
      open={open}
      onToggle={onToggle}
      summary={set === 0 ? "nothing besides the card" : `${set} condition${set === 1 ? "" : "s"} set`}
    >
      <p className="mb-2 text-xs text-slate-500">
        What you know besides the card. All off: the card is the only discovery channel.
      </p>
      <ul className="flex flex-col gap-2">
        <ToggleRow
          label="Client can renegotiate"
          explain={
            <>
              The client can acquire capabilities at negotiation time (profile <code>fixed: false</code>): a rejection it could fix itself (streaming, an mTLS listener, buffering, an encoding) defers.
            </>
          }
          checked={renegotiable}
          onChange={onRenegotiableChange}
        />
        {TOGGLES.map((toggle) => (
          <ToggleRow
            key={toggle.key}
            label={toggle.label}
            explain={toggle.explain}
            checked={context[toggle.key] === true}
            onChange={(checked) => setKey(toggle.key, checked)}
          />
        ))}
        <li>
          <HonoredExtensionsField value={context.honoredExtensions} onChange={(value) => setKey("honoredExtensions", value)} />
        </li>
        {LISTS.map((list) => (
          <li key={list.key}>
            <ListField
              label={list.label}
              explain={list.explain}
              placeholder={list.placeholder}
              value={context[list.key]}
              onChange={(value) => setKey(list.key, value)}
            />
          </li>
        ))}
      </ul>
    </CollapsibleSection>
  );
});
