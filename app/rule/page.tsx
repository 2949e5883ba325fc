import type { Metadata } from "next";
import { SiteHeader } from "@/components/ui/site-header";
import { readRuleDocument } from "@/lib/docs/rule-document";
import styles from "./rule.module.css";

export const metadata: Metadata = {
  title: "The negotiability rule — Parley",
  description: "The rule Parley implements, in Parley's words: scope, the three invariants, conditions of validity, the decision boundary, the reference check.",
};

export default function RulePage() {
  const doc = readRuleDocument();
  return (
    <main className="mx-auto max-w-3xl p-3 sm:p-4">
      <SiteHeader current="rules" />
      <article data-testid="rule-document">
        <h1 className="text-xl font-semibold">{doc.title}</h1>
        {/* Our own document from the repository, rendered at build time: not user input. */}
        <div className={styles.doc} dangerouslySetInnerHTML={{ __html: doc.html }} />
      </article>
    </main>
  );
}
