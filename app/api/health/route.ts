import { healthReport } from "@/lib/server/build-info";

// Answered per request from memory: no card fetch, no review, nothing cached on either side.
export const dynamic = "force-dynamic";

export function GET(): Response {
  return Response.json(healthReport(), { headers: { "cache-control": "no-store, max-age=0" } });
}
