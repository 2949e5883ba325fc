"use client";

import { useEffect, useRef } from "react";
import { takeEarlyEdit } from "./early-input";

/**
 * Hands `apply` what the user typed into the field marked `data-early-input={key}` before the page
 * hydrated (no change handler ran then), once, when the component mounts. `rendered` is the text
 * the server rendered the field with. No key: the field keeps nothing.
 */
export function useEarlyEdit(key: string | undefined, rendered: string, apply: (text: string) => void): void {
  const first = useRef({ key, rendered, apply });
  useEffect(() => {
    const { key: field, rendered: text, apply: take } = first.current;
    if (field === undefined) return;
    const early = takeEarlyEdit(field, text);
    if (early !== undefined) take(early);
  }, []);
}
