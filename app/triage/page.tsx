import type { Metadata } from "next";
import { TriageWorkbench } from "@/components/triage/triage-workbench";
import { SiteHeader } from "@/components/ui/site-header";
import { readRegistrySettings } from "@/lib/settings/registry";

export const metadata: Metadata = {
  title: "Triage — Parley",
  description: "Many A2A Agent Cards against many client profiles: which pairs can do what, per task class.",
};

/** /triage: every card against every client profile, decided per task class, in one grid. */
export default function TriagePage() {
  return (
    <main className="mx-auto max-w-[1600px] p-3 sm:p-4">
      <SiteHeader current="triage">
        <h1 className="text-lg font-semibold text-slate-800">Triage</h1>
        <p className="text-sm text-slate-600">Many cards against many client profiles: which pairs can do what, per task class.</p>
      </SiteHeader>
      <TriageWorkbench registryOn={readRegistrySettings().databaseUrl !== null} />
    </main>
  );
}
