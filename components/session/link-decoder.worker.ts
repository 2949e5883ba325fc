import { decodeReviewLink, describeLinkError } from "@/lib/share";
import { readReviewLink, type ReadLinkResult } from "./read-link";

/**
 * The review-link reader's own thread: inflating, checksumming and parsing a link (up to the
 * codec's 4 MiB) and measuring its card happen here, so the page stays responsive whatever the
 * fragment holds. One request in, one answer out, matched by id.
 */
// The project's TypeScript lib is the DOM's; a worker's global needs only these two members.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<{ id: number; fragment: string }>) => void) | null;
  postMessage: (message: { id: number; result: ReadLinkResult }) => void;
};

scope.onmessage = (event) => {
  const { id, fragment } = event.data;
  let result: ReadLinkResult;
  try {
    result = readReviewLink(fragment, { decodeReviewLink, describeLinkError });
  } catch {
    result = { ok: false, message: describeLinkError({ code: "corrupt", reason: "unreadable" }) };
  }
  scope.postMessage({ id, result });
};
