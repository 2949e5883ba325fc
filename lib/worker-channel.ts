/**
 * A page and its Web Worker talk in numbered messages: every request the page posts carries an id,
 * and every answer the worker posts names the request it answers (one answer, or several in a row,
 * as the triage's batches). This is the worker's side of that, typed by the two message unions, so
 * the link reader, the diff and the triage workers hold no hand-rolled cast of their global each.
 */
export interface WorkerChannel<Request extends { id: number }, Answer extends { id: number }> {
  /** The one handler for the page's requests. */
  onRequest(handle: (request: Request) => void): void;
  /** Posts an answer to the page (throws as postMessage does when the value cannot be copied). */
  answer(message: Answer): void;
}

export function workerChannel<Request extends { id: number }, Answer extends { id: number }>(): WorkerChannel<Request, Answer> {
  // The project's TypeScript lib is the DOM's; a worker's global needs only these two members.
  const scope = self as unknown as { onmessage: ((event: MessageEvent<Request>) => void) | null; postMessage: (message: Answer) => void };
  return {
    onRequest(handle) {
      scope.onmessage = (event) => handle(event.data);
    },
    answer(message) {
      scope.postMessage(message);
    },
  };
}

/** A request as the page writes it, before it is numbered. */
export type WithoutId<T> = T extends unknown ? Omit<T, "id"> : never;
