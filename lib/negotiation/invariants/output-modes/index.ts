import type { CardSkill, NormalizedCard, Pointer } from "../../card/model";
import { skillLabel, targetedModes } from "../card-modes";
import { classAcceptedOutputModes, classModesRef } from "../class-modes";
import { cardRef, locatedRef, cutFinding, makeFinding, notConcerned, profileRef } from "../finding";
import { mediaRange, pushUnique, rangesOverlap, type MediaRange } from "../../card/media-types";
import type { CutCause, EvidenceRef, Invariant, InvariantMeta } from "../types";

/**
 * A task that awaits output needs some mode the card (or the skill it is aimed at) emits that the
 * client accepts; A2A's acceptedOutputModes left out means any. Aimed at no skill, every skill
 * counts: when some skills emit only modes the client cannot read, tasks aimed at them are lost
 * (accept-degraded, naming them); when none is readable, the output path is gone (reject).
 */
type MessageId =
  | "notConcerned"
  | "acceptsAny"
  | "outputAccepted"
  | "skillNotOnCard"
  | "cardModesUnknown"
  | "someSkillsUnreadable"
  | "noAcceptedOutput"
  | "classModesNotAccepted"
  | "classModesNotEmitted";

const meta: InvariantMeta<MessageId> = {
  id: "output-modes",
  origin: "parley",
  title: "An output mode the client accepts",
  shortTitle: "Output modes",
  description: "Refuse a task class that awaits output when the card emits no mode the client accepts",
  specRef: "docs/rule.md#output-modes",
  cardFields: ["/defaultOutputModes", "/skills/*/outputModes"],
  profileFields: ["/acceptedOutputModes"],
  concerns: (taskClass) => taskClass.output === "required",
  reads: ["output", "skill", "outputModes"],
  messages: {
    notConcerned: "{{taskClass}} awaits no output, so output modes do not concern it.",
    acceptsAny: "The client accepts any output mode (acceptedOutputModes left out, A2A's default).",
    outputAccepted: "The card emits {{modes}}, which the client accepts.",
    skillNotOnCard: "{{taskClass}} is aimed at skill {{skill}}, which the card does not have: no output can come from it.",
    cardModesUnknown:
      "The card lists no output modes (its defaultOutputModes is empty and no skill lists any), so what it emits is unknown: confirm with the vendor.",
    someSkillsUnreadable:
      "The output of {{from}} is only {{modes}}, which the client does not accept: tasks aimed there give no readable answer. Others emit {{reachable}}.",
    noAcceptedOutput:
      "The card emits {{modes}} and the client accepts {{accepted}}: it could read no answer, so {{taskClass}} has no output path.",
    classModesNotAccepted:
      "{{taskClass}} waits for {{classModes}}, and the client accepts none of them ({{accepted}}): it could read no answer, so {{taskClass}} has no output path.",
    classModesNotEmitted:
      "{{taskClass}} waits for {{accepted}}, and the card emits {{modes}}: no answer of the kind it waits for can come, so {{taskClass}} has no output path.",
  },
  wording: {
    // Data names the unreadable skills (and whether the defaults are unreadable too); the message
    // words them. A record from an engine that wrote the words into `skills` has no `defaults`.
    from: (data) => {
      const skills = Array.isArray(data.skills) ? data.skills : [];
      if (typeof data.defaults !== "boolean") return skills;
      const from = skills.map((skill) => `skill ${skill}`);
      return data.defaults ? ["the card's defaults", ...from] : from;
    },
  },
  generalFixes: ["Profile or card: the card must emit a mode listed in the client's acceptedOutputModes."],
  fixes: {
    noAcceptedOutput: [
      "Profile: add one of {{modes}} to acceptedOutputModes once the client can read it.",
      "Card: emit one of {{accepted}} (defaultOutputModes or the skill's outputModes).",
    ],
    someSkillsUnreadable: ["Task class: aim at a skill whose output the client reads, or add {{modes}} to acceptedOutputModes."],
    skillNotOnCard: ["Task class: aim at a skill the card has, or at none."],
    classModesNotAccepted: ["Profile: add one of {{classModes}} to acceptedOutputModes once the client can read it.", "Task class: wait for a mode the client accepts (its outputModes)."],
    classModesNotEmitted: ["Card: emit one of {{accepted}} (defaultOutputModes or the skill's outputModes).", "Task class: wait for a mode the card emits (its outputModes)."],
  },
};

