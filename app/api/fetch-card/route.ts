import { FetchCardRequest } from "@/components/queries/fetch-card-schema";
import { fetchRemoteCard } from "@/lib/server/fetch-card";

// Fetching is per request and never cached: the card may change between two reviews.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const body: unknown = await request.json().catch(() => undefined);
  const parsed = FetchCardRequest.safeParse(body);
  if (!parsed.success) {
    const message = body === undefined ? "The request body is not JSON." : (parsed.error.issues[0]?.message ?? "invalid request");
    return Response.json({ code: "badRequest", message }, { status: 400 });
  }
  const outcome = await fetchRemoteCard(parsed.data.url);
  if (!outcome.ok) return Response.json(outcome.error, { status: outcome.status });
  return Response.json(outcome.card, { headers: { "cache-control": "no-store" } });
}
