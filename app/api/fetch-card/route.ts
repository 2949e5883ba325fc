import { FetchCardRequest } from "@/lib/wire/fetch-card";
import { fetchRemoteCard } from "@/lib/server/fetch-card";
import { readJsonBody } from "@/lib/server/read-json-body";

// Fetching is per request and never cached: the card may change between two reviews.
export const dynamic = "force-dynamic";

export async function POST(request: Request): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return Response.json({ code: body.status === 413 ? "tooLarge" : "badRequest", message: body.message }, { status: body.status });
  const parsed = FetchCardRequest.safeParse(body.value);
  if (!parsed.success) {
    return Response.json({ code: "badRequest", message: parsed.error.issues[0]?.message ?? "invalid request" }, { status: 400 });
  }
  const outcome = await fetchRemoteCard(parsed.data.url);
  if (!outcome.ok) return Response.json(outcome.error, { status: outcome.status });
  return Response.json(outcome.card, { headers: { "cache-control": "no-store" } });
}
