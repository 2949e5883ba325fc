import { readFileSync } from "node:fs";
import path from "node:path";
import { Marked, type Tokens } from "marked";
import { gfmHeadingId } from "marked-gfm-heading-id";
import { isInvariantId } from "@/lib/negotiation/invariants";

/**
 * docs/rule.md as the app's /rule page. The same file is read on a code host, so its links are
 * written for the repository; here a link to an invariant's source file becomes that invariant's
 * rule page, and headings get the ids a code host gives them, so `docs/rule.md#scope` and
 * `/rule#scope` name the same section.
 */
export const RULE_DOCUMENT_PATH = path.join(process.cwd(), "docs", "rule.md");

const INVARIANT_SOURCE = /^(?:\.\.\/)?lib\/negotiation\/invariants\/([a-z0-9-]+)\/?$/;

/** The app's address for a link written for the repository. */
export function appHrefFor(href: string): string {
  const invariant = INVARIANT_SOURCE.exec(href)?.[1];
  if (invariant && isInvariantId(invariant)) return `/rules/${invariant}`;
  return href;
}

export interface RuleDocument {
  title: string;
  html: string;
}

export function renderRuleDocument(markdown: string): RuleDocument {
  const marked = new Marked(gfmHeadingId(), {
    walkTokens(token) {
      if (token.type === "link") (token as Tokens.Link).href = appHrefFor((token as Tokens.Link).href);
    },
  });
  const title = /^# (.+)$/m.exec(markdown)?.[1] ?? "The negotiability rule";
  // The page shows the title in its own header: render the body only.
  const body = markdown.replace(/^# .+\n/, "");
  return { title, html: marked.parse(body, { async: false }) };
}

export function readRuleDocument(): RuleDocument {
  return renderRuleDocument(readFileSync(RULE_DOCUMENT_PATH, "utf8"));
}