const MISMATCH: CutCause = { acquirable: ["encoding"], cardClaim: "declarations" };

/**
 * Who answers with which modes: the card's defaults, one skill's own list, or one offer of the skill
 * a class is aimed at. Lists are the card's own (not copied), and pointers and labels are built
 * only for what a finding reports: on a 10,000-skill card, a copy per mode was 10 MB a review.
 */
type Group =
  | { kind: "defaults"; modes: readonly string[]; pointer: Pointer; defaulted: boolean }
  | { kind: "skill"; modes: readonly string[]; skill: CardSkill }
  | { kind: "offer"; modes: readonly string[]; pointer: Pointer };

function modePointer(group: Group, i: number): Pointer {
  switch (group.kind) {
    case "defaults":
      return group.defaulted ? group.pointer : `${group.pointer}/${i}`;
    case "skill":
      return `${group.skill.pointer}/outputModes/${i}`;
    case "offer":
      return group.pointer;
  }
}

/** The skills of some groups (as skillLabel names them), and whether the card's defaults are among the groups. */
function skillsOf(groups: readonly Group[]): { skills: string[]; defaults: boolean } {
  const skills: string[] = [];
  let defaults = false;
  for (const g of groups) {
    if (g.kind === "defaults") defaults = true;
    else if (g.kind === "skill") skills.push(skillLabel(g.skill));
  }
  return { skills, defaults };
}

function modeRefs(groups: readonly Group[], limit: number): EvidenceRef[] {
  const refs: EvidenceRef[] = [];
  for (const g of groups) {
    for (let i = 0; i < g.modes.length; i++) {
      if (refs.length === limit) return refs;
      refs.push(cardRef(modePointer(g, i), g.modes[i]));
    }
  }
  return refs;
}

/**
 * What the client can read of the card's output, gathered one group at a time: every mode, the
 * readable ones (the first place each is emitted is its evidence: one ref per mode, not one per
 * skill that repeats it), and the groups with nothing readable.
 */
interface Scan {
  all: string[];
  readable: string[];
  evidence: EvidenceRef[];
  unreadable: Group[];
  /** The media ranges of the modes the client accepts, read once per check. */
  accepted: readonly MediaRange[];
  /** normalizeMode keys of `all`, in step: a mode is new when its key is (one lookup per mode, not one per comparison). */
  allKeys: string[];
  /** Whether the client reads each mode of `all`, in step (a function of the key). */
  allReadable: boolean[];
}

function newScan(accepted: readonly string[]): Scan {
  return { all: [], readable: [], evidence: [], unreadable: [], accepted: accepted.map(mediaRange), allKeys: [], allReadable: [] };
}

function scanGroup(scan: Scan, group: Group, copyIfKept: boolean): void {
  let ok = 0;
  for (let i = 0; i < group.modes.length; i++) {
    const mode = group.modes[i]!;
    // A mode spelled as one seen already (a big card's skills repeat the same few) has its answer:
    // no media-range lookup, no comparison. Readability follows from the key, so the first place a
    // key is emitted is where it is first readable.
    let seen = scan.all.indexOf(mode);
    if (seen === -1) {
      const range = mediaRange(mode);
      seen = scan.allKeys.indexOf(range.key);
      if (seen === -1) {
        seen = scan.all.length;
        const readable = covers(scan.accepted, range);
        scan.all.push(mode);
        scan.allKeys.push(range.key);
        scan.allReadable.push(readable);
        if (readable) {
          scan.readable.push(mode);
          scan.evidence.push(cardRef(modePointer(group, i), mode));
        }
      }
    }
    if (scan.allReadable[seen]) ok++;
  }
  // The kept copy is spelled out, only the skill cursor copied (speed: bench/cases/review-throughput.ts).
  if (ok === 0) scan.unreadable.push(copyIfKept && group.kind === "skill" ? { kind: "skill", modes: group.modes, skill: group.skill } : group);
}

function covers(accepted: readonly MediaRange[], range: MediaRange): boolean {
  for (const entry of accepted) if (rangesOverlap(entry, range)) return true;
  return false;
}

/**
 * Who answers a task aimed at no skill: the defaults (skills without a list of their own use them)
 * and each skill with its own list. One group object walks the skills; only a group with nothing
 * readable is kept, as a copy (a large card's time: bench/cases/review-throughput.ts, per skill).
 */
