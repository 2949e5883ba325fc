import { decodeReviewLink, describeLinkError } from "@/lib/share";
import { workerChannel } from "@/lib/worker-channel";
import { readReviewLink, type ReadLinkResult } from "./read-link";

/**
 * The review-link reader's own thread: inflating, checksumming and parsing a link (up to the
 * codec's 4 MiB) and measuring its card happen here, so the page stays responsive whatever the
 * fragment holds. One request in, one answer out, matched by id.
 */
const channel = workerChannel<{ id: number; fragment: string }, { id: number; result: ReadLinkResult }>();

channel.onRequest(({ id, fragment }) => {
  let result: ReadLinkResult;
  try {
    result = readReviewLink(fragment, { decodeReviewLink, describeLinkError });
  } catch {
    result = { ok: false, message: describeLinkError({ code: "corrupt", reason: "unreadable" }) };
  }
  channel.answer({ id, result });
});
