import type { Metadata } from "next";
import { CheckWorkbench } from "@/components/check/check-workbench";
import { SiteHeader } from "@/components/ui/site-header";

export const metadata: Metadata = {
  title: "Card check — Parley",
  description: "Is this A2A Agent Card itself fine? Validity, what real SDKs trip on, signatures, and which client presets it works for, with no profile of your own.",
};

/** /check: one card on its own, no client profile (the CLI's `parley lint`). */
export default function CheckPage() {
  return (
    <main className="mx-auto max-w-[1600px] p-3 sm:p-4">
      <SiteHeader current="check">
        <h1 className="text-lg font-semibold text-slate-800">Card check</h1>
        <p className="text-sm text-slate-600">Is the card itself fine, and which clients does it work for? No profile needed.</p>
      </SiteHeader>
      <CheckWorkbench />
    </main>
  );
}
