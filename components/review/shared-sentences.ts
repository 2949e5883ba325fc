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
    for (const sentence of new Set(sentences)) {
      const at = seenIn.get(sentence);
      if (at) at.push(line);
      else seenIn.set(sentence, [line]);
    }
  });
  const shared = [...seenIn].filter(([, at]) => at.length > 1).map(([text, at]) => ({ text, lines: at }));
  if (shared.length === 0) return { lines: [...texts], shared };
  const sharedText = new Set(shared.map((s) => s.text));
  // A line made only of shared sentences keeps its first one: every line still says why.
  const lines = split.map((sentences, i) => {
    const own = sentences.filter((s) => !sharedText.has(s));
    return own.length > 0 ? own.join(" ") : (sentences[0] ?? texts[i] ?? "");
  });
  return { lines, shared };
}
