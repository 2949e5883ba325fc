import { handleRegistryRequest } from "@/lib/registry/http";
import { getRegistry, registrySettings } from "@/lib/registry/instance";

// The registry answers from its database on every call: nothing here is cached.
export const dynamic = "force-dynamic";

async function handle(request: Request, context: { params: Promise<{ path: string[] }> }): Promise<Response> {
  const { path } = await context.params;
  return handleRegistryRequest(request, path, { registry: getRegistry(), teamToken: registrySettings().teamToken });
}

export const GET = handle;
export const POST = handle;
