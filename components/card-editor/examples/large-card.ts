import { CONTOSO } from "@/lib/negotiation/examples/incidents";

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
