import type { DiffWorkerAnswer, DiffWorkerRequest } from "./diff-protocol";
import { workerChannel } from "@/lib/worker-channel";
import { computeDiff, makeLink, readLink } from "./diff-tasks";

/**
 * The /diff page's own thread: two reviews per profile, the field diff, the digests and review
 * links are computed here, so a 4 MiB card (or a hostile one) never freezes the page.
 */
const channel = workerChannel<DiffWorkerRequest, DiffWorkerAnswer>();

channel.onRequest((message) => {
  let answer: DiffWorkerAnswer;
  try {
    answer =
      message.type === "diff"
        ? { id: message.id, type: "diff", answer: computeDiff(message.request) }
        : message.type === "readLink"
          ? { id: message.id, type: "link", ...readLink(message.fragment) }
          : { id: message.id, type: "made", made: makeLink(message.link) };
  } catch (error) {
    answer = { id: message.id, type: "error", message: error instanceof Error ? error.message : String(error) };
  }
  try {
    channel.answer(answer);
  } catch {
    // Copying the answer to the page failed (a value too deep or too large to copy): say so plainly, never the browser's own words.
    channel.answer({ id: message.id, type: "error", message: "its result was too large or too deeply nested to pass back to the page." });
  }
});
