import { NAMED_OFFERERS, skillLabel, targetedModes, type ModeOffer } from "../card-modes";
import { classModesRef, clientInput } from "../class-modes";
import { cardRef, cardUnclearFinding, locatedRef, cutFinding, makeFinding, profileRef, unknownFinding } from "../finding";
import { modesOverlap, moreSpecific, rangesOverlap, type MediaRange } from "../../card/media-types";
import type { CutCause, EvidenceRef, Invariant, InvariantMeta, MessageData, MessageValue } from "../types";
import { withThousands } from "../../thousands";

/**
 * A task's input must be a mode the card (or the skill it is aimed at) takes and the client can
 * send: whole, for a whole-input class (a mode the client has only live and cannot buffer cannot
 * go whole); live, for a live-input class (a mode the client has live, or buffers). With none,
 * the input path does not exist. Whether a live mode then needs streaming is
 * live-input-needs-streaming's question.
 */
type MessageId =
  | "inputModeShared"
  | "liveModeShared"
  | "skillNotOnCard"
  | "skillModesOutsideDefaults"
  | "cardModesUnknown"
  | "inputModesUnknown"
  | "liveModesUnknown"
  | "noSharedInputMode"
  | "onlyLiveModesShared"
  | "noLiveInputMode"
  | "clientHasNoLiveMode"
  | "classModesNotSent"
  | "classModesNotLive";

const meta: InvariantMeta<MessageId> = {
  id: "input-modes",
  origin: "parley",
  title: "An input mode both sides share",
  shortTitle: "Input modes",
  description: "Refuse a task class whose input no mode carries: one the card takes and the client can send that way",
  specRef: "docs/rule.md#input-modes",
  cardFields: ["/defaultInputModes", "/skills/*/inputModes"],
  profileFields: ["/inputModes", "/liveOnlyInputModes", "/bufferableInputModes"],
  concerns: () => true,
  reads: ["input", "skill", "inputModes"],
  messages: {
    inputModeShared: "The client can send {{modes}} whole, which the card takes ({{offeredBy}}).",
    liveModeShared: "The client has {{modes}} live, which the card takes ({{offeredBy}}).",
    skillNotOnCard: "{{taskClass}} is aimed at skill {{skill}}, which the card does not have: there is nothing to send the input to.",
    skillModesOutsideDefaults:
      "{{taskClass}} is aimed at skill {{skill}}, which takes {{modes}}, but none is in the card's defaultInputModes: a request cannot name a skill, and a server checks input against defaultInputModes, so it refuses them.",
    cardModesUnknown:
      "The card lists no input modes (its defaultInputModes is empty and no skill lists any), so which input it takes is unknown: confirm with the vendor.",
    inputModesUnknown: "The profile does not say which input modes the client sends: declare inputModes to evaluate this.",
    liveModesUnknown:
      "None of the card's input modes ({{cardModes}}) is one the client declares live, and the profile leaves out {{fields}}: declare them to evaluate this.",
    noSharedInputMode:
      "The card takes {{cardModes}} and the client sends {{clientModes}}: no input mode is shared, so {{taskClass}} has no input path.",
    onlyLiveModesShared:
      "The card takes {{modes}}, but the client has it only live and cannot buffer it, so it cannot send it whole; it shares no other mode with the card ({{cardModes}}): {{taskClass}} has no input path.",
    noLiveInputMode:
      "The card takes {{cardModes}}, none of which the client has live ({{clientModes}}): {{taskClass}} has no live input path.",
    clientHasNoLiveMode:
      "The client has no input mode live: its liveOnlyInputModes and bufferableInputModes are both empty, so {{taskClass}} has no live input path with this card or any other.",
    classModesNotSent:
      "{{taskClass}} sends {{classModes}}, and the client can send none of them whole (it sends {{clientModes}}): {{taskClass}} has no input path.",
    classModesNotLive:
      "{{taskClass}} sends {{classModes}} live, and the client has none of them live (its live modes: {{clientModes}}): {{taskClass}} has no live input path.",
  },
  // Who offers the shared modes: data names them (skills, defaults, moreSkills), the message words them.
  wording: { offeredBy: wordOfferers },
  generalFixes: ["Profile or card: share an input mode the client can send the way the task class sends it (whole or live)."],
  fixes: {
    noSharedInputMode: [
      "Profile: add one of {{cardModes}} to inputModes once the client can send it.",
      "Card: take one of {{clientModes}} as input (defaultInputModes or the skill's inputModes).",
    ],
    onlyLiveModesShared: [
      "Profile: add {{modes}} to bufferableInputModes if the client can collect it whole before sending.",
      "Card: take another mode the client sends whole.",
    ],
    noLiveInputMode: ["Profile: add the live mode the client has to liveOnlyInputModes (or bufferableInputModes)."],
    clientHasNoLiveMode: ["Profile: list the modes the client has live in liveOnlyInputModes (or bufferableInputModes, if it can also collect them whole); a client with none cannot run {{taskClass}}."],
    classModesNotSent: ["Profile: add one of {{classModes}} to inputModes once the client can send it.", "Task class: send a mode the client has (its inputModes)."],
    classModesNotLive: ["Profile: add one of {{classModes}} to liveOnlyInputModes (or bufferableInputModes) once the client has it live.", "Task class: send a mode the client has live (its inputModes)."],
    skillNotOnCard: ["Task class: aim at a skill the card has, or at none."],
    skillModesOutsideDefaults: ["Card: list {{modes}} in defaultInputModes (requests cannot name a skill)."],
    inputModesUnknown: ["Profile: declare inputModes, the media types the client sends (e.g. [\"text/plain\"])."],
    liveModesUnknown: ["Profile: declare liveOnlyInputModes and bufferableInputModes ([] for none)."],
  },
};

