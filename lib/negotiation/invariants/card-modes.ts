import type { CardSkill, NormalizedCard, Pointer } from "../card/model";
import { normalizeMode } from "../card/media-types";

/**
 * Where a mode is declared on the card: the card-wide default list and every skill's override.
 * A skill's modes count because a client picking that skill sends (or expects) them.
 */
export interface DeclaredMode {
  mode: string;
  pointer: Pointer;
}

type ModeField = "input" | "output";
const MODES_FIELD = { input: "/inputModes", output: "/outputModes" } as const;

/** Declared modes of the card, first occurrence of each (case-insensitive), in card order. */
export function collectCardModes(card: NormalizedCard, field: ModeField): DeclaredMode[] {
  const out: DeclaredMode[] = [];
  const seen = new Set<string>();
  const defaults = field === "input" ? card.defaultInputModes : card.defaultOutputModes;
  addModes(out, seen, defaults.value, defaults.pointer, "", defaults.defaulted === true);
  for (const skill of card.skills) {
    const modes = field === "input" ? skill.inputModes : skill.outputModes;
    if (modes) addModes(out, seen, modes, skill.pointer, MODES_FIELD[field], false);
  }
  return out;
}

function addModes(
  out: DeclaredMode[],
  seen: Set<string>,
  modes: readonly string[],
  owner: Pointer,
  field: string,
  defaulted: boolean,
): void {
  for (let i = 0; i < modes.length; i++) {
    const mode = modes[i];
    if (typeof mode !== "string") continue;
    const key = normalizeMode(mode);
    if (seen.has(key)) continue;
    seen.add(key);
    // A defaulted list has no elements in the text to point at: point at where it would be.
    out.push({ mode, pointer: defaulted ? owner + field : `${owner}${field}/${i}` });
  }
}

/** Where a mode is offered: the card's defaults and/or skills (by id, else name, else index). */
export interface ModeOffer {
  mode: string;
  pointer: Pointer;
  /** "defaults" and the skills that offer the mode. */
  offeredBy: string[];
}

export interface TargetedModes {
  offers: ModeOffer[];
  /** The class names a skill the card does not have. */
  skillMissing?: string;
  /** The targeted skill, found. */
  skill?: CardSkill;
}

export function skillLabel(skill: CardSkill, index: number): string {
  return skill.id ?? skill.name ?? `skill ${index}`;
}

/**
 * The modes a task can use: aimed at a skill, that skill's own list (or the defaults when it has
 * none); aimed at no skill, the defaults and every skill's, each with who offers it.
 */
export function targetedModes(card: NormalizedCard, field: ModeField, skillId: string | undefined): TargetedModes {
  // Every task class of a review asks the same questions of the same card: answer each once.
  if (answeredCard !== card) {
    answeredCard = card;
    answers = new Map();
  }
  const key = `${field}\u0000${skillId ?? ""}`;
  let answer = answers.get(key);
  if (!answer) answers.set(key, (answer = computeTargetedModes(card, field, skillId)));
  return answer;
}

/**
 * The answers for the card under review: one card at a time (reviews are synchronous), so the one
 * before is let go when the next comes. A WeakMap keyed by every card reviewed grew its table with
 * each review until a collection cleared it: most of what a review of a small card allocated here.
 */
let answeredCard: NormalizedCard | undefined;
let answers = new Map<string, TargetedModes>();

/** Offers indexed by normalized mode, each with its sources as a set: thousands of skills offering the same few modes stay linear. */
type OfferIndex = Map<string, { offer: ModeOffer; sources: Set<string> }>;

function computeTargetedModes(card: NormalizedCard, field: ModeField, skillId: string | undefined): TargetedModes {
  const defaults = field === "input" ? card.defaultInputModes : card.defaultOutputModes;
  const offers: ModeOffer[] = [];
  const byMode: OfferIndex = new Map();
  if (skillId !== undefined) {
    const index = card.skills.findIndex((s) => s.id === skillId || (s.id === undefined && s.name === skillId));
    const skill = card.skills[index];
    if (!skill) return { offers, skillMissing: skillId };
    const modes = field === "input" ? skill.inputModes : skill.outputModes;
    if (modes) addOffers(offers, byMode, modes, skill.pointer, MODES_FIELD[field], false, skillLabel(skill, index));
    else addOffers(offers, byMode, defaults.value, defaults.pointer, "", defaults.defaulted === true, "defaults");
    return { offers, skill };
  }
  addOffers(offers, byMode, defaults.value, defaults.pointer, "", defaults.defaulted === true, "defaults");
  // Module-level helpers and plain loops, not closures: no function made per call, and a skill's
  // pointer is joined only when it brings a mode not seen yet (10,000 skills offer the same few).
  for (let index = 0; index < card.skills.length; index++) {
    const skill = card.skills[index]!;
    const modes = field === "input" ? skill.inputModes : skill.outputModes;
    if (modes) addOffers(offers, byMode, modes, skill.pointer, MODES_FIELD[field], false, skillLabel(skill, index));
  }
  return { offers };
}

/** Adds `modes` (the list at `owner` + `field`) to the offers, as offered by `by`. */
function addOffers(offers: ModeOffer[], byMode: OfferIndex, modes: readonly string[], owner: Pointer, field: string, defaulted: boolean, by: string): void {
  for (let i = 0; i < modes.length; i++) {
    const mode = modes[i];
    if (typeof mode !== "string") continue;
    const key = normalizeMode(mode);
    const known = byMode.get(key);
    if (known) {
      if (!known.sources.has(by)) {
        known.sources.add(by);
        known.offer.offeredBy.push(by);
      }
      continue;
    }
    const offer: ModeOffer = { mode, pointer: defaulted ? owner + field : `${owner}${field}/${i}`, offeredBy: [by] };
    offers.push(offer);
    byMode.set(key, { offer, sources: new Set([by]) });
  }
}
