import { NORTHWIND, type ClientProfile } from "../../profile";
import { testInvariant } from "../rule-tester";
import { omitFields } from "../test-helpers";
import { makeCard, outputModes, streaming } from "../test-card";
import { resubscribeOnlyOutput as inv } from "./index";

// Rule, invariant 3: an output mode "the server only emits on tasks/resubscribe", streaming off.
const resubOnly = (...modes: string[]) => ({ value: modes, pointer: "/resubscribeOnlyOutputModes" });
const incident = makeCard({
  streaming: streaming(false),
  defaultOutputModes: outputModes("text/plain", "audio/pcm"),
  resubscribeOnlyOutputModes: resubOnly("audio/pcm"),
});
const textOnly: ClientProfile = { ...NORTHWIND, acceptedOutputModes: ["text/plain"] };
const audioOnly: ClientProfile = { ...NORTHWIND, acceptedOutputModes: ["audio/*"] };
const acceptsAny: ClientProfile = { ...NORTHWIND, acceptedOutputModes: undefined };
const streamingUnknown = omitFields(NORTHWIND, "streaming");

testInvariant(inv, {
  taskClass: "request-response",
  valid: [
    { name: "aimed at a text skill, the card's resubscribe-only audio does not concern it", card: { ...incident, skills: [{ id: "write", outputModes: ["text/plain"], pointer: "/skills/0" }] }, skill: "write", messageId: "resubscribeOnlyNotDeclared" },
    { name: "no resubscribe-only modes anywhere", messageId: "noResubscribeOnlyModes" },
    { name: "resubscribe-only mode not declared as output", card: makeCard({ resubscribeOnlyOutputModes: resubOnly("video/mp4") }), messageId: "resubscribeOnlyNotDeclared" },
    { name: "card streams and the client consumes streams", card: { ...incident, streaming: streaming(true) }, messageId: "resubscribeAvailable" },
    // Rule: not when the mode "is reachable via a documented fallback the card omits but the server supports".
    { name: "exception: documented fallback reaches it", card: incident, context: { documentedFallbackOutputModes: ["audio/pcm"] }, messageId: "documentedFallback", exception: "documented-fallback" },
    { name: "client does not accept the unreachable mode", card: incident, profile: textOnly, messageId: "unreachableNotAccepted" },
    { name: "does not concern fire-and-forget (no output awaited)", card: incident, taskClass: "fire-and-forget", status: "not-applicable", messageId: "notConcerned" },
  ],
  invalid: [
    // Issue 28: aimed at a skill, invariant 3 reads what that skill emits, as output-modes does: a
    // skill emitting only the resubscribe-only mode has no text to fall back to.
    {
      name: "aimed at a skill that emits only the resubscribe-only mode: nothing else reachable",
      card: { ...incident, skills: [{ id: "speak", outputModes: ["audio/pcm"], pointer: "/skills/0" }] },
      skill: "speak",
      messageId: "unreachableOutput",
      cuts: { kind: "output", modes: ["audio/pcm"], reachable: [] },
    },
    {
      name: "invariant 3: accepted mode unreachable, another reachable",
      card: incident,
      messageId: "unreachableOutput",
      cuts: { kind: "output", modes: ["audio/pcm"], reachable: ["text/plain"] },
      cause: { acquirable: [], cardClaim: "capabilities", contradiction: true },
      evidence: { card: ["/resubscribeOnlyOutputModes", "/defaultOutputModes/1", "/capabilities/streaming"], profile: ["/acceptedOutputModes"] },
    },
    { name: "acceptedOutputModes absent = accepts any", card: incident, profile: acceptsAny, messageId: "unreachableOutput", cuts: { kind: "output", modes: ["audio/pcm"], reachable: ["text/plain"] } },
    { name: "wildcard accepted mode, nothing else reachable", card: incident, profile: audioOnly, messageId: "unreachableOutput", cuts: { kind: "output", modes: ["audio/pcm"], reachable: [] } },
    {
      name: "resubscribe-only known from the server's docs (context)",
      card: { ...incident, resubscribeOnlyOutputModes: resubOnly() },
      context: { resubscribeOnlyOutputModes: ["audio/pcm"] },
      messageId: "unreachableOutput",
      cuts: { kind: "output", modes: ["audio/pcm"], reachable: ["text/plain"] },
      evidence: { context: ["/resubscribeOnlyOutputModes"] },
    },
    {
      name: "card streams but the client cannot consume streams",
      card: { ...incident, streaming: streaming(true) },
      profile: { ...NORTHWIND, streaming: false },
      messageId: "unreachableOutputClientCannotStream",
      cuts: { kind: "output", modes: ["audio/pcm"], reachable: ["text/plain"] },
      cause: { acquirable: ["streaming"], contradiction: undefined, cardClaim: undefined },
    },
  ],
  unknown: [
    { name: "card streams, client streaming left out", card: { ...incident, streaming: streaming(true) }, profile: streamingUnknown, messageId: "clientStreamingUnknown", missing: ["/streaming"] },
  ],
});
