"use client";

import { useId, useMemo } from "react";
import { describeKeyIssue } from "@/lib/negotiation/explain";
import { describeKeySetError, describeSignatureReport } from "@/lib/negotiation/explain";
import { readKeySet, type SignatureReport } from "@/lib/negotiation";
import type { SignatureCheck } from "./use-signature-report";
import type { SignatureKeys } from "./use-signature-keys";

/** What the section is given: the keys the user holds, their check, and the review's report. */
export interface SignatureKeysProps {
  keys: SignatureKeys;
  check: SignatureCheck;
  /** The review's signature report (undefined for an unsigned card). */
  signature: SignatureReport | undefined;
}

/**
 * The inside of the "Signature keys" section (signature-keys-panel.tsx): paste the public key(s) a
 * signed card is checked with, or fetch the key set a signature's jku names. Loaded when the
 * section is first opened, with the key reader and its messages.
 */
export function SignatureKeysBody({ keys, check, signature }: SignatureKeysProps) {
  const keysId = useId();
  const helpId = useId();
  const reading = useMemo(() => (keys.keysText.trim() === "" ? undefined : readKeySet(keys.keysText)), [keys.keysText]);
  const jkus = useMemo(() => [...new Set((signature?.signatures ?? []).flatMap((s) => (s.jku ? [s.jku] : [])))], [signature]);
  const signed = signature !== undefined && signature.status !== "unsigned";

  const keyNotes: Array<{ tone: "error" | "note"; text: string }> = [];
  if (reading && !reading.ok) {
    const total = typeof reading.data.count === "number" ? reading.data.count : reading.skipped.length;
    keyNotes.push({ tone: "error", text: `These keys cannot be used: ${describeKeySetError(reading.error, reading.data)}.` });
    for (const issue of reading.skipped) keyNotes.push({ tone: "error", text: describeKeyIssue(issue, total) });
  } else if (reading?.ok) {
    const total = reading.keys.length + reading.skipped.length;
    keyNotes.push({ tone: "note", text: `${reading.keys.length} public key${reading.keys.length === 1 ? "" : "s"} read${listKids(reading.keys)}.` });
    for (const issue of reading.skipped) keyNotes.push({ tone: "note", text: `Skipped: ${describeKeyIssue(issue, total)}` });
    if (reading.hadPrivate) keyNotes.push({ tone: "error", text: "This is a private key: only its public part is used. Do not paste private keys where others can see them." });
  }

  return (
      <div className="mt-2 flex flex-col gap-2">
        <p id={helpId} className="text-xs text-slate-600">
          A signed A2A 1.0 card is checked against the public key that signed it: paste it here as a JWK or a JWK set (<code>{'{"keys": [...]}'}</code>). Keys stay in this tab: never stored, never put in a review link.
        </p>
        <label htmlFor={keysId} className="text-xs font-medium text-slate-600">
          Public keys (JWK or JWK set)
        </label>
        <textarea
          id={keysId}
          data-testid="signature-keys-input"
          aria-describedby={helpId}
          value={keys.keysText}
          onChange={(event) => keys.setKeysText(event.target.value)}
          rows={4}
          spellCheck={false}
          autoComplete="off"
          className="w-full rounded border border-slate-300 px-2 py-1 font-mono text-xs"
          placeholder='{"kty": "EC", "crv": "P-256", "x": "…", "y": "…", "kid": "…"}'
        />
        {keyNotes.length > 0 && (
          <ul data-testid="signature-keys-notes" aria-live="polite" className="flex flex-col gap-0.5 text-xs">
            {keyNotes.map((note, i) => (
              <li key={i} className={note.tone === "error" ? "text-rose-800" : "text-slate-600"}>
                {note.text}
              </li>
            ))}
          </ul>
        )}
        {jkus.length > 0 && (
          <div className="flex flex-col gap-1">
            <p className="text-xs text-slate-600">
              Key sets the signatures name (jku), fetched through Parley&apos;s server only when you ask; used when no key is pasted above. The card names its own key set, so a key found there proves the card is unchanged, not who signed it.
            </p>
            <ul className="flex flex-col gap-1">
              {jkus.map((url) => {
                const got = keys.keySets.get(url);
                return (
                  <li key={url} className="flex flex-wrap items-center gap-2 text-xs">
                    <code className="break-all">{url}</code>
                    <button
                      type="button"
                      className="rounded border border-slate-300 bg-white px-2 py-0.5 hover:bg-slate-50 disabled:opacity-60"
                      disabled={got?.state === "fetching"}
                      onClick={() => keys.fetchKeySet(url)}
                    >
                      {got?.state === "fetched" || got?.state === "failed" ? "Fetch again" : "Fetch key set"}
                    </button>
                    <span role="status" className={got?.state === "failed" ? "text-rose-800" : "text-slate-600"}>
                      {got?.state === "fetching" ? "fetching…" : got?.state === "fetched" ? "fetched" : got?.state === "failed" ? got.message : ""}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
        {signed && !check.checking && (
          <p data-testid="signature-keys-result" className="text-xs text-slate-700">
            {check.failed ? "The signature checker could not load: reload the page to try again." : describeSignatureReport(signature)}
          </p>
        )}
      </div>
  );
}

function listKids(keys: ReadonlyArray<{ kid?: string }>): string {
  const kids = keys.flatMap((k) => (k.kid ? [`"${k.kid}"`] : []));
  return kids.length > 0 ? ` (kid ${kids.join(", ")})` : "";
}
