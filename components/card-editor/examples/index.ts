import { CONTOSO, INCIDENT_CARDS, type ExampleCard } from "@/lib/negotiation/examples/incidents";
import { REAL_CARDS } from "./real-cards";

/** A Contoso card with `count` skills: the size the live-review budget is measured on. */
export function buildLargeCard(count = 200): string {
  const base = JSON.parse(CONTOSO.text) as { skills: unknown[] };
  const skills = Array.from({ length: count }, (_, i) => ({
    id: `skill-${i + 1}`,
    name: `Skill ${i + 1}`,
    description: `Generated skill number ${i + 1}, to make the card large.`,
    tags: ["generated", i % 2 ? "voice" : "text"],
    inputModes: i % 3 ? ["text/plain"] : ["audio/pcm", "text/plain"],
    outputModes: ["text/plain"],
  }));
  return JSON.stringify({ ...base, skills }, null, 2) + "\n";
}

export const LARGE_CARD: ExampleCard = {
  id: "contoso-200-skills",
  title: "Contoso with 200 skills (large card)",
  description: "The incident card grown to 200 skills, to feel the live review on a large card.",
  text: buildLargeCard(200),
};

export const EXAMPLE_GROUPS: readonly { label: string; cards: readonly ExampleCard[] }[] = [
  { label: "The rule's incidents", cards: INCIDENT_CARDS },
  { label: "Real cards", cards: REAL_CARDS },
  { label: "Generated", cards: [LARGE_CARD] },
];

export function findExample(id: string): ExampleCard | undefined {
  return EXAMPLE_GROUPS.flatMap((group) => group.cards).find((card) => card.id === id);
}
