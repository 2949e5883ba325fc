import type { ClientProfile } from "../negotiation/profile";
import type { TaskClass } from "../negotiation/task-classes";
import { MAX_TRIAGE_CARDS, MAX_TRIAGE_PROFILES, TRIAGE_FILE_TYPE, type TriageCard, type TriageFile, type TriageProfile } from "./triage";

/**
 * What a triage is made of — its cards, profiles and task classes — and the edits the page makes
 * to it. Pure: each edit returns the new inputs and what it did (added, already there, over the
 * limit), so the page can say so. Ids are made here ("c1", "p1", …) and never reused in a triage.
 */
export interface TriageInputs {
  cards: TriageCard[];
  profiles: TriageProfile[];
  /** Task classes decided; absent: every built-in one. */
  taskClasses?: Array<string | TaskClass>;
  nextId: number;
}

export const EMPTY_TRIAGE: TriageInputs = { cards: [], profiles: [], nextId: 1 };

export interface NewCard {
  label: string;
  text: string;
  source?: string;
}

export interface AddCardsResult {
  inputs: TriageInputs;
  added: TriageCard[];
  /** Cards whose bytes are already in the triage: the label given, and the label already there. */
  duplicates: Array<{ label: string; sameAs: string }>;
  /** Cards left out because the triage is full (MAX_TRIAGE_CARDS). */
  overLimit: number;
}

export function addCards(inputs: TriageInputs, incoming: readonly NewCard[]): AddCardsResult {
  const byText = new Map(inputs.cards.map((card) => [card.text, card.label]));
  const added: TriageCard[] = [];
  const duplicates: AddCardsResult["duplicates"] = [];
  let overLimit = 0;
  let nextId = inputs.nextId;
  for (const card of incoming) {
    const sameAs = byText.get(card.text);
    if (sameAs !== undefined) {
      duplicates.push({ label: card.label, sameAs });
      continue;
    }
    if (inputs.cards.length + added.length >= MAX_TRIAGE_CARDS) {
      overLimit++;
      continue;
    }
    const entry: TriageCard = { id: `c${nextId++}`, label: card.label, text: card.text, ...(card.source ? { source: card.source } : {}) };
    added.push(entry);
    byText.set(card.text, card.label);
  }
  return { inputs: { ...inputs, cards: [...inputs.cards, ...added], nextId }, added, duplicates, overLimit };
}

export interface AddProfilesResult {
  inputs: TriageInputs;
  added: TriageProfile[];
  /** Names of profiles already in the triage with exactly the same content. */
  duplicates: string[];
  overLimit: number;
}

export function addProfiles(inputs: TriageInputs, incoming: readonly ClientProfile[]): AddProfilesResult {
  const known = new Set(inputs.profiles.map((p) => canonicalJson(p.profile)));
  const added: TriageProfile[] = [];
  const duplicates: string[] = [];
  let overLimit = 0;
  let nextId = inputs.nextId;
  for (const profile of incoming) {
    const key = canonicalJson(profile);
    if (known.has(key)) {
      duplicates.push(profile.name);
      continue;
    }
    if (inputs.profiles.length + added.length >= MAX_TRIAGE_PROFILES) {
      overLimit++;
      continue;
    }
    added.push({ id: `p${nextId++}`, profile });
    known.add(key);
  }
  return { inputs: { ...inputs, profiles: [...inputs.profiles, ...added], nextId }, added, duplicates, overLimit };
}

export function removeCards(inputs: TriageInputs, ids: ReadonlySet<string>): TriageInputs {
  return { ...inputs, cards: inputs.cards.filter((card) => !ids.has(card.id)) };
}

export function removeProfile(inputs: TriageInputs, id: string): TriageInputs {
  return { ...inputs, profiles: inputs.profiles.filter((p) => p.id !== id) };
}

/**
 * User-defined task classes a review link brings: added to the triage's own (by id), so its pairs
 * are decided for them too. Built-in ids need nothing: a triage decides every built-in already.
 */
export function addTaskClasses(inputs: TriageInputs, builtIns: readonly string[], incoming: ReadonlyArray<string | TaskClass>): { inputs: TriageInputs; added: string[] } {
  const current = inputs.taskClasses ?? [...builtIns];
  const ids = new Set(current.map((t) => (typeof t === "string" ? t : t.id)));
  const extra = incoming.filter((t): t is TaskClass => typeof t !== "string" && !ids.has(t.id));
  if (extra.length === 0) return { inputs, added: [] };
  return { inputs: { ...inputs, taskClasses: [...current, ...extra] }, added: extra.map((t) => t.id) };
}

/** The triage as its file holds it. */
export function toTriageFile(inputs: TriageInputs): TriageFile {
  return {
    type: TRIAGE_FILE_TYPE,
    v: 1,
    cards: inputs.cards,
    profiles: inputs.profiles,
    ...(inputs.taskClasses ? { taskClasses: inputs.taskClasses } : {}),
  };
}

/** A triage read from a file or a link: its entries under fresh ids, as a triage of its own. */
export function fromTriageFile(file: TriageFile): TriageInputs {
  let next = 1;
  return {
    cards: file.cards.map((card) => ({ ...card, id: `c${next++}` })),
    profiles: file.profiles.map((entry) => ({ id: `p${next++}`, profile: entry.profile })),
    ...(file.taskClasses ? { taskClasses: file.taskClasses } : {}),
    nextId: next,
  };
}

/** A saved triage added to this one: cards and profiles not already here. */
export function mergeTriageFile(inputs: TriageInputs, file: TriageFile): { inputs: TriageInputs; cards: AddCardsResult; profiles: AddProfilesResult } {
  const cards = addCards(inputs, file.cards);
  const profiles = addProfiles(cards.inputs, file.profiles.map((p) => p.profile));
  return { inputs: profiles.inputs, cards, profiles };
}

/** Column headings: the profile's name, with " (2)", " (3)" … when two different profiles share one. */
export function profileLabels(profiles: readonly TriageProfile[]): Map<string, string> {
  const seen = new Map<string, number>();
  const out = new Map<string, string>();
  for (const { id, profile } of profiles) {
    const n = (seen.get(profile.name) ?? 0) + 1;
    seen.set(profile.name, n);
    out.set(id, n === 1 ? profile.name : `${profile.name} (${n})`);
  }
  return out;
}

/** JSON with object keys sorted: two profiles that say the same thing compare equal whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}
