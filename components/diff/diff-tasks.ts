import { diffCards } from "@/lib/negotiation/diff";
import { cardDigestHex, decodeReviewLink, describeLinkError } from "@/lib/share";
import type { DiffAnswer, DiffRequest } from "./diff-protocol";

/** The /diff page's work: run in its worker, or on the page when no worker can start. */
export function computeDiff(request: DiffRequest): DiffAnswer {
  const diff = diffCards(request.before, request.after, request.profiles, {
    context: request.context,
    ...(request.taskClasses ? { taskClasses: request.taskClasses } : {}),
  });
  return { diff, digests: { before: cardDigestHex(request.before), after: cardDigestHex(request.after) } };
}

export function readLink(fragment: string) {
  const result = decodeReviewLink(fragment);
  return result.ok ? { result } : { result, message: describeLinkError(result.error) };
}
