import { loadShare } from "./load-share";
import { readReviewLink, type ReadLinkResult } from "./read-link";

/**
 * Reads a review link in a Web Worker. The worker is made on the first link and kept for the page.
 * Where a worker cannot run (blocked, or failing to load), the link is read on the main thread
 * instead: slower on a hostile link, but still bounded by the codec's and the workspace's limits.
 */
let worker: Worker | null | undefined;
let nextId = 0;
const waiting = new Map<number, (result: ReadLinkResult | undefined) => void>();

function startWorker(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = new Worker(new URL("./link-decoder.worker.ts", import.meta.url));
  } catch {
    worker = null;
    return worker;
  }
  worker.onmessage = (event: MessageEvent<{ id: number; result: ReadLinkResult }>) => {
    const resolve = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    resolve?.(event.data.result);
  };
  worker.onerror = (event) => {
    // The worker failed to load or crashed: answer everyone waiting from the main thread.
    event.preventDefault();
    worker?.terminate();
    worker = null;
    for (const resolve of waiting.values()) resolve(undefined);
    waiting.clear();
  };
  return worker;
}

export async function readLinkOffThread(fragment: string): Promise<ReadLinkResult> {
  const thread = typeof Worker === "undefined" ? null : startWorker();
  if (thread) {
    const id = ++nextId;
    const answer = await new Promise<ReadLinkResult | undefined>((resolve) => {
      waiting.set(id, resolve);
      thread.postMessage({ id, fragment });
    });
    if (answer) return answer;
  }
  return readReviewLink(fragment, await loadShare());
}
