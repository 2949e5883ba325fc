import { collectCardModes } from "./card-modes";
import { cardRef, contextRef, makeFinding, notConcerned, profileRef } from "./finding";
import { listCovers, listHas, pushUnique } from "./modes";
import type { EvidenceRef, Invariant, InvariantMeta } from "./types";

/**
 * Rule invariant 3: an output mode the server emits only on tasks/resubscribe (a stream) is
 * unreachable when streaming is off. Only modes the client accepts are lost; a documented fallback
 * that reaches the mode means the rule does not bind. Which modes are resubscribe-only comes from the
 * card's own field or, when the card does not say, from the server's docs (review context).
 */
type MessageId =
  | "notConcerned"
  | "noResubscribeOnlyModes"
  | "resubscribeOnlyNotDeclared"
  | "resubscribeAvailable"
  | "documentedFallback"
  | "unreachableNotAccepted"
  | "unreachableOutput"
  | "unreachableOutputClientCannotStream";

const meta: InvariantMeta<MessageId> = {
  id: "resubscribe-only-output",
  title: "Resubscribe-only output needs streaming",
  shortTitle: "Resubscribe output",
  description: "Refuse output modes the server emits only on tasks/resubscribe when no stream can carry them",
  specRef: "docs/rule.md#invariant-3-output-only-reachable-by-resubscribing",
  cardFields: ["/capabilities/streaming", "/defaultOutputModes", "/skills/*/outputModes", "/resubscribeOnlyOutputModes"],
  profileFields: ["/acceptedOutputModes", "/streaming"],
  concerns: (taskClass) => taskClass.output === "required",
  messages: {
    notConcerned: "{{taskClass}} awaits no output, so unreachable output modes do not concern it.",
    noResubscribeOnlyModes: "Neither the card nor the review context names an output mode emitted only on tasks/resubscribe.",
    resubscribeOnlyNotDeclared:
      "The server emits {{modes}} only on tasks/resubscribe, but the card does not declare that output, so nothing declared is lost.",
    resubscribeAvailable:
      "The server emits {{modes}} only on tasks/resubscribe, and the card streams, so tasks/resubscribe can deliver that output.",
    documentedFallback:
      "The server emits {{modes}} only on tasks/resubscribe and the card does not stream, but a documented fallback reaches that output, so the rule does not bind.",
    unreachableNotAccepted:
      "The server emits {{modes}} only on tasks/resubscribe, which cannot be reached here, but the client does not accept that output, so nothing it wants is lost.",
    unreachableOutput:
      "The card declares {{modes}} as output, but the server emits it only on tasks/resubscribe and the card does not stream (capabilities.streaming is false): the client can never receive {{modes}}.",
    unreachableOutputClientCannotStream:
      "The card declares {{modes}} as output, but the server emits it only on tasks/resubscribe, a stream the client cannot consume (streaming is false in its profile): the client can never receive {{modes}}.",
  },
};

export const resubscribeOnlyOutput: Invariant<MessageId> = {
  meta,
  check({ card, profile, context, taskClass }) {
    if (!meta.concerns(taskClass)) return notConcerned(meta, taskClass, "notConcerned");
    const fromCard = card.resubscribeOnlyOutputModes.value;
    const fromContext = context.resubscribeOnlyOutputModes ?? [];
    if (fromCard.length === 0 && fromContext.length === 0) {
      return makeFinding(meta, taskClass, "holds", "noResubscribeOnlyModes", {}, []);
    }
    const evidence: EvidenceRef[] = [];
    if (fromCard.length > 0) evidence.push(cardRef(card.resubscribeOnlyOutputModes.pointer, fromCard));
    if (fromContext.length > 0) evidence.push(contextRef("/resubscribeOnlyOutputModes", fromContext));

    const declared = collectCardModes(card, "output");
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
    evidence.push(cardRef(card.streaming.pointer, card.streaming.value));
    const clientCannotStream = card.streaming.value && profile.streaming === false;
    if (card.streaming.value && !clientCannotStream) {
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
    const accepted = profile.acceptedOutputModes;
    evidence.push(profileRef("/acceptedOutputModes", accepted));
    const lost = unreachable.filter((m) => listCovers(accepted, m));
    if (lost.length === 0) {
      return makeFinding(meta, taskClass, "holds", "unreachableNotAccepted", { modes: unreachable }, evidence);
    }
    // What the client still gets: accepted modes the card declares that stay reachable.
    const reachable: string[] = [];
    for (const d of declared) {
      if (listCovers(accepted, d.mode) && !listHas(unreachable, d.mode)) reachable.push(d.mode);
    }
    return makeFinding(
      meta,
      taskClass,
      "violated",
      clientCannotStream ? "unreachableOutputClientCannotStream" : "unreachableOutput",
      { modes: lost, reachable },
      evidence,
      { cuts: { kind: "output", modes: lost } },
    );
  },
};
