import { diffCards } from "@/lib/negotiation";
import { describeLinkCardLimit } from "@/lib/negotiation/explain";
import {
  cardDigestHex,
  decodeDiffLink,
  decodeReviewLink,
  describeDiffLinkError,
  describeLinkError,
  isDiffFragment,
  tryEncodeDiffLink,
  tryEncodeReviewLink,
} from "@/lib/share";
import { checkCardLimits, type CardLimitProblem } from "@/components/session/link-limits";
import type { DiffAnswer, DiffRequest, LinkToMake, MadeLink, ReadLinkAnswer } from "./diff-protocol";

/** The /diff page's work: run in its worker, or on the page when no worker can start. */
export function computeDiff(request: DiffRequest): DiffAnswer {
  const diff = diffCards(request.before, request.after, request.profiles, {
    context: request.context,
    ...(request.taskClasses ? { taskClasses: request.taskClasses } : {}),
  });
  return { diff, digests: { before: cardDigestHex(request.before), after: cardDigestHex(request.after) } };
}

/**
 * A review link or a diff link, by its prefix. A diff link's versions must fit the limits a review
 * link's card has (components/session/link-limits.ts): the same links, the same limits.
 */
export function readLink(fragment: string): ReadLinkAnswer {
  if (isDiffFragment(fragmentOf(fragment))) {
    const result = decodeDiffLink(fragment);
    if (!result.ok) return { kind: "diff", result: { ok: false }, message: describeDiffLinkError(result.error) };
    for (const [side, version] of [["Before", result.state.before], ["After", result.state.after]] as const) {
      const problem = checkCardLimits(version.text);
      if (problem) return { kind: "diff", result: { ok: false }, message: `${side}: ${describeLinkCardLimit(problem)}` };
    }
    return { kind: "diff", result };
  }
  const result = decodeReviewLink(fragment);
  return result.ok ? { kind: "review", result } : { kind: "review", result, message: describeLinkError(result.error) };
}

/** A link for the page to copy or open, or why it cannot be made, in words. */
export function makeLink(link: LinkToMake): MadeLink {
  if (link.kind === "snapshot") {
    const problem = checkCardLimits(link.state.cardText);
    if (problem) return { ok: false, message: tooBigForLink("This version", problem) };
    const encoded = tryEncodeReviewLink(link.state);
    return encoded.ok ? encoded : { ok: false, message: describeLinkError(encoded.error) };
  }
  for (const [side, version] of [["Before", link.state.before], ["After", link.state.after]] as const) {
    const problem = checkCardLimits(version.text);
    if (problem) return { ok: false, message: tooBigForLink(side, problem) };
  }
  const encoded = tryEncodeDiffLink(link.state);
  if (encoded.ok) return encoded;
  if (encoded.error.code === "tooLarge") {
    return { ok: false, message: `The two versions make a link of ${encoded.error.length.toLocaleString("en-US")} characters, more than the ${encoded.error.limit.toLocaleString("en-US")} a link may have: save the versions as files instead.` };
  }
  return { ok: false, message: describeDiffLinkError(encoded.error) };
}

/** Why a version cannot travel in a link: the same limits as a review link's card. */
function tooBigForLink(side: string, problem: CardLimitProblem): string {
  return problem.code === "cardTooLarge"
    ? `${side} is ${problem.bytes.toLocaleString("en-US")} bytes; a link holds cards of up to ${problem.limit.toLocaleString("en-US")} bytes (1 MiB, as a review link does). Save it as a file instead.`
    : `${side} nests more than ${problem.limit} levels deep, more than a link may hold.`;
}

function fragmentOf(input: string): string {
  const hash = input.indexOf("#");
  return (hash === -1 ? input : input.slice(hash + 1)).trim();
}
