import type { WithoutId } from "@/lib/worker-channel";
import type { DiffAnswer, DiffRequest, DiffWorkerAnswer, DiffWorkerRequest, LinkToMake, MadeLink, ReadLinkAnswer } from "./diff-protocol";

/**
 * The page's side of the diff worker. A diff asked for while another is still being computed
 * replaces it: the worker is stopped and started again, so typing never queues stale work behind a
 * slow card. Where no worker can start, the work runs on the page (loaded on demand).
 */
type Pending = { kind: DiffWorkerRequest["type"]; resolve: (answer: DiffWorkerAnswer) => void; reject: (error: Error) => void };

class Superseded extends Error {}
class NoWorker extends Error {}

let worker: Worker | null | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

function start(): Worker | null {
  if (worker !== undefined) return worker;
  try {
    worker = typeof Worker === "undefined" ? null : new Worker(new URL("./diff.worker.ts", import.meta.url));
  } catch {
    worker = null;
  }
  if (!worker) return null;
  worker.onmessage = (event: MessageEvent<DiffWorkerAnswer>) => {
    const waiting = pending.get(event.data.id);
    pending.delete(event.data.id);
    waiting?.resolve(event.data);
  };
  worker.onerror = (event) => {
    event.preventDefault();
    stop(new NoWorker(event.message || "the worker failed"));
    worker = null;
  };
  return worker;
}

function stop(reason: Error): void {
  worker?.terminate();
  worker = undefined;
  for (const waiting of pending.values()) waiting.reject(reason);
  pending.clear();
}

function ask(message: WithoutId<DiffWorkerRequest>): Promise<DiffWorkerAnswer> {
  // A diff still being computed is out of date once another is asked for (a link being read is not).
  if (message.type === "diff" && [...pending.values()].some((p) => p.kind === "diff")) stop(new Superseded("superseded"));
  const thread = start();
  if (!thread) return Promise.reject(new NoWorker("no worker"));
  const id = ++nextId;
  return new Promise((resolve, reject) => {
    pending.set(id, { kind: message.type, resolve, reject });
    thread.postMessage({ ...message, id } as DiffWorkerRequest);
  });
}

const onPage = () => import("./diff-tasks");

/** The diff of two versions; undefined when a newer request replaced this one. */
export async function diffOffThread(request: DiffRequest): Promise<DiffAnswer | undefined> {
  try {
    const answer = await ask({ type: "diff", request });
    if (answer.type === "error") throw new Error(answer.message);
    if (answer.type !== "diff") throw new Error("the worker answered something else");
    return answer.answer;
  } catch (error) {
    if (error instanceof Superseded) return undefined;
    if (error instanceof NoWorker) return (await onPage()).computeDiff(request);
    throw error;
  }
}

export async function readLinkOffThread(fragment: string): Promise<ReadLinkAnswer> {
  try {
    const answer = await ask({ type: "readLink", fragment });
    if (answer.type !== "link") throw new Error(answer.type === "error" ? answer.message : "the worker answered something else");
    if (answer.kind === "diff") return { kind: "diff", result: answer.result, ...(answer.message ? { message: answer.message } : {}) };
    return { kind: "review", result: answer.result, ...(answer.message ? { message: answer.message } : {}) };
  } catch (error) {
    // Stopped under it (a diff replaced another), or no worker at all: read it on the page.
    if (error instanceof NoWorker || error instanceof Superseded) return (await onPage()).readLink(fragment);
    throw error;
  }
}

/** A diff link or a version's review link, made off the page's thread (two cards of up to 1 MiB to compress). */
export async function makeLinkOffThread(link: LinkToMake): Promise<MadeLink> {
  try {
    const answer = await ask({ type: "makeLink", link });
    if (answer.type !== "made") throw new Error(answer.type === "error" ? answer.message : "the worker answered something else");
    return answer.made;
  } catch (error) {
    if (error instanceof NoWorker || error instanceof Superseded) return (await onPage()).makeLink(link);
    throw error;
  }
}
