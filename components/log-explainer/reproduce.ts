import { RECONSTRUCTION_LABELS } from "@/lib/negotiation/explain";
import { ENGINE_VERSION, type LogEntry, review } from "@/lib/negotiation";
import { reconstructFromSeed } from "@/lib/negotiation/log";
import { describeLinkError, tryEncodeReviewLink } from "@/lib/share";
import { workspaceHref } from "@/components/session/task-class-param";

export type Reproduction = { ok: true; href: string } | { ok: false; why: string };

/**
 * "Reproduce in the workspace" for a seed-style UnnegotiableAgentCardError line: a snapshot link of
 * the card and profile rebuilt from the message (lib/negotiation/log/reconstruct-seed.ts), with
 * the decisions this engine makes on them, so the workspace opens on the message's situation.
 */
export function buildReproduction(entry: LogEntry): Reproduction | undefined {
  if (entry.kind !== "seed") return undefined;
  const rebuilt = reconstructFromSeed(entry, RECONSTRUCTION_LABELS);
  const result = review(rebuilt.cardText, rebuilt.profile, { context: rebuilt.context, ...(rebuilt.taskClasses ? { taskClasses: rebuilt.taskClasses } : {}) });
  const encoded = tryEncodeReviewLink({
    cardText: rebuilt.cardText,
    profile: rebuilt.profile,
    context: rebuilt.context,
    ...(rebuilt.taskClasses ? { taskClasses: rebuilt.taskClasses } : {}),
    engineVersion: ENGINE_VERSION,
    decisions: Object.fromEntries(result.decisions.map((d) => [d.taskClass, d.decision])),
  });
  if (!encoded.ok) return { ok: false, why: `The reconstruction cannot be linked: ${describeLinkError(encoded.error)}` };
  return { ok: true, href: workspaceHref(encoded.fragment, entry.taskClass) };
}
