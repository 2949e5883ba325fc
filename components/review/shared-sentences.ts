/**
 * Says each thing once: the sentences several verdict lines repeat word for word (a condition that
 * "cannot change this finding", said per task class) are taken out of those lines and returned
 * once, with the lines they came from. The words themselves are the explainer's; only their place
 * changes.
 */
export interface SharedSentence {
  text: string;
  /** Indexes of the lines that said it. */
  lines: number[];
}

/** Sentence ends: a full stop (or one closing a parenthesis) followed by a space and a new sentence. */
const SENTENCE_END = /(?<=[.!?]\)?)\s+(?=[A-Z(])/;

export function splitSentences(text: string): string[] {
  return text.split(SENTENCE_END).filter((s) => s.trim() !== "");
}

export function shareSentences(texts: readonly string[]): { lines: string[]; shared: SharedSentence[] } {
  const split = texts.map(splitSentences);
  const seenIn = new Map<string, number[]>();
  split.forEach((sentences, line) => {
    // A line's first sentence is its reason: it always stays where it is.
    for (const sentence of new Set(sentences.slice(1))) {
      const at = seenIn.get(sentence);
      if (at) at.push(line);
      else seenIn.set(sentence, [line]);
    }
  });
  const shared = [...seenIn].filter(([, at]) => at.length > 1).map(([text, at]) => ({ text, lines: at }));
  if (shared.length === 0) return { lines: [...texts], shared };
  const sharedText = new Set(shared.map((s) => s.text));
  const lines = split.map((sentences) => sentences.filter((s, i) => i === 0 || !sharedText.has(s)).join(" "));
  return { lines, shared };
}
