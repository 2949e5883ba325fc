import type { Readable, Writable } from "node:stream";
import type { ReviewContext } from "../negotiation/context";
import type { Review } from "../negotiation/decision-types";
import { explainInputError } from "../negotiation/explain";
import type { ClientProfile } from "../negotiation/profile";
import { review } from "../negotiation/review";
import { EXIT, type ExitCode, UsageError, writeOut } from "./io";
import { DEFAULT_MAX_LINE_BYTES, readLineBatches } from "./read-lines";
import { parseProfileValue } from "./inputs";
import { hasRejection, type ReviewJson, toReviewJson } from "./review-json";

/** One batch output line: a review, or an error for that input line. */
export type BatchOutput = ({ id: BatchId } & ReviewJson) | { id: BatchId; error: string };
export type BatchId = string | number | null;

export interface BatchSummary {
  lines: number;
  reviewed: number;
  rejected: number;
  errors: number;
  exitCode: ExitCode;
}

const FLUSH_CHARS = 256 * 1024;
const KEYS = new Set(["id", "card", "cardText", "profile", "context", "taskClasses"]);

/**
 * Review one JSON Lines input line. Never throws: a bad line becomes `{id, error}` naming the line
 * number and what is wrong, so one broken line never stops a run of a million.
 */
export function reviewBatchLine(text: string, lineNo: number): { output: BatchOutput; rejected: boolean } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return failed(null, `line ${lineNo}: not valid JSON (${(e as Error).message})`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return failed(null, `line ${lineNo}: expected a JSON object {"id", "card" | "cardText", "profile", ...}`);
  }
  const line = value as Record<string, unknown>;
  const id = line.id;
  if (typeof id !== "string" && typeof id !== "number") {
    return failed(null, `line ${lineNo}: "id" must be a string or a number`);
  }
  try {
    const unknownKey = Object.keys(line).find((k) => !KEYS.has(k));
    if (unknownKey !== undefined) throw new UsageError(`unknown field "${unknownKey}" (fields: ${[...KEYS].join(", ")})`);
    const card = pickCard(line);
    if (line.profile === undefined) throw new UsageError(`"profile" is missing (a preset name or a profile object)`);
    // A preset is a shared object that review() validates once; an object is validated by review() itself.
    const profile: ClientProfile = typeof line.profile === "string" ? parseProfileValue(line.profile, `"profile"`) : (line.profile as ClientProfile);
    if (line.taskClasses !== undefined && !Array.isArray(line.taskClasses)) throw new UsageError(`"taskClasses" must be an array of task class ids`);
    const result = review(card, profile, {
      context: line.context as ReviewContext | undefined,
      taskClasses: line.taskClasses as string[] | undefined,
    });
    const inputError = describeInputErrors(result);
    if (inputError) throw new UsageError(inputError);
    return { output: { id, ...toReviewJson(result, { detail: "compact" }) }, rejected: hasRejection(result) };
  } catch (e) {
    const message = e instanceof UsageError ? e.message : `internal error (${(e as Error).message})`;
    return failed(id, `line ${lineNo}: ${message}`);
  }
}

function pickCard(line: Record<string, unknown>): unknown {
  const hasCard = line.card !== undefined;
  const hasText = line.cardText !== undefined;
  if (hasCard && hasText) throw new UsageError(`give either "card" (JSON) or "cardText" (a string), not both`);
  if (hasText) {
    if (typeof line.cardText !== "string") throw new UsageError(`"cardText" must be a string holding the card's JSON text`);
    return line.cardText;
  }
  if (!hasCard) throw new UsageError(`"card" or "cardText" is missing`);
  // A card is an object, so a string under "card" can only be card text: review() reads it as such.
  return line.card;
}

function describeInputErrors(result: Review): string | undefined {
  // A task class listed twice is reviewed once; that is not worth failing the line for.
  const fatal = result.inputErrors?.filter((e) => e.code !== "duplicateTaskClass") ?? [];
  if (fatal.length === 0) return undefined;
  return fatal.map(explainInputError).join(" ");
}

function failed(id: BatchId, error: string): { output: BatchOutput; rejected: boolean } {
  return { output: { id, error }, rejected: false };
}

export interface BatchOptions {
  maxLineBytes?: number;
}

/**
 * The batch pipeline: lines in, one line out per line in, same order, constant memory. Blank
 * lines are skipped (they are not reviews), but still counted for line numbers.
 */
export async function runBatch(input: Readable, output: Writable, opts: BatchOptions = {}): Promise<BatchSummary> {
  const summary: BatchSummary = { lines: 0, reviewed: 0, rejected: 0, errors: 0, exitCode: EXIT.ok };
  const maxLineBytes = opts.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  for await (const batch of readLineBatches(input, maxLineBytes)) {
    let pending = "";
    for (const line of batch) {
      let result: { output: BatchOutput; rejected: boolean };
      if ("overlong" in line) {
        result = failed(null, `line ${line.lineNo}: longer than ${maxLineBytes} bytes (${line.bytes}); skipped`);
      } else {
        if (line.text.trim() === "") continue;
        result = reviewBatchLine(line.text, line.lineNo);
      }
      summary.lines++;
      if ("error" in result.output) summary.errors++;
      else summary.reviewed++;
      if (result.rejected) summary.rejected++;
      pending += JSON.stringify(result.output) + "\n";
      // One write per input chunk, but never let a chunk of tiny lines pile up megabytes of output.
      if (pending.length >= FLUSH_CHARS) {
        await writeOut(output, pending);
        pending = "";
      }
    }
    if (pending !== "") await writeOut(output, pending);
  }
  summary.exitCode = summary.errors > 0 ? EXIT.unusable : summary.rejected > 0 ? EXIT.rejected : EXIT.ok;
  return summary;
}
