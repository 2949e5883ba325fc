import { z } from "zod";

/**
 * What is known besides the card and the profile: the rule's conditions of validity. Every field
 * is optional; an empty context means "the card is the sole discovery channel".
 */
export const ReviewContext = z.strictObject({
  /** The client has completed tasks with this server before. */
  priorTaskHistory: z.boolean().optional(),
  /** Capabilities were exchanged out of band (a contract, a vendor call, a registry). */
  outOfBandCapabilityExchange: z.boolean().optional(),
  /** Extension URIs the server is known to honor (declared on the card or known from elsewhere). */
  honoredExtensions: z.array(z.string().trim().min(1)).optional(),
  /** Output modes the server is documented to deliver by another channel although the card omits it. */
  documentedFallbackOutputModes: z.array(z.string().trim().min(1)).optional(),
  /** Output modes known (from the server's docs) to be emitted only on tasks/resubscribe. */
  resubscribeOnlyOutputModes: z.array(z.string().trim().min(1)).optional(),
  /** The card is known to be stale (the server changed since it was published). */
  cardKnownStale: z.boolean().optional(),
  /** The server is known to behave correctly at runtime. */
  serverKnownGood: z.boolean().optional(),
});
export type ReviewContext = z.infer<typeof ReviewContext>;

export const EMPTY_CONTEXT: ReviewContext = {};
