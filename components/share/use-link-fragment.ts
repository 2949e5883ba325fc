"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { DecodedLink } from "@/lib/share";
import { loadEngine } from "@/components/session/workspace-review";
import { readLinkOffThread } from "@/components/session/decode-off-thread";
import { firstHash, hashOfChange } from "@/components/ui/early-input";
import { clearLocationFragment, readHash } from "./link-location";
import { LINK_BANNER } from "./link-banner-slot";
import { loadShare, type ShareModule } from "@/components/session/load-share";

/**
 * The review link in the address bar, read on load and on every hashchange/popstate. `gen` grows
 * with every reading, so opening the same link again (after edits) starts a fresh session.
 */
export type LinkPhase =
  /** Not read yet: the server render and the first client render. */
  | { phase: "idle" }
  | { phase: "none"; gen: number }
  | { phase: "decoding"; gen: number; fragment: string }
  | { phase: "failed"; gen: number; fragment: string; message: string }
  | { phase: "decoded"; gen: number; fragment: string; link: DecodedLink; share: ShareModule };

export interface LinkFragment {
  state: LinkPhase;
  /** Forget the link (and the fragment) and show the default workspace. */
  startFresh: () => void;
  /** The user changed the review: the fragment no longer describes it, so it leaves the address bar. */
  markEdited: () => void;
}

export const LINK_READ_MARK = "parley:link-read";

const LOADER_FAILED =
  "Parley could not load the part of the page that reads review links (the network may be down). Reload the page to try again.";

export function useLinkFragment(): LinkFragment {
  const [state, setState] = useState<LinkPhase>({ phase: "idle" });
  const gen = useRef(0);
  const current = useRef<LinkPhase>(state);
  const fragmentShown = useRef(false);

  const set = useCallback((next: LinkPhase) => {
    current.current = next;
    setState(next);
  }, []);

  const read = useCallback((address: string) => {
    const hash = readHash(address, (id) => document.getElementById(id) !== null);
    const now = current.current;
    if (hash.kind === "anchor") {
      // The skip link: the review on screen is unchanged, whatever it came from.
      if (now.phase === "idle") set({ phase: "none", gen: gen.current });
      return;
    }
    if (hash.kind === "empty") {
      // The first reading keeps gen 0, so the default session rendered before it is not remounted.
      if (now.phase === "idle") set({ phase: "none", gen: gen.current });
      // Back from a link (not yet edited) to the plain address: back to the plain workspace.
      else if (now.phase !== "none" && fragmentShown.current) set({ phase: "none", gen: ++gen.current });
      return;
    }
    const { fragment } = hash;
    if (now.phase !== "idle" && now.phase !== "none" && now.fragment === fragment && fragmentShown.current) return;
    const mine = ++gen.current;
    fragmentShown.current = true;
    // A user-timing mark: where reading this link starts (the hostile-link journey measures from it).
    performance.mark?.(LINK_READ_MARK);
    set({ phase: "decoding", gen: mine, fragment });
    // Whatever the link holds, the workspace will say something about it: load the banner alongside.
    void LINK_BANNER.load().catch(() => undefined);
    // Read in a worker: a link built to unpack slowly must not freeze the page. The codec module
    // and the review engine (for what the workspace then does with a link: review it, compare
    // decisions) load only for a link that opens; a refused one costs the page nothing but its banner.
    readLinkOffThread(fragment)
      .then(async (read) => (read.ok ? { read, share: (await Promise.all([loadShare(), loadEngine()]))[0] } : { read }))
      .then(
        ({ read, share }) => {
          if (gen.current !== mine) return;
          set(
            read.ok && share
              ? { phase: "decoded", gen: mine, fragment, link: read.link, share }
              : { phase: "failed", gen: mine, fragment, message: read.ok ? LOADER_FAILED : read.message },
          );
        },
        () => {
          if (gen.current === mine) set({ phase: "failed", gen: mine, fragment, message: LOADER_FAILED });
        },
      );
  }, [set]);

  useEffect(() => {
    // A link pasted into the address while the page hydrated is read too (see firstHash).
    read(firstHash());
    // A fragment the router wrote over before its event fired is read from the event (see hashOfChange).
    const onAddress = (event: Event) => read(hashOfChange(event));
    window.addEventListener("hashchange", onAddress);
    window.addEventListener("popstate", onAddress);
    return () => {
      window.removeEventListener("hashchange", onAddress);
      window.removeEventListener("popstate", onAddress);
    };
  }, [read]);

  const startFresh = useCallback(() => {
    fragmentShown.current = false;
    clearLocationFragment();
    set({ phase: "none", gen: ++gen.current });
  }, [set]);

  const markEdited = useCallback(() => {
    if (!fragmentShown.current) return;
    fragmentShown.current = false;
    clearLocationFragment();
  }, []);

  return { state, startFresh, markEdited };
}
