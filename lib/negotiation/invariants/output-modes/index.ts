import type { NormalizedCard } from "../../card/model";
import { skillLabel, targetedModes } from "../card-modes";
import { classAcceptedOutputModes, classModesKey, taskClassModesRef } from "../class-modes";
import { cardRef, locatedRef, cutFinding, makeFinding, notConcerned, profileRef } from "../finding";
import { listCovers, pushUnique } from "../../card/media-types";
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
  classKey: (taskClass) => `${taskClass.output} ${taskClass.skill ?? ""} ${classModesKey(taskClass.outputModes)}`,
  messages: {
    notConcerned: "{{taskClass}} awaits no output, so output modes do not concern it.",
    acceptsAny: "The client accepts any output mode (acceptedOutputModes left out, A2A's default).",
    outputAccepted: "The card emits {{modes}}, which the client accepts.",
    skillNotOnCard: "{{taskClass}} is aimed at skill {{skill}}, which the card does not have: no output can come from it.",
    cardModesUnknown:
      "The card lists no output modes (its defaultOutputModes is empty and no skill lists any), so what it emits is unknown: confirm with the vendor.",
    someSkillsUnreadable:
      "{{skills}} emit only {{modes}}, which the client does not accept: tasks aimed there give no readable answer. Others emit {{reachable}}.",
    noAcceptedOutput:
      "The card emits {{modes}} and the client accepts {{accepted}}: it could read no answer, so {{taskClass}} has no output path.",
    classModesNotAccepted:
      "{{taskClass}} waits for {{classModes}}, and the client accepts none of them ({{accepted}}): it could read no answer, so {{taskClass}} has no output path.",
    classModesNotEmitted:
      "{{taskClass}} waits for {{accepted}}, and the card emits {{modes}}: no answer of the kind it waits for can come, so {{taskClass}} has no output path.",
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

interface Group {
  label: string;
  modes: Array<{ mode: string; pointer: string }>;
}

/** Who answers a task aimed at no skill: the defaults (skills without a list of their own use them) and each skill with its own list. */
function outputGroups(card: NormalizedCard): Group[] {
  const defaults = card.defaultOutputModes;
  const groups: Group[] = [];
  const usesDefaults = card.skills.length === 0 || card.skills.some((s) => !s.outputModes);
  if (usesDefaults && defaults.value.length > 0) {
    groups.push({ label: "the card's defaults", modes: defaults.value.map((mode, i) => ({ mode, pointer: defaults.defaulted ? defaults.pointer : `${defaults.pointer}/${i}` })) });
  }
  card.skills.forEach((skill, index) => {
    if (!skill.outputModes || skill.outputModes.length === 0) return;
    groups.push({ label: `skill ${skillLabel(skill, index)}`, modes: skill.outputModes.map((mode, i) => ({ mode, pointer: `${skill.pointer}/outputModes/${i}` })) });
  });
  return groups;
}

export const outputModes: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const accepted = classAcceptedOutputModes(profile, taskClass);
    const classRefs = taskClassModesRef(taskClass, "outputModes");
    const acceptedRef = profileRef("/acceptedOutputModes", profile.acceptedOutputModes);
    if (accepted === undefined) return makeFinding(meta, taskClass, "holds", "acceptsAny", {}, [acceptedRef]);
    const acceptedModes = [...accepted];
    const classModes = taskClass.outputModes;
    if (classModes !== undefined && accepted.length === 0 && (profile.acceptedOutputModes?.length ?? 0) > 0) {
      return cutFinding(meta, taskClass, "classModesNotAccepted", { classModes, accepted: profile.acceptedOutputModes ?? [] }, [...classRefs, acceptedRef], { kind: "output", modes: [...classModes], reachable: [] }, { acquirable: ["encoding"] });
    }

    if (taskClass.skill !== undefined) {
      const { offers, skillMissing } = targetedModes(card, "output", taskClass.skill);
      if (skillMissing !== undefined) {
        return cutFinding(meta, taskClass, "skillNotOnCard", { skill: skillMissing }, [cardRef("/skills")], { kind: "output", modes: [], reachable: [] }, { acquirable: [], cardClaim: "declarations" });
      }
      return judge(offers.map((o) => ({ label: "", modes: [{ mode: o.mode, pointer: o.pointer }] })));
    }
    return judge(outputGroups(card));

    function judge(groups: Group[]) {
      const all: string[] = [];
      for (const g of groups) for (const m of g.modes) pushUnique(all, m.mode);
      if (all.length === 0) {
        return makeFinding(meta, taskClass, "not-evaluated", "cardModesUnknown", {}, [locatedRef(card.defaultOutputModes, card.defaultOutputModes.value)]);
      }
      const readable: string[] = [];
      const evidence: EvidenceRef[] = [];
      const unreadable: Group[] = [];
      for (const g of groups) {
        const ok = g.modes.filter((m) => listCovers(accepted, m.mode));
        for (const m of ok) {
          pushUnique(readable, m.mode);
          evidence.push(cardRef(m.pointer, m.mode));
        }
        if (ok.length === 0) unreadable.push(g);
      }
      if (readable.length === 0) {
        const refs = groups.flatMap((g) => g.modes).slice(0, 20).map((m) => cardRef(m.pointer, m.mode));
        const messageId = classModes !== undefined ? "classModesNotEmitted" : "noAcceptedOutput";
        return cutFinding(meta, taskClass, messageId, { modes: all, accepted: acceptedModes }, [...refs, ...classRefs, acceptedRef], { kind: "output", modes: all, reachable: [] }, MISMATCH);
      }
      if (unreadable.length > 0 && unreadable.some((g) => g.label !== "")) {
        const lost: string[] = [];
        for (const g of unreadable) for (const m of g.modes) pushUnique(lost, m.mode);
        const refs = unreadable.flatMap((g) => g.modes).map((m) => cardRef(m.pointer, m.mode));
        const data = { skills: unreadable.map((g) => g.label), modes: lost, reachable: readable };
        return cutFinding(meta, taskClass, "someSkillsUnreadable", data, [...refs, ...classRefs, acceptedRef], { kind: "output", modes: lost, reachable: readable }, MISMATCH);
      }
      return makeFinding(meta, taskClass, "holds", "outputAccepted", { modes: readable }, [...evidence, ...classRefs, acceptedRef]);
    }
  },
};
