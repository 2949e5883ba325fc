/** Shown while a link is read or its card fetched: no workspace yet, so nothing stale is on screen. */
export function LinkPending({ message, onCancel }: { message: string; onCancel?: () => void }) {
  return (
    <div
      data-testid="link-pending"
      role="status"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm"
    >
      <p className="break-all">{message}</p>
      {onCancel && (
        <button
          type="button"
          className="rounded border border-slate-300 px-2 py-0.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600"
          onClick={onCancel}
        >
          Cancel and start fresh
        </button>
      )}
    </div>
  );
}
