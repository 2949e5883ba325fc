import { targetedModes } from "../card-modes";
import { classAcceptedOutputModes, classModesRef } from "../class-modes";
import { cardRef, locatedRef, contextRef, cutFinding, makeFinding, notConcerned, profileRef, unknownFinding } from "../finding";
import { listCovers, listHas, pushUnique } from "../../card/media-types";
import type { EvidenceRef, Invariant, InvariantMeta } from "../types";

/**
 * The rule's third invariant: an output mode the server emits only on tasks/resubscribe (a stream)
 * is unreachable when no stream can carry it. Only modes the client accepts are lost; a documented
 * fallback that reaches the mode means the rule does not bind. Which modes are resubscribe-only
 * comes from the card's own field or, when the card does not say, from the server's docs (review
 * context).
 */
type MessageId =
  | "notConcerned"
  | "noResubscribeOnlyModes"
  | "resubscribeOnlyNotDeclared"
  | "resubscribeAvailable"
  | "clientStreamingUnknown"
  | "documentedFallback"
  | "unreachableNotAccepted"
  | "unreachableOutput"
  | "unreachableOutputClientCannotStream";

const meta: InvariantMeta<MessageId> = {
  id: "resubscribe-only-output",
  origin: "rule",
  title: "Resubscribe-only output needs streaming",
  shortTitle: "Resubscribe output",
  description: "Refuse output modes the server emits only on tasks/resubscribe when no stream can carry them",
  specRef: "docs/rule.md#invariant-3-output-only-reachable-by-resubscribing",
  cardFields: ["/capabilities/streaming", "/defaultOutputModes", "/skills/*/outputModes", "/resubscribeOnlyOutputModes"],
  profileFields: ["/acceptedOutputModes", "/streaming"],
  concerns: (taskClass) => taskClass.output === "required",
  reads: ["output", "skill", "outputModes"],
  messages: {
    notConcerned: "{{taskClass}} awaits no output, so unreachable output modes do not concern it.",
    noResubscribeOnlyModes: "Neither the card nor the review context names an output mode emitted only on tasks/resubscribe.",
    resubscribeOnlyNotDeclared:
      "The server emits {{modes}} only on tasks/resubscribe, but the card does not declare that output, so nothing declared is lost.",
    resubscribeAvailable:
      "The server emits {{modes}} only on tasks/resubscribe; the card streams and the client consumes streams, so tasks/resubscribe can deliver that output.",
    clientStreamingUnknown:
      "The server emits {{modes}} only on tasks/resubscribe, a stream; the card streams, but the profile does not say whether the client consumes streams: declare streaming to evaluate this.",
    documentedFallback:
      "The server emits {{modes}} only on tasks/resubscribe and no stream can carry it here, but a documented fallback reaches that output, so the rule does not bind.",
    unreachableNotAccepted:
      "The server emits {{modes}} only on tasks/resubscribe, which cannot be reached here, but the client does not accept that output, so nothing it wants is lost.",
    unreachableOutput:
      "The card declares {{modes}} as output, but the server emits it only on tasks/resubscribe and the card does not stream (capabilities.streaming is false): the client can never receive {{modes}}.",
    unreachableOutputClientCannotStream:
      "The card declares {{modes}} as output, but the server emits it only on tasks/resubscribe, a stream the client cannot consume (streaming is false in its profile): the client can never receive {{modes}}.",
  },
  generalFixes: [
      "Context: list the mode in documentedFallbackOutputModes if the server documents another way to deliver it.",
      "Card: set capabilities.streaming to true so tasks/resubscribe can deliver it.",
    ],
  fixes: {
    unreachableOutput: [
      "Context: list {{modes}} in documentedFallbackOutputModes if the server documents another way to deliver it.",
      "Card: set capabilities.streaming to true so tasks/resubscribe can deliver {{modes}}.",
      "Profile: drop {{modes}} from acceptedOutputModes if the client can do without it.",
    ],
    unreachableOutputClientCannotStream: [
      "Profile: set streaming to true once the client can consume server streams.",
      "Context: list {{modes}} in documentedFallbackOutputModes if the server documents another way to deliver it.",
      "Profile: drop {{modes}} from acceptedOutputModes if the client can do without it.",
    ],
    documentedFallback: ["Context: without {{modes}} in documentedFallbackOutputModes, that output would be unreachable."],
    clientStreamingUnknown: ["Profile: declare streaming (true if the client consumes server streams, SSE or gRPC)."],
  },
};

