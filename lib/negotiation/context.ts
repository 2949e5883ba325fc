import * as z from "./zod";

/**
 * What is known besides the card and the profile: the rule's conditions of validity. Every field
 * is optional; an empty context means "the card is the sole discovery channel".
 */
const nonEmptyTrimmed = z.string().check(z.trim(), z.minLength(1));

export const ReviewContext = z.strictObject({
  /** The client has completed tasks with this server before. */
  priorTaskHistory: z.optional(z.boolean()),
  /** Capabilities were exchanged out of band (a contract, a vendor call, a registry). */
  outOfBandCapabilityExchange: z.optional(z.boolean()),
  /** Extension URIs the server is known to honor (declared on the card or known from elsewhere). */
  honoredExtensions: z.optional(z.array(nonEmptyTrimmed)),
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