function scanCard(card: NormalizedCard, accepted: readonly string[]): Scan {
  const scan = newScan(accepted);
  const defaults = card.defaultOutputModes;
  let usesDefaults = card.skills.length === 0;
  for (const skill of card.skills) {
    if (!skill.outputModes) {
      usesDefaults = true;
      break;
    }
  }
  if (usesDefaults && defaults.value.length > 0) {
    scanGroup(scan, { kind: "defaults", modes: defaults.value, pointer: defaults.pointer, defaulted: defaults.defaulted === true }, false);
  }
  const cursor: Extract<Group, { kind: "skill" }> = { kind: "skill", modes: [], skill: card.skills[0]! };
  for (const skill of card.skills) {
    if (!skill.outputModes || skill.outputModes.length === 0) continue;
    cursor.modes = skill.outputModes;
    cursor.skill = skill;
    scanGroup(scan, cursor, true);
  }
  return scan;
}

/**
 * `refs` (extended in place: the finding's own list), then the class's list when it has one, then
 * `last`: what `[...refs, ...classRefs, last]` builds, without the spreads' iteration.
 */
function joinRefs(refs: EvidenceRef[], classRef: EvidenceRef | undefined, last: EvidenceRef): EvidenceRef[] {
  if (classRef) refs.push(classRef);
  refs.push(last);
  return refs;
}

/** All modes of some groups (the failure paths: every group, or the unreadable ones). */
function allGroups(groups: readonly Group[]): string[] {
  const out: string[] = [];
  for (const g of groups) for (const mode of g.modes) pushUnique(out, mode);
  return out;
}

export const outputModes: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass, scope }) {
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const accepted = classAcceptedOutputModes(profile, taskClass);
    const classRef = classModesRef(taskClass, "outputModes");
    const acceptedRef = profileRef("/acceptedOutputModes", profile.acceptedOutputModes);
    if (accepted === undefined) return makeFinding(meta, taskClass, "holds", "acceptsAny", {}, [acceptedRef]);
    const classModes = taskClass.outputModes;
    if (classModes !== undefined && accepted.length === 0 && (profile.acceptedOutputModes?.length ?? 0) > 0) {
      return cutFinding(meta, taskClass, "classModesNotAccepted", { classModes, accepted: profile.acceptedOutputModes ?? [] }, joinRefs([], classRef, acceptedRef), { kind: "output", modes: classModes.slice(), reachable: [] }, { acquirable: ["encoding"] });
    }

    let scan: Scan;
    if (taskClass.skill !== undefined) {
      const { offers, skillMissing } = targetedModes(scope, card, "output", taskClass.skill);
      if (skillMissing !== undefined) {
        return cutFinding(meta, taskClass, "skillNotOnCard", { skill: skillMissing }, [cardRef("/skills")], { kind: "output", modes: [], reachable: [] }, { acquirable: [], cardClaim: "declarations" });
      }
      scan = newScan(accepted);
      for (const o of offers) scanGroup(scan, { kind: "offer", modes: [o.mode], pointer: o.pointer }, false);
    } else {
      scan = scanCard(card, accepted);
    }
    const { all, readable, evidence, unreadable } = scan;
    if (all.length === 0) {
      return makeFinding(meta, taskClass, "not-evaluated", "cardModesUnknown", {}, [locatedRef(card.defaultOutputModes, card.defaultOutputModes.value)]);
    }
    if (readable.length === 0) {
      // Nothing readable: every group is unreadable, in card order.
      const refs = modeRefs(unreadable, 20);
      const messageId = classModes !== undefined ? "classModesNotEmitted" : "noAcceptedOutput";
      return cutFinding(meta, taskClass, messageId, { modes: all, accepted: accepted.slice() }, joinRefs(refs, classRef, acceptedRef), { kind: "output", modes: all, reachable: [] }, MISMATCH);
    }
    if (unreadable.length > 0 && unreadable.some((g) => g.kind !== "offer")) {
      const lost = allGroups(unreadable);
      const refs = modeRefs(unreadable, Infinity);
      const from = skillsOf(unreadable);
      const data = { skills: from.skills, defaults: from.defaults, modes: lost, reachable: readable };
      return cutFinding(meta, taskClass, "someSkillsUnreadable", data, joinRefs(refs, classRef, acceptedRef), { kind: "output", modes: lost, reachable: readable }, MISMATCH);
    }
    return makeFinding(meta, taskClass, "holds", "outputAccepted", { modes: readable }, joinRefs(evidence, classRef, acceptedRef));
  },
};
