/** Class names shared by the triage and diff pages' small forms. */
export const LABEL = "text-xs font-semibold text-slate-700";
export const HINT = "text-xs text-slate-600";
export const ERROR = "text-xs text-rose-800";
export const FIELD =
  "w-full rounded border border-slate-300 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-sky-600 aria-[invalid=true]:border-rose-600";
export const BUTTON =
  "rounded border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium whitespace-nowrap hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600 disabled:opacity-50";
