import type { DecodedLink, LinkError } from "@/lib/share";
import type { IntakeEntry } from "@/lib/triage/intake";
import type { TriageLinkEncoding, TriageLinkError } from "@/lib/triage/link";
import type { TriageBatch, TriageRunInput } from "@/lib/triage/run";
import type { TriageFile } from "@/lib/triage/triage";

/**
 * Messages between the /triage page and its worker (triage.worker.ts). Each request carries an id;
 * the answers to it carry the same id. A run answers with batches, then `done`.
 */
export type TriageWorkerRequest =
  | { id: number; type: "run"; input: TriageRunInput }
  | { id: number; type: "intakeFiles"; files: Array<{ name: string; file: Blob }> }
  | { id: number; type: "intakeText"; name: string; text: string }
  | { id: number; type: "decodeLink"; fragment: string }
  | { id: number; type: "encodeLink"; file: TriageFile };

/** A fragment read: a triage link, a review link (snapshot or live), or why neither. */
export type LinkReading =
  | { kind: "triage"; file: TriageFile }
  | { kind: "review"; link: DecodedLink }
  | { kind: "failed"; triageError?: TriageLinkError; reviewError?: LinkError; message?: string };

export type TriageWorkerAnswer =
  | { id: number; type: "batch"; batch: TriageBatch }
  | { id: number; type: "done" }
  | { id: number; type: "intake"; entries: IntakeEntry[] }
  | { id: number; type: "link"; reading: LinkReading }
  | { id: number; type: "encoded"; encoding: TriageLinkEncoding }
  | { id: number; type: "error"; message: string };
