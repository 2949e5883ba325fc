"use client";

import { useState } from "react";
import { writeClipboard } from "./clipboard";

/** Copies text to the clipboard and says whether it could (the text stays on screen to select by hand). */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <button
      type="button"
      className="rounded border border-slate-300 bg-white px-2 py-0.5 text-xs hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
      onClick={() => {
        // The share bar's helper: a bare navigator.clipboard call threw where the API is missing.
        void writeClipboard(text).then((copied) => setState(copied ? "copied" : "failed"));
        setTimeout(() => setState("idle"), 1500);
      }}
    >
      {state === "copied" ? "Copied" : state === "failed" ? "Copy failed" : label}
    </button>
  );
}
