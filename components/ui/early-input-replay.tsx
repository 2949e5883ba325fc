"use client";

import { useEffect } from "react";
import { replayEarlyInput } from "./early-input";

/**
 * Placed after the page in the root layout, so its effect runs once the page's own have: the page
 * has hydrated and its components have taken their marked fields (see early-input.ts).
 */
export function EarlyInputReplay() {
  useEffect(() => {
    replayEarlyInput();
  }, []);
  return null;
}
