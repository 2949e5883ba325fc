import { runTriage } from "@/lib/triage/run";
import { workerChannel } from "@/lib/worker-channel";
import { encodeLink, intakeFiles, intakeText, readLink } from "./engine-tasks";
import type { TriageWorkerAnswer, TriageWorkerRequest } from "./worker-protocol";

/**
 * The triage's own thread: runs reviews (a batch back every 50 ms of work), reads dropped files
 * and reads and makes links, so the page stays responsive whatever the triage holds. A run is
 * stopped by terminating the worker that runs it (the page starts one per run).
 */
const channel = workerChannel<TriageWorkerRequest, TriageWorkerAnswer>();

const BATCH_MS = 50;

channel.onRequest((request) => {
  void answer(request).catch((error: unknown) => {
    channel.answer({ id: request.id, type: "error", message: error instanceof Error ? error.message : String(error) });
  });
});

async function answer(request: TriageWorkerRequest): Promise<void> {
  const { id } = request;
  switch (request.type) {
    case "run":
      await runTriage(request.input, { batchMs: BATCH_MS, onBatch: (batch) => channel.answer({ id, type: "batch", batch }) });
      channel.answer({ id, type: "done" });
      return;
    case "intakeFiles":
      channel.answer({ id, type: "intake", entries: await intakeFiles(request.files) });
      return;
    case "intakeText":
      channel.answer({ id, type: "intake", entries: [intakeText(request.name, request.text)] });
      return;
    case "decodeLink":
      channel.answer({ id, type: "link", reading: readLink(request.fragment) });
      return;
    case "encodeLink":
      channel.answer({ id, type: "encoded", encoding: encodeLink(request.file) });
      return;
  }
}
