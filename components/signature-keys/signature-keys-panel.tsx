"use client";

import { useState } from "react";
import { lazyModule, useLazyModule } from "@/components/ui/lazy-module";
import type { SignatureKeysProps } from "./signature-keys-body";

// The key field, the key reader and their messages load when the section is first opened.
const BODY = lazyModule(() => import("./signature-keys-body"));

/**
 * A small collapsible "Signature keys" section beside the card. Closed, it says in a few words
 * where the card's signature stands; the review's validity summary shows its status.
 */
export function SignatureKeysPanel(props: SignatureKeysProps) {
  const { keys, check, signature } = props;
  const [opened, setOpened] = useState(false);
  const body = useLazyModule(BODY);
  const signed = signature !== undefined && signature.status !== "unsigned";
  const summary = !signed
    ? "the card is not signed"
    : check.checking
      ? "checking…"
      : signature.status === "valid"
        ? "the card's signature verifies"
        : keys.keysText.trim() === ""
          ? "the card is signed: give its public key to check it"
          : "the card is signed: see its status in the review";

  return (
    <details
      data-testid="signature-keys"
      className="rounded-lg border border-slate-200 bg-white px-3 py-2 text-sm shadow-sm"
      onToggle={(event) => {
        if (!(event.currentTarget as HTMLDetailsElement).open) return;
        setOpened(true);
        body.request();
      }}
    >
      <summary className="cursor-pointer text-sm font-semibold tracking-wide text-slate-700" onPointerEnter={body.request} onFocus={body.request}>
        <span className="uppercase">Signature keys</span>{" "}
        <span className="text-xs font-normal tracking-normal text-slate-500 normal-case">({summary})</span>
      </summary>
      {opened && body.module && <body.module.SignatureKeysBody {...props} />}
      {opened && !body.module && (
        <p role="status" className="mt-2 text-xs text-slate-600">
          {body.failed ? (
            <>
              The key field could not load.{" "}
              <button type="button" className="underline" onClick={body.request}>
                Try again
              </button>
            </>
          ) : (
            "Loading…"
          )}
        </p>
      )}
    </details>
  );
}
