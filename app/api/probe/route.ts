import { getProbeRouteDeps, handleProbe } from "@/lib/probe/route";

// A live check is per request and never cached: it asks the agent now.
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleProbe(request, getProbeRouteDeps());
}
