"use client";

import { useEffect, useRef } from "react";

/**
 * Keeps focus in a list whose rows have remove buttons: after a removal has rendered, focus goes to
 * the remove button that took the removed one's place (or the one before it when the last went), or
 * to the empty list's note, never to <body>. `items` is the list's data: the hook acts when it
 * changes after `removing(index)` was called.
 */
export function useFocusAfterRemoval<L extends HTMLElement, E extends HTMLElement>(items: unknown, buttonSelector: string) {
  const pending = useRef<number | null>(null);
  const list = useRef<L>(null);
  const empty = useRef<E>(null);
  useEffect(() => {
    const index = pending.current;
    if (index === null) return;
    pending.current = null;
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>(buttonSelector);
    if (buttons && buttons.length > 0) buttons[Math.min(index, buttons.length - 1)]!.focus();
    else empty.current?.focus();
  }, [items, buttonSelector]);
  return {
    list,
    empty,
    /** Call with the removed row's index just before removing it. */
    removing: (index: number) => {
      pending.current = index;
    },
  };
}
