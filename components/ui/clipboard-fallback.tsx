"use client";

import { useEffect, useId, useRef } from "react";

/**
 * What a copy button shows when the browser refuses the clipboard (no permission, an insecure
 * origin): the text in a read-only field, focused and selected, so one keystroke (Ctrl/⌘+C) copies it.
 */
export function ClipboardFallback({
  label,
  text,
  multiline,
  testId,
  fieldClassName,
  hintClassName,
  onClose,
}: {
  label: string;
  text: string;
  multiline: boolean;
  testId: string;
  fieldClassName: string;
  hintClassName: string;
  onClose: () => void;
}) {
  const id = useId();
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, [text]);
  return (
    <div className="mt-2 flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        {label} (selected: press Ctrl+C or ⌘C)
      </label>
      {multiline ? (
        <textarea id={id} ref={ref} readOnly aria-describedby={`${id}-hint`} rows={8} className={fieldClassName} value={text} data-testid={testId} />
      ) : (
        <input id={id} ref={ref} readOnly aria-describedby={`${id}-hint`} className={fieldClassName} value={text} data-testid={testId} />
      )}
      <p id={`${id}-hint`} className={hintClassName}>
        The browser did not allow copying to the clipboard from this page.{" "}
        <button type="button" className="underline" onClick={onClose}>
          Close
        </button>
      </p>
    </div>
  );
}
