import type { Metadata } from "next";
import { buildExampleLines } from "@/components/log-explainer/example-lines";
import { LogExplainer } from "@/components/log-explainer/log-explainer";
import { SiteHeader } from "@/components/ui/site-header";
import { readRegistrySettings } from "@/lib/settings/registry";

export const metadata: Metadata = {
  title: "Explain a log line — Parley",
  description: "Paste a rejected-but-valid log line: which rule fired, for which task class, why, and what would change it.",
};

/** The on-call log explainer. Server shell; the paste box and its results are a client leaf. */
export default function ExplainPage() {
  return (
    <main className="mx-auto max-w-5xl p-3 sm:p-4">
      <SiteHeader current="explain" />
      <h1 className="text-lg font-semibold">Explain a log line</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        Holding a &ldquo;rejected but valid&rdquo; log entry? Paste it: each line says which rule fired, for which task
        class, what that means, what would change it, and opens the full review when the line carries enough to rebuild
        it. Lines are read in your browser.
      </p>
      <LogExplainer example={buildExampleLines()} registry={readRegistrySettings().databaseUrl !== null} />
    </main>
  );
}