const INPUT = (modes: string[]) => ({ kind: "input", modes }) as const;
const MISMATCH: CutCause = { acquirable: ["encoding"], cardClaim: "declarations" };
/** Nothing the card could say, and no condition of validity, gives a client without a live mode a live input path. */
const NO_LIVE_MODE: CutCause = { acquirable: [] };
/**
 * The card's own limit: no encoding the client could acquire makes the card take what it does not
 * (a text-only card does not take live audio, nor audio a class must send), so renegotiation
 * cannot reopen it; only what the card says (another channel) can.
 */
const CARD_TAKES_NONE: CutCause = { acquirable: [], cardClaim: "declarations" };

/**
 * The finding's data for the shared `matches`: their modes, then who offers them: the card's
 * defaults and the first skills by name, up to NAMED_OFFERERS in all, then how many more skills
 * (exact for one mode, a lower bound for several: the same skill may offer more than one of them).
 * Names and a count: meta.wording words them. One literal, not a spread (speed: bench/cases/review-throughput.ts).
 */
function sharedData(matches: ReadonlyArray<{ mode: string; offer: ModeOffer }>): { modes: string[]; defaults: boolean; skills: string[]; moreSkills: number } {
  const modes: string[] = [];
  let defaults = false;
  const skills: string[] = [];
  let more = 0;
  let unnamed = 0;
  for (const m of matches) {
    modes.push(m.mode);
    if (m.offer.byDefaults) defaults = true;
    for (const skill of m.offer.offeredBy) {
      if (skills.includes(skill)) continue;
      if (skills.length + (defaults ? 1 : 0) < NAMED_OFFERERS) skills.push(skill);
      else unnamed++;
    }
    more = Math.max(more, m.offer.moreSkills);
  }
  return { modes, defaults, skills, moreSkills: more + unnamed };
}

/** The offerers as the messages name them: "its default input modes", "skill notes", "at least 7 more skills". */
function wordOfferers(data: MessageData): MessageValue {
  const skills = Array.isArray(data.skills) ? data.skills : [];
  const more = typeof data.moreSkills === "number" ? data.moreSkills : 0;
  const words = data.defaults === true ? ["its default input modes"] : [];
  for (const skill of skills) words.push(`skill ${skill}`);
  const several = Array.isArray(data.modes) && data.modes.length > 1;
  if (more > 0) words.push(`${several ? "at least " : ""}${withThousands(more)} more ${more === 1 ? "skill" : "skills"}`);
  return words;
}

