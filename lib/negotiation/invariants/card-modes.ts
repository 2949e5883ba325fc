import type { CardSkill, NormalizedCard, Pointer } from "../card/model";
import { listHas, mediaRange, type MediaRange } from "../card/media-types";
import type { ReviewScope } from "../review-scope";
import type { EvidenceRef } from "./types";

type ModeField = "input" | "output";
const MODES_FIELD = { input: "/inputModes", output: "/outputModes" } as const;

/**
 * How many offerers of one mode a finding names: past that, it says how many more. A 10,000-skill
 * card whose every skill takes text/plain is explained by its first few, not by a list of 10,000
 * (which also cost a label, a set entry and a pointer per skill on every review).
 */
export const NAMED_OFFERERS = 5;

/** Where a mode is offered: the card's defaults and/or skills (named by skillLabel). */
export interface ModeOffer {
  mode: string;
  /** The mode's media range, read once for every comparison of a review. */
  range: MediaRange;
  pointer: Pointer;
  /** The card's default list offers the mode (it counts as one of the NAMED_OFFERERS). */
  byDefaults: boolean;
  /** The first skills that offer the mode, in card order, by id (else name, else pointer): with byDefaults, at most NAMED_OFFERERS. */
  offeredBy: string[];
  /** How many more skills offer the mode than `offeredBy` names. */
  moreSkills: number;
  /** The last skill (index; -1 for the defaults) counted as offering it. */
  lastSkill: number;
  /** Where it is offered, as evidence: made by the first finding of the review that names it. */
  ref: EvidenceRef | undefined;
}

export interface TargetedModes {
  offers: ModeOffer[];
  /** Input, aimed at a skill: the skill's modes outside the card's defaults (the server refuses them). */
  outsideDefaults?: string[];
  /** The class names a skill the card does not have. */
  skillMissing?: string;
  /** The targeted skill, found. */
  skill?: CardSkill;
}

/** How findings name a skill: by id, else name, else its pointer (data, not words). */
export function skillLabel(skill: CardSkill): string {
  return skill.id ?? skill.name ?? skill.pointer;
}

/**
 * The modes a task can use. Output: aimed at a skill, what that skill emits (or the defaults when
 * it lists none); aimed at no skill, the defaults and every skill's, each with who offers it.
 * Input: the card's defaultInputModes are the gate, as a request names no skill and the A2A JS SDK
 * server checks every part's media type against defaultInputModes alone (DefaultRequestHandler's
 * _validateInputModes); a targeted skill narrows them (its modes within the defaults), and a mode
 * only a skill lists is not reachable (a validity warning tells the card's author). A card whose
 * defaults are empty has no gate (the SDK then checks nothing): the skills' modes are all it says.
 */
export function targetedModes(scope: ReviewScope | undefined, card: NormalizedCard, field: ModeField, skillId: string | undefined): TargetedModes {
  // Every task class of a review asks the same questions of the same card: answered once per
  // review, in its scope (a check run outside a review answers afresh).
  if (scope === undefined) return computeTargetedModes(card, field, skillId);
  const answers = scope.modes;
  // Aimed at no skill, the usual question, answered in a field; aimed at a skill, in a map.
  if (skillId === undefined) {
    if (field === "input") return (answers.input ??= computeTargetedModes(card, field, undefined));
    return (answers.output ??= computeTargetedModes(card, field, undefined));
  }
  const bySkill = (answers.bySkill ??= new Map());
  const key = `${field}\u0000${skillId}`;
  let answer = bySkill.get(key);
  if (!answer) bySkill.set(key, (answer = computeTargetedModes(card, field, skillId)));
  return answer;
}

/** The answers of one review about its card (kept in its ReviewScope). */
export interface CardModeAnswers {
  input?: TargetedModes;
  output?: TargetedModes;
  bySkill?: Map<string, TargetedModes>;
}

/**
 * The offers made so far, found by normalized mode: a scan of the list while it is short (a card
 * offers a handful of modes; a Map and an entry object per mode cost more than the scan), a Map
 * once it is long, so thousands of distinct modes stay linear.
 */
interface OfferIndex {
  offers: ModeOffer[];
  byKey?: Map<string, ModeOffer>;
}

/** Past this many distinct modes the index is a Map. */
const SCAN_LIMIT = 8;

function findOffer(index: OfferIndex, key: string): ModeOffer | undefined {
  if (index.byKey) return index.byKey.get(key);
  for (const offer of index.offers) if (offer.range.key === key) return offer;
  return undefined;
}

