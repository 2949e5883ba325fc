import { CONTOSO } from "../lib/negotiation/examples/incidents";

/**
 * Bench cards, built deterministically from the rule's incident card so every run (and every
 * machine) measures the same bytes: no randomness, no files outside the repository.
 */
const SKILL_TOPICS = ["billing", "refunds", "orders", "shipping", "returns", "accounts", "loyalty", "warranty"];

function makeSkill(i: number) {
  const topic = SKILL_TOPICS[i % SKILL_TOPICS.length]!;
  return {
    id: `${topic}-${i}`,
    name: `Answer ${topic} questions #${i}`,
    description: `Answers customer questions about ${topic} over voice or text and drafts a follow-up (variant ${i}).`,
    tags: [topic, "support", i % 2 ? "voice" : "text"],
    examples: [`Where is my ${topic} request ${1000 + i}?`],
    inputModes: i % 3 === 0 ? ["audio/pcm", "text/plain"] : ["text/plain"],
    outputModes: i % 4 === 0 ? ["text/plain", "application/json"] : ["text/plain"],
  };
}

function cardWithSkills(extraSkills: number): string {
  const base = JSON.parse(CONTOSO.text) as { skills: unknown[] };
  const skills = [...base.skills];
  for (let i = 0; skills.length < extraSkills + base.skills.length; i++) skills.push(makeSkill(i));
  return JSON.stringify({ ...base, skills }, null, 2) + "\n";
}

/** The Contoso incident card padded with a few skills: about 3 KB, a typical real card. */
export const TYPICAL_CARD_TEXT = cardWithSkills(3);

/** The same card with 200 skills: the large-card case (about 90 KB). */
export const LARGE_CARD_TEXT = cardWithSkills(198);

export function describeSize(text: string): string {
  return `${(new TextEncoder().encode(text).length / 1024).toFixed(1)} KB`;
}
