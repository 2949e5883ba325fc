import { getRegistryRouteDeps, handleRegistryRequest } from "@/lib/server/registry-route";

// The registry answers from its database on every call: nothing here is cached.
export const dynamic = "force-dynamic";

async function handle(request: Request, context: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path } = await context.params;
  return handleRegistryRequest(request, path, getRegistryRouteDeps());
}

export const GET = handle;
export const POST = handle;
