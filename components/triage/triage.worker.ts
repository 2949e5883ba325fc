import { runTriage } from "@/lib/triage/run";
import { encodeLink, intakeFiles, intakeText, readLink } from "./engine-tasks";
import type { TriageWorkerAnswer, TriageWorkerRequest } from "./worker-protocol";

/**
 * The triage's own thread: runs reviews (a batch back every 50 ms of work), reads dropped files
 * and reads and makes links, so the page stays responsive whatever the triage holds. A run is
 * stopped by terminating the worker that runs it (the page starts one per run).
 */
// The project's TypeScript lib is the DOM's; a worker's global needs only these two members.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<TriageWorkerRequest>) => void) | null;
  postMessage: (message: TriageWorkerAnswer) => void;
};

const BATCH_MS = 50;

scope.onmessage = (event) => {
  const request = event.data;
  void answer(request).catch((error: unknown) => {
    scope.postMessage({ id: request.id, type: "error", message: error instanceof Error ? error.message : String(error) });
  });
};

async function answer(request: TriageWorkerRequest): Promise<void> {
  const { id } = request;
  switch (request.type) {
    case "run":
      await runTriage(request.input, { batchMs: BATCH_MS, onBatch: (batch) => scope.postMessage({ id, type: "batch", batch }) });
      scope.postMessage({ id, type: "done" });
      return;
    case "intakeFiles":
      scope.postMessage({ id, type: "intake", entries: await intakeFiles(request.files) });
      return;
    case "intakeText":
      scope.postMessage({ id, type: "intake", entries: [intakeText(request.name, request.text)] });
      return;
    case "decodeLink":
      scope.postMessage({ id, type: "link", reading: readLink(request.fragment) });
      return;
    case "encodeLink":
      scope.postMessage({ id, type: "encoded", encoding: encodeLink(request.file) });
      return;
  }
}
