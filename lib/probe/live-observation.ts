import type { LiveObservation } from "../negotiation";
import type { ProbeReport } from "./types";

/**
 * A probe report as the observations `lintCard` reads (the CLI's `lint` and the /check page): each
 * interface with its failure, and the streaming and push claims the agent refused when asked.
 */
export function liveObservationOf(report: Pick<ProbeReport, "interfaces" | "contradictions" | "card">): LiveObservation {
  return {
    interfaces: report.interfaces.map(({ error, ...i }) => (error ? { ...i, failure: error } : i)),
    refused: report.contradictions.flatMap((c) => {
      const claim = c.pointer === "/capabilities/streaming" ? "streaming" : c.pointer === "/capabilities/pushNotifications" ? "pushNotifications" : undefined;
      // The observation after the claim's own words ("the stream was refused: <what the SDK said>").
      return claim ? [{ claim, detail: c.observed.replace(/^[^:]*: /, "") } as const] : [];
    }),
    servedToSdkDiffers: report.card.servedToSdkDiffers === true,
  };
}
