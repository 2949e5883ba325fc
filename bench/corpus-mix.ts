import { corpusCardNames, readCorpusCard } from "../fixtures/corpus";
import { PRESETS, presetSlug } from "../lib/negotiation";

/**
 * The batch bench's input: every real card of fixtures/cards in turn, as `card` (JSON) on one
 * pass and `cardText` (the exact bytes) on the next, against each preset by name, and one line
 * in five with the profile as an object (so profile validation is part of the mix, as when a
 * pipeline sends its own profile). Deterministic: line i is always the same bytes.
 */
export interface CorpusMix {
  /** Line i of the mix, with its newline. */
  line(i: number): string;
  cards: number;
}

export function corpusMix(): CorpusMix {
  const cards = corpusCardNames().map((name) => {
    const text = readCorpusCard(name);
    return { asObject: JSON.stringify(JSON.parse(text) as unknown), asText: JSON.stringify(text) };
  });
  const profiles = PRESETS.map((p) => ({ byName: JSON.stringify(presetSlug(p)), asObject: JSON.stringify(p) }));
  return {
    cards: cards.length,
    line(i: number): string {
      const card = cards[i % cards.length]!;
      const pass = Math.floor(i / cards.length);
      const profile = profiles[pass % profiles.length]!;
      const cardField = pass % 2 === 0 ? `"card":${card.asObject}` : `"cardText":${card.asText}`;
      const profileField = i % 5 === 4 ? profile.asObject : profile.byName;
      return `{"id":${i},${cardField},"profile":${profileField}}\n`;
    },
  };
}

/** The first `count` lines of the mix, streamed in chunks of about `chunkBytes` (a file or a pipe's worth). */
export function* corpusMixChunks(count: number, chunkBytes = 1 << 16): Generator<string> {
  const mix = corpusMix();
  let chunk = "";
  for (let i = 0; i < count; i++) {
    chunk += mix.line(i);
    if (chunk.length >= chunkBytes) {
      yield chunk;
      chunk = "";
    }
  }
  if (chunk) yield chunk;
}
