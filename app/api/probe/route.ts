import { getProbeRouteDeps, handleProbe, handleProbeInfo } from "@/lib/server/probe-route";

// A live check is per request and never cached: it asks the agent now.
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleProbe(request, getProbeRouteDeps());
}

/** What the live-check panel may offer here: `{ "send": boolean }`. */
export function GET(): Response {
  return handleProbeInfo(getProbeRouteDeps());
}
