import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REAL_CARD_TEXTS } from "@/components/card-editor/examples/real-card-texts";
import { INCIDENT_CARDS } from "@/lib/negotiation/examples/incidents";

/** Real and incident cards the fuzzer mutates: the repo's fixture corpus when present, and the examples. */
export function seedCardTexts(): string[] {
  const texts = [...INCIDENT_CARDS.map((c) => c.text), ...Object.values(REAL_CARD_TEXTS)];
  const corpus = join(process.cwd(), "fixtures", "cards");
  if (existsSync(corpus)) {
    for (const file of readdirSync(corpus).filter((f) => f.endsWith(".json")).sort()) texts.push(readFileSync(join(corpus, file), "utf8"));
  }
  return texts;
}