export const inputModes: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass, scope }) {
    const { offers, skillMissing, outsideDefaults, skill } = targetedModes(scope, card, "input", taskClass.skill);
    if (skillMissing !== undefined) {
      return cutFinding(meta, taskClass, "skillNotOnCard", { skill: skillMissing }, [cardRef("/skills")], INPUT([]), {
        acquirable: [],
        cardClaim: "declarations",
      });
    }
    if (offers.length === 0 && outsideDefaults !== undefined) {
      const evidence = [cardRef(`${skill!.pointer}/inputModes`, outsideDefaults), locatedRef(card.defaultInputModes, card.defaultInputModes.value)];
      return cutFinding(meta, taskClass, "skillModesOutsideDefaults", { skill: skillLabel(skill!), modes: outsideDefaults }, evidence, INPUT([]), { acquirable: [], cardClaim: "declarations" });
    }
    if (offers.length === 0) {
      // The card does not tell which input it takes (a 0.x card may list none; a 1.0 card that
      // does not is invalid): the input path is at stake, so a class that needs it defers, never accepts.
      const evidence = [locatedRef(card.defaultInputModes, card.defaultInputModes.value)];
      return cardUnclearFinding(meta, taskClass, "cardModesUnknown", {}, evidence, [card.defaultInputModes.pointer], INPUT([]));
    }
    // The evidence after the card's: the class's own list (when it narrowed the client's), then the
    // profile's, made once as a list of its own size (the card's refs go before it in one more).
    const classRef = classModesRef(taskClass, "inputModes");
    const classModes = taskClass.inputModes;
    const client = clientInput(profile, taskClass);

    if (taskClass.input === "live") {
      const { liveOnly, bufferable, live } = client;
      const matches = matchesOf(offers, live, client.liveRanges);
      const liveOnlyRef = profileRef("/liveOnlyInputModes", profile.liveOnlyInputModes);
      const bufferableRef = profileRef("/bufferableInputModes", profile.bufferableInputModes);
      const evidence = classRef ? [classRef, liveOnlyRef, bufferableRef] : [liveOnlyRef, bufferableRef];
      if (matches.length > 0) {
        return makeFinding(meta, taskClass, "holds", "liveModeShared", sharedData(matches), matchRefs(matches, evidence));
      }
      const cardModes = modesOf(offers);
      if (liveOnly === undefined || bufferable === undefined) {
        const unknown = [liveOnly === undefined ? "/liveOnlyInputModes" : "", bufferable === undefined ? "/bufferableInputModes" : ""].filter(Boolean);
        return unknownFinding(meta, taskClass, "liveModesUnknown", { cardModes, fields: unknown.map((f) => f.slice(1)) }, evidence, unknown, INPUT([]));
      }
      // The client's own live lists, before the class narrowed them: read only when the class did.
      if (classModes !== undefined && live.length === 0) {
        const clientLive = (profile.liveOnlyInputModes ?? []).concat(profile.bufferableInputModes ?? []);
        if (clientLive.length > 0) return cutFinding(meta, taskClass, "classModesNotLive", { classModes, clientModes: clientLive }, evidence, INPUT([]), { acquirable: ["encoding"] });
      }
      // A client with no live mode at all cannot do live input whatever the card says: the profile
      // alone is the cause, so the evidence is the profile's (and the class's) fields, not the card's.
      if (live.length === 0) return cutFinding(meta, taskClass, "clientHasNoLiveMode", { cardModes }, evidence, INPUT([]), NO_LIVE_MODE);
      return cutFinding(meta, taskClass, "noLiveInputMode", { cardModes, clientModes: live.slice() }, offerRefs(offers, evidence), INPUT([]), CARD_TAKES_NONE);
    }

    const sends = client.sends;
    const inputModesRef = profileRef("/inputModes", profile.inputModes);
    const evidence = classRef ? [classRef, inputModesRef] : [inputModesRef];
    if (sends === undefined) return unknownFinding(meta, taskClass, "inputModesUnknown", {}, evidence, ["/inputModes"], INPUT([]));
    if (classModes !== undefined && sends.length === 0 && profile.inputModes!.length > 0) {
      return cutFinding(meta, taskClass, "classModesNotSent", { classModes, clientModes: profile.inputModes ?? [] }, evidence, INPUT([]), { acquirable: ["encoding"] });
    }
    // A mode the client has only live (and cannot buffer) cannot be sent whole: `whole` leaves it out.
    const matches = matchesOf(offers, client.whole!, client.wholeRanges);
    if (matches.length > 0) {
      return makeFinding(meta, taskClass, "holds", "inputModeShared", sharedData(matches), matchRefs(matches, evidence));
    }
    const cardModes = modesOf(offers);
    const liveMatches = matchesOf(offers, sends, client.sendsRanges);
    if (liveMatches.length > 0) {
      evidence.push(profileRef("/liveOnlyInputModes", profile.liveOnlyInputModes), profileRef("/bufferableInputModes", profile.bufferableInputModes));
      const modes = liveMatches.map((m) => m.mode);
      return cutFinding(meta, taskClass, "onlyLiveModesShared", { modes, cardModes }, matchRefs(liveMatches, evidence), INPUT(modes), {
        acquirable: ["buffering", "encoding"],
        cardClaim: "declarations",
      });
    }
    // A class that sends its own modes, none of which the card takes: acquiring an encoding would not help.
    const classOutsideCard = classModes !== undefined && !offers.some((o) => classModes.some((m) => modesOverlap(m, o.mode)));
    return cutFinding(meta, taskClass, "noSharedInputMode", { cardModes, clientModes: sends.slice() }, offerRefs(offers, evidence), INPUT([]), classOutsideCard ? CARD_TAKES_NONE : MISMATCH);
  },
};

