import { describeLinkCardLimit } from "@/lib/negotiation/explain";
import type { DecodedLink } from "@/lib/share";
import { checkCardLimits } from "./link-limits";
import type { ShareModule } from "./load-share";

export type ReadLinkResult = { ok: true; link: DecodedLink } | { ok: false; message: string };

/**
 * A link fragment → what the workspace may open, or why not in words: the codec's own checks, then
 * the workspace's limits on the card a snapshot carries. Runs in the link worker (off the main
 * thread), so a link built to be slow to unpack stalls nothing the user sees.
 */
export function readReviewLink(fragment: string, share: Pick<ShareModule, "decodeReviewLink" | "describeLinkError">): ReadLinkResult {
  const decoded = share.decodeReviewLink(fragment);
  if (!decoded.ok) return { ok: false, message: share.describeLinkError(decoded.error) };
  if (decoded.link.kind === "snapshot") {
    const problem = checkCardLimits(decoded.link.state.cardText);
    if (problem) return { ok: false, message: describeLinkCardLimit(problem) };
  }
  return { ok: true, link: decoded.link };
}
