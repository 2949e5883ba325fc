import type { Metadata } from "next";
import { DiffWorkbench } from "@/components/diff/diff-workbench";
import { SiteHeader } from "@/components/ui/site-header";

export const metadata: Metadata = {
  title: "Card diff — Parley",
  description: "Two versions of an A2A Agent Card: which decisions change for your client profiles, and which findings changed to cause it.",
};

/** /diff: two versions of a card, the fields that changed, and — first — the decisions they move. */
export default function DiffPage() {
  return (
    <main className="mx-auto max-w-[1600px] p-3 sm:p-4">
      <SiteHeader current="diff">
        <h1 className="text-lg font-semibold text-slate-800">Card diff</h1>
        <p className="text-sm text-slate-600">Two versions of a card: which decisions change for your profiles, and why.</p>
      </SiteHeader>
      <DiffWorkbench />
    </main>
  );
}
