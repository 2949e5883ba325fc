import { decodeReviewLink, describeLinkError } from "@/lib/share";
import { classifyBytes, classifyText, MAX_INTAKE_BYTES, type IntakeEntry } from "@/lib/triage/intake";
import { decodeTriageLink, encodeTriageLink, fragmentStart, isTriageFragment } from "@/lib/triage/link";
import type { TriageFile } from "@/lib/triage/triage";
import type { LinkReading } from "./worker-protocol";

/**
 * The triage's heavy lifting that is not a run: reading dropped files, reading and making links.
 * The worker calls these; so does the page itself when no worker can start (see triage-worker.ts).
 */
export async function intakeFiles(files: ReadonlyArray<{ name: string; file: Blob }>): Promise<IntakeEntry[]> {
  const entries: IntakeEntry[] = [];
  for (const { name, file } of files) {
    // Refused by its size before a byte is read: a 2 GB video dropped by mistake costs nothing.
    if (file.size > MAX_INTAKE_BYTES) {
      entries.push({ kind: "refused", name, reason: { code: "tooLarge", size: file.size, limit: MAX_INTAKE_BYTES, of: "file" } });
      continue;
    }
    try {
      entries.push(classifyBytes(name, new Uint8Array(await file.arrayBuffer())));
    } catch (error) {
      entries.push({ kind: "refused", name, reason: { code: "unreadable", message: error instanceof Error ? error.message : String(error) } });
    }
  }
  return entries;
}

export function intakeText(name: string, text: string): IntakeEntry {
  return classifyText(name, text);
}

/** A pasted or opened fragment: a triage link ("t1.") or a review link ("v1."), whole URL or not. */
export function readLink(input: string): LinkReading {
  const hash = input.indexOf("#");
  const fragment = (hash === -1 ? input : input.slice(hash + 1)).trim();
  if (isTriageFragment(fragment)) {
    const decoded = decodeTriageLink(fragment);
    return decoded.ok ? { kind: "triage", file: decoded.file } : { kind: "failed", triageError: decoded.error };
  }
  const review = decodeReviewLink(fragment);
  if (review.ok) return { kind: "review", link: review.link };
  // Neither kind of link: said in the triage's words (which name both prefixes), not a review link's.
  if (review.error.code === "notAReviewLink") return { kind: "failed", triageError: { code: "notATriageLink", found: fragmentStart(fragment) } };
  return { kind: "failed", reviewError: review.error, message: describeLinkError(review.error) };
}

export function encodeLink(file: TriageFile) {
  return encodeTriageLink(file);
}
