"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { JsonEditor, type JsonEditorHandle } from "@/components/card-editor/json-editor";
import type { EditorDiagnostic } from "@/components/session/workspace-review";
import { locateNearest } from "@/components/session/workspace-review";
import type { ClientProfile } from "@/lib/negotiation";
import { formatProfile, parseProfileText, type ProfileIssue } from "./parse-profile";
import { sameProfile } from "./same-profile";

function toDiagnostics(text: string, issues: readonly ProfileIssue[]): EditorDiagnostic[] {
  return issues.map((issue) => {
    if (issue.offset !== undefined) return { from: issue.offset, to: issue.offset + 1, severity: "error", message: issue.message };
    const range = (issue.pointer !== undefined && locateNearest(text, issue.pointer)) || { from: 0, to: 1 };
    return { from: range.from, to: range.to, severity: "error", message: issue.message };
  });
}

/** The profile as JSON. Valid edits flow out at once; invalid ones stay here with their errors in place. */
export function ProfileJsonView({
  profile,
  onChange,
  handleRef,
}: {
  profile: ClientProfile;
  onChange: (profile: ClientProfile) => void;
  handleRef: { current: JsonEditorHandle | null };
}) {
  const [text, setText] = useState(() => formatProfile(profile));
  const lastEmitted = useRef(profile);
  const parsed = useMemo(() => parseProfileText(text), [text]);
  const issues = useMemo(() => (parsed.ok ? [] : parsed.issues), [parsed]);
  const diagnostics = useMemo(() => toDiagnostics(text, issues), [text, issues]);

  // A change made elsewhere (the form, a preset, the context panel) rewrites the JSON.
  useEffect(() => {
    if (sameProfile(profile, lastEmitted.current)) return;
    lastEmitted.current = profile;
    handleRef.current?.setText(formatProfile(profile));
  }, [profile, handleRef]);

  return (
    <div className="flex flex-col gap-1">
      <JsonEditor
        label="Client profile JSON"
        testId="profile-json-editor"
        eager
        className="h-80"
        initialText={text}
        handleRef={handleRef}
        diagnostics={diagnostics}
        diagnosticsText={text}
        onChange={(next) => {
          setText(next);
          const result = parseProfileText(next);
          if (result.ok && !sameProfile(result.profile, lastEmitted.current)) {
            lastEmitted.current = result.profile;
            onChange(result.profile);
          }
        }}
      />
      {issues.length > 0 ? (
        <ul data-testid="profile-json-issues" className="rounded bg-rose-50 px-2 py-1 text-xs text-rose-800">
          {issues.map((issue, i) => (
            <li key={i}>{issue.message}</li>
          ))}
          <li className="text-rose-700">The review keeps using the last valid profile until this is fixed.</li>
        </ul>
      ) : (
        <p className="text-xs text-slate-500">Valid. Edits apply to the review as you type.</p>
      )}
    </div>
  );
}
