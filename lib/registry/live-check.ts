import type { Contradiction } from "../probe/types";
import type { WireFinding } from "../probe/wire-checks";

/**
 * What the side-effect-free live check found on one check: kept with the check and as the agent's
 * latest. Apart from the service so the Registry page can read the type without reaching the
 * server's fetcher.
 */
export interface LiveCheckResult {
  at: string;
  /** Protocol breaks in the agent's answers (ids and data; the sentences are lib/probe/wire-explain's). */
  wire: WireFinding[];
  /** Where the agent's behaviour contradicts its card. */
  contradictions: Contradiction[];
  /** The live check could not run (the card, a time limit): the card check itself still counts. */
  error?: string;
}
