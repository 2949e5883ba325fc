import * as z from "../negotiation/zod";
import { ReviewContext } from "../negotiation/context";
import { ClientProfile } from "../negotiation/profile";
import type { LinkError } from "./errors";
import { decodeUtf8, framePayload, invalidState, openFrame, readState, sealFrame, type FrameFormat } from "./frame";
import { EngineVersion, LinkTaskClass } from "./schema";

/**
 * Diff links: a whole /diff (both versions of the card, the profiles, the context and task classes)
 * in the URL fragment, in the review links' frame and within their limits (lib/share/frame.ts):
 *   "d1." + base64url( sha256(payload)[0..4] ++ deflateRaw(payload, dictionary v1, level 9) )
 *   payload = UTF-8(JSON state) ++ 0x00 ++ UTF-8(before) ++ UTF-8(after)
 * The state says how many bytes Before takes, so either card may hold any text, a NUL included.
 */
export const DIFF_LINK_FORMAT = "d1";
const FORMAT: FrameFormat = { letter: "d", current: DIFF_LINK_FORMAT };
/** A version's origin as the page shows it ("built-in example: …", a file name): a label, not a document. */
const MAX_ORIGIN_LENGTH = 300;
/** More profiles than anyone compares at once; it bounds the state's schema check too. */
export const MAX_DIFF_LINK_PROFILES = 20;

const Version = z.strictObject({ origin: z.string().check(z.maxLength(MAX_ORIGIN_LENGTH)) });

const DiffMeta = z.strictObject({
  kind: z.literal("diff"),
  engineVersion: EngineVersion,
  profiles: z.array(ClientProfile).check(z.minLength(1), z.maxLength(MAX_DIFF_LINK_PROFILES)),
  context: ReviewContext,
  taskClasses: z.optional(z.array(LinkTaskClass)),
  before: Version,
  after: Version,
  /** How many of the bytes after the state are Before's; After's are the rest. */
  beforeBytes: z.int().check(z.minimum(0)),
});
type DiffMeta = z.infer<typeof DiffMeta>;

export interface DiffLinkVersion {
  text: string;
  /** Where the version came from, as the page said it when the link was made. */
  origin: string;
}

export interface DiffLinkState {
  before: DiffLinkVersion;
  after: DiffLinkVersion;
  profiles: ClientProfile[];
  context: ReviewContext;
  taskClasses?: LinkTaskClass[];
  /** The engine that made the link: a later one may decide differently on the same two cards. */
  engineVersion: string;
}

export type DiffLinkDecodeResult = { ok: true; state: DiffLinkState } | { ok: false; error: LinkError };
export type DiffLinkEncodeResult = { ok: true; fragment: string } | { ok: false; error: LinkError };

const utf8 = new TextEncoder();

/** Is this fragment (without "#") meant as a diff link, of this format or another ("d2.")? */
export function isDiffFragment(fragment: string): boolean {
  return /^d\d{1,6}\./.test(fragment.trim());
}

export function tryEncodeDiffLink(state: DiffLinkState): DiffLinkEncodeResult {
  const before = utf8.encode(state.before.text);
  const after = utf8.encode(state.after.text);
  const meta: DiffMeta = {
    kind: "diff",
    engineVersion: state.engineVersion,
    profiles: state.profiles,
    context: state.context,
    ...(state.taskClasses ? { taskClasses: state.taskClasses } : {}),
    before: { origin: state.before.origin.slice(0, MAX_ORIGIN_LENGTH) },
    after: { origin: state.after.origin.slice(0, MAX_ORIGIN_LENGTH) },
    beforeBytes: before.length,
  };
  // Validated with the decoder's schema, in its key order: a link that encodes decodes, and equal states give equal links.
  const parsed = DiffMeta.safeParse(meta);
  if (!parsed.success) return { ok: false, error: invalidState(parsed.error) };
  const payload = framePayload(utf8.encode(JSON.stringify(parsed.data)), [before, after]);
  return payload instanceof Uint8Array ? sealFrame(FORMAT, payload) : { ok: false, error: payload };
}

/** Reads "d1.…", "#d1.…" or a whole URL; never throws, and inflating stops at the review links' cap. */
export function decodeDiffLink(input: string): DiffLinkDecodeResult {
  try {
    const opened = openFrame(FORMAT, input);
    if (!opened.ok) return opened;
    const read = readState(opened.payload);
    if (!read.ok) return read;
    const meta = DiffMeta.safeParse(read.json);
    if (!meta.success) return { ok: false, error: invalidState(meta.error) };
    const rest = read.rest;
    if (rest === undefined || meta.data.beforeBytes > rest.length) return { ok: false, error: { code: "corrupt", reason: "framing" } };
    const before = decodeUtf8(rest.subarray(0, meta.data.beforeBytes));
    const after = decodeUtf8(rest.subarray(meta.data.beforeBytes));
    if (before === undefined || after === undefined) return { ok: false, error: { code: "corrupt", reason: "utf8" } };
    const { engineVersion, profiles, context, taskClasses } = meta.data;
    return {
      ok: true,
      state: {
        before: { text: before, origin: meta.data.before.origin },
        after: { text: after, origin: meta.data.after.origin },
        profiles,
        context,
        ...(taskClasses ? { taskClasses } : {}),
        engineVersion,
      },
    };
  } catch {
    return { ok: false, error: { code: "corrupt", reason: "unreadable" } };
  }
}
