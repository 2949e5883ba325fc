import type { CardDiff, ClientProfile, ReviewContext, TaskClass } from "@/lib/negotiation";
import type { DecodeResult, DiffLinkState, SnapshotLinkState } from "@/lib/share";

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

/** A link in the address or pasted: a review link (snapshot or live) or a diff link, read, or why not in words. */
export type ReadLinkAnswer =
  | { kind: "review"; result: DecodeResult; message?: string }
  | { kind: "diff"; result: { ok: true; state: DiffLinkState } | { ok: false }; message?: string };

/** A link to make: the whole diff ("d1.…"), or one version in the workspace (a snapshot "v1.…"). */
export type LinkToMake = { kind: "diff"; state: DiffLinkState } | { kind: "snapshot"; state: SnapshotLinkState };
export type MadeLink = { ok: true; fragment: string } | { ok: false; message: string };

export type DiffWorkerRequest =
  | { id: number; type: "diff"; request: DiffRequest }
  | { id: number; type: "readLink"; fragment: string }
  | { id: number; type: "makeLink"; link: LinkToMake };

export type DiffWorkerAnswer =
  | { id: number; type: "diff"; answer: DiffAnswer }
  | ({ id: number; type: "link" } & ReadLinkAnswer)
  | { id: number; type: "made"; made: MadeLink }
  | { id: number; type: "error"; message: string };
