"use client";

import { useCallback, useState } from "react";

/** A key set fetched (through Parley's fetch route) from a URL a signature names as its jku. */
export type KeySetFetch =
  | { state: "fetching" }
  | { state: "fetched"; text: string; finalUrl: string }
  | { state: "failed"; code: string; message: string };

export interface SignatureKeys {
  /** What the user pasted: a JWK or a JWK set, as text. */
  keysText: string;
  setKeysText: (text: string) => void;
  /** Key sets fetched on the user's request, by the jku URL that names them. */
  keySets: ReadonlyMap<string, KeySetFetch>;
  fetchKeySet: (url: string) => void;
}

/**
 * The keys a workspace session checks signatures with. They live in this component's state only:
 * never in storage, never in a review link, gone with the tab. A jku is fetched only when the user
 * asks (a pasted card does not make the server contact a host the card names), through the same
 * route and guards as a card fetch; a jku is a direct URL, which that route fetches as it is.
 */
export function useSignatureKeys(): SignatureKeys {
  const [keysText, setKeysText] = useState("");
  const [keySets, setKeySets] = useState<ReadonlyMap<string, KeySetFetch>>(() => new Map());
  const fetchKeySet = useCallback((url: string) => {
    const put = (value: KeySetFetch) => setKeySets((prev) => new Map(prev).set(url, value));
    put({ state: "fetching" });
    // react-query's module is not in the first download; it loads with the first fetch.
    import("@/components/queries/fetch-card")
      .then(({ postFetchCard }) => postFetchCard(url))
      .then(
        (got) => put({ state: "fetched", text: got.text, finalUrl: got.finalUrl }),
        (error: unknown) => {
          const code = typeof (error as { code?: unknown })?.code === "string" ? (error as { code: string }).code : "failed";
          const message = error instanceof Error && error.message ? error.message : "The key set could not be fetched.";
          put({ state: "failed", code, message });
        },
      );
  }, []);
  return { keysText, setKeysText, keySets, fetchKeySet };
}