export const resubscribeOnlyOutput: Invariant<MessageId> = {
  meta,
  check({ card, profile, context, taskClass, scope }) {
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const fromCard = card.resubscribeOnlyOutputModes.value;
    const fromContext = context.resubscribeOnlyOutputModes ?? [];
    if (fromCard.length === 0 && fromContext.length === 0) {
      return makeFinding(meta, taskClass, "holds", "noResubscribeOnlyModes", {}, []);
    }
    const evidence: EvidenceRef[] = [];
    if (fromCard.length > 0) evidence.push(cardRef(card.resubscribeOnlyOutputModes.pointer, fromCard));
    if (fromContext.length > 0) evidence.push(contextRef("/resubscribeOnlyOutputModes", fromContext));

    const declared = targetedModes(scope, card, "output", taskClass.skill).offers;
    const resubscribeOnly: string[] = [];
    for (const mode of fromCard) pushUnique(resubscribeOnly, mode);
    for (const mode of fromContext) pushUnique(resubscribeOnly, mode);
    const stranded = declared.filter((d) => listHas(resubscribeOnly, d.mode));
    if (stranded.length === 0) {
      return makeFinding(meta, taskClass, "holds", "resubscribeOnlyNotDeclared", { modes: resubscribeOnly }, evidence);
    }
    for (const d of stranded) evidence.push(cardRef(d.pointer, d.mode));
    const strandedModes = stranded.map((d) => d.mode);

    // tasks/resubscribe is a stream: the card must stream and the client must be able to consume it.
    evidence.push(locatedRef(card.streaming, card.streaming.value));
    const clientCannotStream = card.streaming.value && profile.streaming === false;
    if (card.streaming.value && profile.streaming === undefined) {
      evidence.push(profileRef("/streaming", undefined));
      const wanted = classAcceptedOutputModes(profile, taskClass);
      const accepted = strandedModes.filter((m) => listCovers(wanted, m));
      return unknownFinding(meta, taskClass, "clientStreamingUnknown", { modes: strandedModes }, evidence, ["/streaming"], {
        kind: "output",
        modes: accepted,
        reachable: reachableBesides(declared, wanted, accepted),
      });
    }
    if (card.streaming.value && !clientCannotStream) {
      evidence.push(profileRef("/streaming", profile.streaming));
      return makeFinding(meta, taskClass, "holds", "resubscribeAvailable", { modes: strandedModes }, evidence);
    }
    if (clientCannotStream) evidence.push(profileRef("/streaming", false));

    const fallback = context.documentedFallbackOutputModes ?? [];
    const unreachable = strandedModes.filter((m) => !listHas(fallback, m));
    if (unreachable.length < strandedModes.length) {
      evidence.push(contextRef("/documentedFallbackOutputModes", fallback));
    }
    if (unreachable.length === 0) {
      return makeFinding(meta, taskClass, "holds", "documentedFallback", { modes: strandedModes }, evidence, {
        exception: "documented-fallback",
      });
    }
    const accepted = classAcceptedOutputModes(profile, taskClass);
    const classRef = classModesRef(taskClass, "outputModes");
    if (classRef) evidence.push(classRef);
    evidence.push(profileRef("/acceptedOutputModes", profile.acceptedOutputModes));
    const lost = unreachable.filter((m) => listCovers(accepted, m));
    if (lost.length === 0) {
      return makeFinding(meta, taskClass, "holds", "unreachableNotAccepted", { modes: unreachable }, evidence);
    }
    const reachable = reachableBesides(declared, accepted, unreachable);
    const cut = { kind: "output", modes: lost, reachable } as const;
    return clientCannotStream
      ? cutFinding(meta, taskClass, "unreachableOutputClientCannotStream", { modes: lost, reachable }, evidence, cut, {
          acquirable: ["streaming"],
        })
      : cutFinding(meta, taskClass, "unreachableOutput", { modes: lost, reachable }, evidence, cut, {
          acquirable: [],
          cardClaim: "capabilities",
          contradiction: true,
        });
  },
};

/** Accepted modes the card declares that stay reachable when `lost` are cut. */
function reachableBesides(declared: ReadonlyArray<{ mode: string }>, accepted: readonly string[] | undefined, lost: readonly string[]): string[] {
  const out: string[] = [];
  for (const d of declared) {
    if (listCovers(accepted, d.mode) && !listHas(lost, d.mode)) pushUnique(out, d.mode);
  }
  return out;
}
