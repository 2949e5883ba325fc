import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RulePageView } from "@/components/rules/rule-page-view";
import { SiteHeader } from "@/components/ui/site-header";
import { getInvariant } from "@/lib/negotiation";
import { buildRulePage, listRulePageIds } from "@/lib/negotiation/rule-docs";

type Props = { params: Promise<{ id: string }> };

export function generateStaticParams() {
  return listRulePageIds().map((id) => ({ id }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const meta = getInvariant(id)?.meta;
  return meta ? { title: `${meta.title} (${meta.id}) — Parley rules`, description: meta.description } : { title: "Unknown rule — Parley" };
}

export default async function RulePage({ params }: Props) {
  const { id } = await params;
  const page = buildRulePage(id);
  if (!page) notFound();
  return (
    <main className="mx-auto max-w-5xl p-3 sm:p-4">
      <SiteHeader current="rules" />
      <RulePageView page={page} />
    </main>
  );
}
