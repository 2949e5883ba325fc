import type { CardDiff, ClientProfile, ReviewContext, TaskClass } from "@/lib/negotiation";
import type { DecodeResult } from "@/lib/share";

/** Messages between the /diff page and its worker (diff.worker.ts), matched by id. */
export interface DiffRequest {
  before: string;
  after: string;
  profiles: ClientProfile[];
  context: ReviewContext;
  taskClasses?: Array<string | TaskClass>;
}

export interface DiffAnswer {
  diff: CardDiff;
  /** SHA-256 (hex) of each version's bytes, as review links and the link banner state them. */
  digests: { before: string; after: string };
}

export type DiffWorkerRequest = { id: number; type: "diff"; request: DiffRequest } | { id: number; type: "readLink"; fragment: string };

export type DiffWorkerAnswer =
  | { id: number; type: "diff"; answer: DiffAnswer }
  | { id: number; type: "link"; result: DecodeResult; message?: string }
  | { id: number; type: "error"; message: string };