/** Modes both offered and in `client` (`ranges` its media ranges), as actually exchanged (the more specific spelling). */
function matchesOf(offers: ModeOffer[], client: readonly string[], ranges: readonly MediaRange[]): Array<{ mode: string; offer: ModeOffer }> {
  const out: Array<{ mode: string; offer: ModeOffer }> = [];
  for (const offer of offers) {
    for (let i = 0; i < ranges.length; i++) {
      if (!rangesOverlap(offer.range, ranges[i]!)) continue;
      out.push({ mode: moreSpecific(ranges[i]!, offer.range) ? client[i]! : offer.mode, offer });
      break;
    }
  }
  return out;
}

/** Where each matched mode is offered, then `rest`: one list, sized once. */
function matchRefs(matches: ReadonlyArray<{ offer: ModeOffer }>, rest: readonly EvidenceRef[]): EvidenceRef[] {
  const refs = new Array<EvidenceRef>(matches.length + rest.length);
  let n = 0;
  for (const m of matches) refs[n++] = offerRef(m.offer);
  for (const ref of rest) refs[n++] = ref;
  return refs;
}

/** Where the card offers a mode: one ref per offer, shared by the findings of a review that name it. */
function offerRef(offer: ModeOffer): EvidenceRef {
  return (offer.ref ??= cardRef(offer.pointer, offer.mode));
}

function modesOf(offers: readonly ModeOffer[]): string[] {
  return offers.map((o) => o.mode);
}

/** Where the card offers its first 20 modes, then `rest`: one list, sized once. */
function offerRefs(offers: readonly ModeOffer[], rest: readonly EvidenceRef[]): EvidenceRef[] {
  const named = Math.min(offers.length, 20);
  const refs = new Array<EvidenceRef>(named + rest.length);
  let n = 0;
  for (let i = 0; i < named; i++) refs[n++] = offerRef(offers[i]!);
  for (const ref of rest) refs[n++] = ref;
  return refs;
}
