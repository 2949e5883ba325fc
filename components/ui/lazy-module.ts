"use client";

import { useCallback, useState } from "react";
import { loadOnce } from "./load-once";

/** Code split out of the first download, loaded on demand once per page (see loadOnce). */
export interface LazyModule<T> {
  load: () => Promise<T>;
  /** The module once it has loaded, so a later mount renders it at once instead of loading again. */
  loaded: () => T | undefined;
}

export function lazyModule<T>(load: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  return {
    load: loadOnce(() =>
      load().then((module) => {
        loaded = module;
        return module;
      }),
    ),
    loaded: () => loaded,
  };
}

/**
 * A lazy module in a component: `request()` starts the load (call it on the user's intent: focus,
 * pointer, a press), `module` is there once it has loaded, `failed` says the last load failed (the
 * next `request()` tries again).
 */
export function useLazyModule<T extends object>(lazy: LazyModule<T>): { module: T | undefined; failed: boolean; request: () => void } {
  const [module, setModule] = useState<T | undefined>(lazy.loaded);
  const [failed, setFailed] = useState(false);
  const request = useCallback(() => {
    setFailed(false);
    lazy.load().then(
      (loaded) => {
        setFailed(false);
        // Wrapped: a module is an object, but setState would call a function-valued one.
        setModule(() => loaded);
      },
      () => setFailed(true),
    );
  }, [lazy]);
  return { module, failed, request };
}
