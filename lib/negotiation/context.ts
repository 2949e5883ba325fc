import * as z from "./zod";

/**
 * What is known besides the card and the profile: the rule's conditions of validity. Every field
 * is optional; an empty context means "the card is the sole discovery channel".
 */
const nonEmptyTrimmed = z.string().check(z.trim(), z.minLength(1));

export const HonoredExtension = z.strictObject({
  uri: nonEmptyTrimmed,
  /** Invariant ids whose contradiction the extension resolves. */
  resolves: z.array(nonEmptyTrimmed),
});
export type HonoredExtension = z.infer<typeof HonoredExtension>;

/** Every honored extension in object form; a bare URI resolves nothing. */
export function readHonoredExtensions(context: ReviewContext): HonoredExtension[] {
  return (context.honoredExtensions ?? []).map((entry) => (typeof entry === "string" ? { uri: entry, resolves: [] } : entry));
}

export const ReviewContext = z.strictObject({
  /** The client has completed tasks with this server before. */
  priorTaskHistory: z.optional(z.boolean()),
  /** Capabilities were exchanged out of band (a contract, a vendor call, a registry). */
  outOfBandCapabilityExchange: z.optional(z.boolean()),
  /**
   * Extensions the server is known to honor (declared on the card or known from elsewhere), each
   * with the invariants it resolves: `{ "uri": "…", "resolves": ["push-callback-mtls"] }`. Only an
   * extension that resolves a finding's own invariant escalates it. A bare URI still reads, as
   * "honored, resolves nothing named": it changes no decision.
   */
  honoredExtensions: z.optional(z.array(z.union([nonEmptyTrimmed, HonoredExtension]))),
  /** Output modes the server is documented to deliver by another channel although the card omits it. */
  documentedFallbackOutputModes: z.optional(z.array(nonEmptyTrimmed)),
  /** Output modes known (from the server's docs) to be emitted only on tasks/resubscribe. */
  resubscribeOnlyOutputModes: z.optional(z.array(nonEmptyTrimmed)),
  /** The card is known to be stale (the server changed since it was published). */
  cardKnownStale: z.optional(z.boolean()),
  /** The server is known to behave correctly at runtime. */
  serverKnownGood: z.optional(z.boolean()),
});
export type ReviewContext = z.infer<typeof ReviewContext>;

export const EMPTY_CONTEXT: ReviewContext = {};
