import { INCIDENT_ENTRIES } from "./incident-entries";
import { REAL_CARDS, type ExampleEntry } from "./real-cards";

export type { ExampleEntry };

export const LARGE_CARD_ID = "contoso-200-skills";

export const EXAMPLE_GROUPS: readonly { label: string; cards: readonly ExampleEntry[] }[] = [
  { label: "The rule's incidents", cards: INCIDENT_ENTRIES },
  { label: "Real cards", cards: REAL_CARDS },
  {
    label: "Generated",
    cards: [
      {
        id: LARGE_CARD_ID,
        title: "Contoso with 200 skills (large card)",
        description: "The incident card grown to 200 skills, to feel the live review on a large card.",
      },
    ],
  },
];

export function findExample(id: string): ExampleEntry | undefined {
  return EXAMPLE_GROUPS.flatMap((group) => group.cards).find((card) => card.id === id);
}

/**
 * The text of an example, loaded on first use so a visitor who never opens the picker does not
 * download them (the workspace opens on a card the server sends with the page).
 */
export async function loadExampleText(id: string): Promise<string | undefined> {
  if (INCIDENT_ENTRIES.some((entry) => entry.id === id)) {
    return (await import("@/lib/negotiation/examples/incidents")).INCIDENT_CARDS.find((card) => card.id === id)?.text;
  }
  if (id === LARGE_CARD_ID) return (await import("./large-card")).buildLargeCard(200);
  return (await import("./real-card-texts")).REAL_CARD_TEXTS[id];
}

/**
 * Every example card but the generated large one, with its title: the set a first triage starts
 * from ("try it on the built-in examples"). Loaded on demand, like each text.
 */
export async function loadExampleSet(): Promise<{ title: string; text: string }[]> {
  const entries = EXAMPLE_GROUPS.flatMap((group) => group.cards).filter((card) => card.id !== LARGE_CARD_ID);
  const texts = await Promise.all(entries.map((entry) => loadExampleText(entry.id)));
  return entries.flatMap((entry, i) => {
    const text = texts[i];
    return text === undefined ? [] : [{ title: entry.title, text }];
  });
}
