"use client";

import { useId, useRef } from "react";

/**
 * "Import from a file…": a visually hidden file input behind a label styled as a button, so it is
 * reached by Tab and shows keyboard focus; the input is cleared after each pick, so the same file
 * can be picked again.
 */
export function JsonFilePicker({ label, className, onFile, testId }: { label: string; className: string; onFile: (file: File) => void; testId?: string }) {
  const id = useId();
  const ref = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        id={id}
        ref={ref}
        type="file"
        accept="application/json,.json"
        className="peer sr-only"
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) onFile(file);
          if (ref.current) ref.current.value = "";
        }}
      />
      <label htmlFor={id} className={`${className} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-sky-600`}>
        {label}
      </label>
    </>
  );
}
