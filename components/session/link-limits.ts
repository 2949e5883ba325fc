import type { LinkCardLimitProblem } from "@/lib/negotiation/explain";

/**
 * What the workspace agrees to open from a review link. The codec already stops inflating at 4 MiB;
 * these are tighter, because the card then goes into the editor and the review on every keystroke:
 * no larger than a fetched card may be (1 MiB), and no deeper than any real Agent Card nests
 * (a few levels; 64 leaves room for JSON Schemas in skills).
 */
export const LINK_CARD_LIMITS = { maxBytes: 1024 * 1024, maxDepth: 64 } as const;

export type CardLimitProblem = LinkCardLimitProblem;

/** The first limit the card text breaks, or undefined. Linear, and stops at the first breach. */
export function checkCardLimits(cardText: string, limits: { maxBytes: number; maxDepth: number } = LINK_CARD_LIMITS): CardLimitProblem | undefined {
  // UTF-16 length is a lower bound of the UTF-8 size: only count bytes when it is close.
  if (cardText.length > limits.maxBytes) return { code: "cardTooLarge", bytes: utf8Length(cardText), limit: limits.maxBytes };
  const bytes = cardText.length * 3 > limits.maxBytes ? utf8Length(cardText) : cardText.length;
  if (bytes > limits.maxBytes) return { code: "cardTooLarge", bytes, limit: limits.maxBytes };
  if (nestsDeeperThan(cardText, limits.maxDepth)) return { code: "cardTooDeep", limit: limits.maxDepth };
  return undefined;
}

function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Brackets outside strings, counted without parsing: text that is not JSON at all is measured the same way. */
function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 92 /* \ */) i++;
      else if (code === 34 /* " */) inString = false;
      continue;
    }
    if (code === 34) inString = true;
    else if (code === 123 /* { */ || code === 91 /* [ */) {
      if (++depth > limit) return true;
    } else if ((code === 125 /* } */ || code === 93) /* ] */ && depth > 0) depth--;
  }
  return false;
}