function findSpelled(offers: readonly ModeOffer[], mode: string): ModeOffer | undefined {
  for (const offer of offers) if (offer.mode === mode) return offer;
  return undefined;
}

function addOffer(index: OfferIndex, offer: ModeOffer): void {
  index.offers.push(offer);
  if (index.byKey) index.byKey.set(offer.range.key, offer);
  else if (index.offers.length > SCAN_LIMIT) index.byKey = new Map(index.offers.map((o) => [o.range.key, o]));
}

/** The `skill` index addOffers counts the card's defaults under. */
const DEFAULTS = -1;

function computeTargetedModes(card: NormalizedCard, field: ModeField, skillId: string | undefined): TargetedModes {
  const defaults = field === "input" ? card.defaultInputModes : card.defaultOutputModes;
  const index: OfferIndex = { offers: [] };
  const offers = index.offers;
  if (skillId !== undefined) {
    const at = card.skills.findIndex((s) => s.id === skillId || (s.id === undefined && s.name === skillId));
    const skill = card.skills[at];
    if (!skill) return { offers, skillMissing: skillId };
    const modes = field === "input" ? skill.inputModes : skill.outputModes;
    if (modes && field === "input" && defaults.value.length > 0) {
      const outsideDefaults: string[] = [];
      for (const mode of modes) if (typeof mode === "string" && !listHas(defaults.value, mode) && !outsideDefaults.includes(mode)) outsideDefaults.push(mode);
      addOffers(index, modes, skill.pointer, MODES_FIELD[field], false, card.skills, at, defaults.value);
      return outsideDefaults.length > 0 ? { offers, skill, outsideDefaults } : { offers, skill };
    }
    if (modes) addOffers(index, modes, skill.pointer, MODES_FIELD[field], false, card.skills, at);
    else addOffers(index, defaults.value, defaults.pointer, "", defaults.defaulted === true, card.skills, DEFAULTS);
    return { offers, skill };
  }
  addOffers(index, defaults.value, defaults.pointer, "", defaults.defaulted === true, card.skills, DEFAULTS);
  // Input aimed at no skill: the defaults are the gate (a mode only a skill lists is refused).
  if (field === "input" && defaults.value.length > 0) return { offers };
  // Module-level helpers and plain loops, not closures: no function made per call, and a skill's
  // pointer is joined only when it brings a mode not seen yet (10,000 skills offer the same few).
  for (let at = 0; at < card.skills.length; at++) {
    const skill = card.skills[at]!;
    const modes = field === "input" ? skill.inputModes : skill.outputModes;
    if (modes) addOffers(index, modes, skill.pointer, MODES_FIELD[field], false, card.skills, at);
  }
  return { offers };
}

/**
 * Adds `modes` (the list at `owner` + `field`) to the offers, as offered by skill `at` (DEFAULTS
 * for the card's defaults). A label is made only for one of the first NAMED_OFFERERS offerers of a
 * mode; a skill that lists a mode twice offers it once (`lastSkill`). With `within`, only the
 * modes that list covers are added.
 */
function addOffers(
  index: OfferIndex,
  modes: readonly string[],
  owner: Pointer,
  field: string,
  defaulted: boolean,
  skills: readonly CardSkill[],
  at: number,
  within?: readonly string[],
): void {
  for (let i = 0; i < modes.length; i++) {
    const mode = modes[i];
    if (typeof mode !== "string") continue;
    if (within !== undefined && !listHas(within, mode)) continue;
    // A mode spelled as an offer's (a big card's skills repeat the same few) is that offer: no media-range lookup.
    let offer = index.byKey ? undefined : findSpelled(index.offers, mode);
    let range: MediaRange | undefined;
    if (!offer) {
      range = mediaRange(mode);
      offer = findOffer(index, range.key);
    }
    if (offer) {
      if (offer.lastSkill === at) continue;
      offer.lastSkill = at;
      if (at === DEFAULTS) {
        offer.byDefaults = true;
        continue;
      }
      if (offer.offeredBy.length + (offer.byDefaults ? 1 : 0) >= NAMED_OFFERERS) {
        offer.moreSkills++;
        continue;
      }
      // Two skills of one id are named once, as they read the same.
      const label = skillLabel(skills[at]!);
      if (!offer.offeredBy.includes(label)) offer.offeredBy.push(label);
      continue;
    }
    const pointer = defaulted ? owner + field : `${owner}${field}/${i}`;
    const byDefaults = at === DEFAULTS;
    addOffer(index, { mode, range: range!, pointer, byDefaults, offeredBy: byDefaults ? [] : [skillLabel(skills[at]!)], moreSkills: 0, lastSkill: at, ref: undefined });
  }
}

