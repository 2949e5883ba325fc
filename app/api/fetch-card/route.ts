import { getFetchRouteDeps, handleFetchCard } from "@/lib/server/fetch-route";

// Fetching is per request and never cached: the card may change between two reviews.
export const dynamic = "force-dynamic";

export function POST(request: Request): Promise<Response> {
  return handleFetchCard(request, getFetchRouteDeps());
}
