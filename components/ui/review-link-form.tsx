"use client";

import { useId, useState } from "react";
import { BUTTON, ERROR, FIELD, HINT, LABEL } from "./form-styles";

interface ReviewLinkFormProps {
  label: string;
  submitLabel: string;
  hint: string;
  errorTestId: string;
  /** Reads the link; resolves to a problem to show under the field, or undefined when it was taken. */
  onLink: (text: string) => Promise<string | undefined>;
}

/** One field for a pasted review link: its problem is said under it, and a taken link clears it. */
export function ReviewLinkForm({ label, submitLabel, hint, errorTestId, onLink }: ReviewLinkFormProps) {
  const id = useId();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="flex flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === "") return setError("Paste a review link first.");
        void onLink(text).then((problem) => {
          setError(problem);
          if (!problem) setText("");
        });
      }}
    >
      <label htmlFor={`${id}-link`} className={LABEL}>
        {label}
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-link`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
          className={`${FIELD} min-w-0 flex-1 font-mono text-xs`}
          placeholder="https://…/#v1.…"
        />
        <button type="submit" className={BUTTON}>
          {submitLabel}
        </button>
      </div>
      <p id={`${id}-hint`} className={HINT}>
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className={ERROR} data-testid={errorTestId}>
          {error}
        </p>
      )}
    </form>
  );
}
