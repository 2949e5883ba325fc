import type { IntakeEntry } from "@/lib/triage/intake";
import type { TriageLinkEncoding } from "@/lib/triage/link";
import type { TriageBatch, TriageRunInput } from "@/lib/triage/run";
import type { TriageFile } from "@/lib/triage/triage";
import type { LinkReading, TriageWorkerAnswer, TriageWorkerRequest } from "./worker-protocol";

/**
 * The page's side of the triage worker. Runs get a worker each (Cancel terminates it, at once,
 * whatever it is doing); reading files and links share one worker kept for the page. Where no
 * worker can start (blocked, or its script failed to load), the same code runs on the page's own
 * thread instead: a run in slices of a few milliseconds with the browser's turn in between, so the
 * page still answers, only more slowly.
 */
type Request = TriageWorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, "id"> : never) : never;

class WorkerUnavailable extends Error {}

function makeWorker(): Worker | null {
  if (typeof Worker === "undefined") return null;
  try {
    // A same-origin file the bundler emits: the page's CSP (worker-src 'self') allows it.
    return new Worker(new URL("./triage.worker.ts", import.meta.url));
  } catch {
    return null;
  }
}

interface Waiting {
  resolve: (answer: TriageWorkerAnswer) => void;
  reject: (error: Error) => void;
  onBatch?: (batch: TriageBatch) => void;
  answered: boolean;
}

/** One worker and the requests waiting on it. */
class EngineThread {
  private worker: Worker | null;
  private nextId = 0;
  private readonly waiting = new Map<number, Waiting>();

  constructor() {
    this.worker = makeWorker();
    if (!this.worker) return;
    this.worker.onmessage = (event: MessageEvent<TriageWorkerAnswer>) => {
      const answer = event.data;
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      waiter.answered = true;
      if (answer.type === "batch") {
        waiter.onBatch?.(answer.batch);
        return;
      }
      this.waiting.delete(answer.id);
      if (answer.type === "error") waiter.reject(new Error(answer.message));
      else waiter.resolve(answer);
    };
    this.worker.onerror = (event) => {
      // The script failed to load, or threw outside a request: nobody waiting gets an answer now.
      event.preventDefault();
      this.fail(event.message || "the worker stopped");
    };
  }

  get available(): boolean {
    return this.worker !== null;
  }

  request(request: Request, onBatch?: (batch: TriageBatch) => void): Promise<TriageWorkerAnswer> {
    const worker = this.worker;
    if (!worker) return Promise.reject(new WorkerUnavailable("no worker"));
    const id = ++this.nextId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject, onBatch, answered: false });
      worker.postMessage({ ...request, id } as TriageWorkerRequest);
    });
  }

  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
    for (const waiter of this.waiting.values()) waiter.reject(new Error("stopped"));
    this.waiting.clear();
  }

  private fail(message: string): void {
    this.worker?.terminate();
    this.worker = null;
    for (const waiter of this.waiting.values()) {
      // Before any answer, the worker never ran: the caller may do the work on the page instead.
      waiter.reject(waiter.answered ? new Error(message) : new WorkerUnavailable(message));
    }
    this.waiting.clear();
  }
}

let io: EngineThread | undefined;

async function viaIo<T>(request: Request, pick: (answer: TriageWorkerAnswer) => T | undefined, onPage: () => Promise<T>): Promise<T> {
  if (!io || !io.available) io = new EngineThread();
  try {
    const picked = pick(await io.request(request));
    if (picked === undefined) throw new Error("the worker answered something else");
    return picked;
  } catch (error) {
    if (error instanceof WorkerUnavailable) return onPage();
    throw error;
  }
}

const pageTasks = () => import("./engine-tasks");

export function readFilesOffThread(files: ReadonlyArray<{ name: string; file: Blob }>): Promise<IntakeEntry[]> {
  return viaIo(
    { type: "intakeFiles", files: [...files] },
    (a) => (a.type === "intake" ? a.entries : undefined),
    async () => (await pageTasks()).intakeFiles(files),
  );
}

export function readTextOffThread(name: string, text: string): Promise<IntakeEntry> {
  return viaIo(
    { type: "intakeText", name, text },
    (a) => (a.type === "intake" ? a.entries[0] : undefined),
    async () => (await pageTasks()).intakeText(name, text),
  );
}

export function readLinkOffThread(fragment: string): Promise<LinkReading> {
  return viaIo(
    { type: "decodeLink", fragment },
    (a) => (a.type === "link" ? a.reading : undefined),
    async () => (await pageTasks()).readLink(fragment),
  );
}

export function encodeLinkOffThread(file: TriageFile): Promise<TriageLinkEncoding> {
  return viaIo(
    { type: "encodeLink", file },
    (a) => (a.type === "encoded" ? a.encoding : undefined),
    async () => (await pageTasks()).encodeLink(file),
  );
}

export type RunEnd = { kind: "done" } | { kind: "cancelled" } | { kind: "failed"; message: string };

export interface RunHandle {
  /** Where the reviews run: "worker", or "page" when no worker could start. */
  readonly thread: () => "worker" | "page";
  readonly ended: Promise<RunEnd>;
  cancel: () => void;
}

/** Starts a run in a worker of its own; batches arrive through onBatch until `ended` settles. */
export function startRun(input: TriageRunInput, onBatch: (batch: TriageBatch) => void): RunHandle {
  let thread: "worker" | "page" = "worker";
  let cancelled = false;
  let worker: EngineThread | undefined = new EngineThread();
  let settle: (end: RunEnd) => void = () => {};
  const ended = new Promise<RunEnd>((resolve) => (settle = resolve));

  const onPage = async () => {
    thread = "page";
    const { runTriage } = await import("@/lib/triage/run");
    await runTriage(input, {
      onBatch: (batch) => !cancelled && onBatch(batch),
      // Short slices: each is one task on the page's thread, and the browser gets its turn after each.
      batchMs: 8,
      pause: () => new Promise((resolve) => setTimeout(resolve, 0)),
      stopped: () => cancelled,
    });
  };

  const run = async (): Promise<RunEnd> => {
    const own = worker;
    try {
      try {
        if (!own?.available) throw new WorkerUnavailable("no worker");
        await own.request({ type: "run", input }, (batch) => !cancelled && onBatch(batch));
      } catch (error) {
        if (cancelled || !(error instanceof WorkerUnavailable)) throw error;
        await onPage();
      }
    } catch (error) {
      if (cancelled) return { kind: "cancelled" };
      return { kind: "failed", message: error instanceof Error ? error.message : String(error) };
    } finally {
      own?.terminate();
      worker = undefined;
    }
    return cancelled ? { kind: "cancelled" } : { kind: "done" };
  };
  void run().then(settle);

  return {
    thread: () => thread,
    ended,
    cancel: () => {
      if (cancelled) return;
      cancelled = true;
      worker?.terminate();
      worker = undefined;
      settle({ kind: "cancelled" });
    },
  };
}
