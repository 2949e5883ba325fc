"use client";

import { BUTTON } from "@/components/ui/form-styles";
import { count, plural } from "@/components/ui/file-words";

export type RunState =
  | { kind: "idle" }
  | { kind: "running"; thread: "worker" | "page" }
  | { kind: "cancelled" }
  | { kind: "failed"; message: string };

/**
 * How far the reviews are: a progress bar over every pair of the triage, Cancel while they run
 * (what is reviewed stays), and "Review the rest" after a cancel or a failure.
 */
export function RunStatus({
  run,
  reviewed,
  total,
  onCancel,
  onResume,
}: {
  run: RunState;
  reviewed: number;
  total: number;
  onCancel: () => void;
  onResume: () => void;
}) {
  if (total === 0) return null;
  const left = total - reviewed;
  return (
    <div className="flex flex-col gap-1" data-testid="triage-run" data-run={run.kind} data-reviewed={reviewed} data-total={total}>
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <p role="status" aria-live="polite" className="min-w-0">
          {run.kind === "running"
            ? `Reviewing ${run.thread === "worker" ? "in the background" : "on this page (no background thread could start)"}: ${count(reviewed)} of ${plural(total, "pair")}…`
            : run.kind === "cancelled"
              ? `Stopped: ${count(reviewed)} of ${plural(total, "pair")} reviewed, ${count(left)} not.`
              : run.kind === "failed"
                ? `The reviews stopped: ${run.message}. ${count(reviewed)} of ${plural(total, "pair")} reviewed.`
                : left === 0
                  ? `All ${plural(total, "pair")} reviewed.`
                  : `${count(reviewed)} of ${plural(total, "pair")} reviewed.`}
        </p>
        {run.kind === "running" && (
          <button type="button" className={BUTTON} onClick={onCancel}>
            Cancel
          </button>
        )}
        {(run.kind === "cancelled" || run.kind === "failed") && left > 0 && (
          <button type="button" className={BUTTON} onClick={onResume}>
            Review the rest
          </button>
        )}
      </div>
      <ProgressBar value={reviewed} max={total} label="Pairs reviewed" />
    </div>
  );
}

/** A progress bar drawn the same in every browser (a <progress> element's colours are the browser's). */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max === 0 ? 0 : Math.min(100, (value / max) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      aria-valuetext={`${count(value)} of ${count(max)}`}
      className="h-2 w-full overflow-hidden rounded-full bg-slate-200 [contain:strict]"
    >
      <div className="h-full rounded-full bg-sky-700" style={{ width: `${percent}%` }} />
    </div>
  );
}
