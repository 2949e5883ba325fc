import type { Metadata } from "next";
import Link from "next/link";
import { RuleIndex } from "@/components/rules/rule-index";
import { SiteHeader } from "@/components/ui/site-header";
import { INVARIANTS } from "@/lib/negotiation";

export const metadata: Metadata = {
  title: "Rules — Parley",
  description: "Every invariant Parley checks between an A2A Agent Card and a client profile.",
};

const FROM_RULE = INVARIANTS.filter((invariant) => invariant.meta.origin === "rule").length;
const BASELINE = INVARIANTS.length - FROM_RULE;

export default function RulesPage() {
  return (
    <main className="mx-auto max-w-5xl p-3 sm:p-4">
      <SiteHeader current="rules" />
      <h1 className="text-lg font-semibold">Rules</h1>
      <p className="mb-4 max-w-3xl text-sm text-slate-600">
        Each rule (invariant) is checked per task class; when it cuts a path the task class needs, that class is
        rejected before the first task is created. Of these {INVARIANTS.length}, <span data-testid="rules-from-rule">{FROM_RULE}</span>{" "}
        come from the negotiability rule and <span data-testid="rules-baseline">{BASELINE}</span> are Parley&rsquo;s baseline: the
        paths every real task lifecycle needs (a shared transport, security, modes, channels, signatures).{" "}
        <Link href="/rule" className="text-sky-800 underline">Read the rule</Link>: its scope, conditions of
        validity, decision boundary and reference check.
      </p>
      <RuleIndex />
    </main>
  );
}
