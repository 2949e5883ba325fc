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

/** The Contoso incident card with exactly `skills` skills: its own, then generated ones. */
export function cardWithSkills(skills: number): string {
  const base = JSON.parse(CONTOSO.text) as { skills: unknown[] };
  const all = base.skills.slice(0, skills);
  for (let i = 0; all.length < skills; i++) all.push(makeSkill(i));
  // From 100 skills on, compact (as the skill-scaling series compares them): 10,000 skills must
  // stay under the 4 MiB card limit.
  return JSON.stringify({ ...base, skills: all }, null, skills >= 100 ? undefined : 2) + "\n";
}

/** The Contoso incident card padded to 5 skills: about 3 KB, a typical real card. */
export const TYPICAL_CARD_TEXT = cardWithSkills(5);

export function describeSize(text: string): string {
  const kb = new TextEncoder().encode(text).length / 1024;
  return kb >= 1024 ? `${(kb / 1024).toFixed(1)} MB` : `${kb.toFixed(1)} KB`;
}
