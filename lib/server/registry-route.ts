import { timingSafeEqual } from "node:crypto";
import { BUILT_IN_TASK_CLASS_IDS } from "../negotiation";
import { getRegistry, registrySettings } from "../registry/instance";
import type { Registry } from "../registry/service";
import { RegistryInputError } from "../registry/service";

/**
 * The registry's HTTP API (/api/v1/…, docs/registry.md). Every call needs the team's bearer token,
 * as `Authorization: Bearer …` or, for the browser, the httpOnly cookie POST /api/v1/session sets.
 */
export const SESSION_COOKIE = "parley_team";
const MAX_BODY = 256 * 1024;

export interface RegistryHttpDeps {
  registry: Promise<Registry> | null;
  teamToken: string | null;
}

/** The server's registry (opened on first use; null when PARLEY_DATABASE_URL is unset) and the team's token. */
export function getRegistryRouteDeps(): RegistryHttpDeps {
  return { registry: getRegistry(), teamToken: registrySettings().teamToken };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body, null, 2), { status, headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers } });
const problem = (status: number, code: string, message: string, pointer?: string) => json(status, { error: { code, message, ...(pointer ? { pointer } : {}) } });

export const REGISTRY_OFF_MESSAGE =
  "The registry is off on this server. Turn it on with PARLEY_DATABASE_URL (a folder for the embedded database, or postgres://…) and PARLEY_TEAM_TOKEN, then restart: see docs/registry.md.";

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

function tokenOf(request: Request): string | null {
  const auth = request.headers.get("authorization");
  if (auth?.toLowerCase().startsWith("bearer ")) return auth.slice(7).trim();
  const cookie = request.headers.get("cookie") ?? "";
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SESSION_COOKIE) return decodeURIComponent(rest.join("="));
  }
  return null;
}

async function readBody(request: Request): Promise<{ ok: true; value: Record<string, unknown> } | { ok: false; response: Response }> {
  if (!(request.headers.get("content-type") ?? "").toLowerCase().startsWith("application/json")) return { ok: false, response: problem(415, "badInput", "send a JSON body (Content-Type: application/json)") };
  const text = await request.text();
  if (text.length > MAX_BODY) return { ok: false, response: problem(413, "badInput", `the body is over ${MAX_BODY} bytes`) };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return { ok: false, response: problem(400, "badInput", "the body must be a JSON object") };
    return { ok: true, value: value as Record<string, unknown> };
  } catch {
    return { ok: false, response: problem(400, "badInput", "the body is not JSON") };
  }
}

export async function handleRegistryRequest(request: Request, path: readonly string[], deps: RegistryHttpDeps): Promise<Response> {
  if (!deps.registry || !deps.teamToken) return problem(404, "registryOff", REGISTRY_OFF_MESSAGE);
  const method = request.method.toUpperCase();
  const [head, id, tail, ...rest] = path;

  if (head === "session" && path.length === 1 && method === "POST") {
    const body = await readBody(request);
    if (!body.ok) return body.response;
    const token = typeof body.value.token === "string" ? body.value.token : "";
    if (!sameSecret(token, deps.teamToken)) return problem(401, "unauthorized", "that is not the team token");
    const secure = new URL(request.url).protocol === "https:" ? "; Secure" : "";
    return json(200, { ok: true }, { "set-cookie": `${SESSION_COOKIE}=${encodeURIComponent(token)}; Path=/api/v1; HttpOnly; SameSite=Strict${secure}` });
  }

  const token = tokenOf(request);
  if (token === null || !sameSecret(token, deps.teamToken)) {
    return problem(401, "unauthorized", "the registry needs the team token: Authorization: Bearer $PARLEY_TEAM_TOKEN");
  }

  let registry: Registry;
  try {
    registry = await deps.registry;
  } catch (error) {
    return problem(503, "registryUnavailable", `the registry's database is not available: ${error instanceof Error ? error.message : String(error)}`);
  }

  try {
    if (head === "agents" && id === undefined && method === "POST") {
      const body = await readBody(request);
      if (!body.ok) return body.response;
      const v = body.value;
      return json(201, await registry.addAgent({
        url: v.url as string,
        profiles: v.profiles as unknown[],
        ...(v.taskClasses !== undefined ? { taskClasses: v.taskClasses as string[] } : {}),
        ...(v.intervalMinutes !== undefined ? { intervalMinutes: v.intervalMinutes as number } : {}),
        ...(v.webhookUrl !== undefined ? { webhookUrl: v.webhookUrl as string } : {}),
        ...(v.authorization !== undefined ? { authorization: v.authorization as string } : {}),
        ...(v.liveCheck !== undefined ? { liveCheck: v.liveCheck as boolean } : {}),
      }));
    }
    if (head === "agents" && id === undefined && method === "GET") return json(200, { agents: await registry.listAgents() });
    if (head === "agents" && id !== undefined && tail === undefined && method === "GET") return json(200, await registry.getAgent(id));
    if (head === "agents" && id !== undefined && tail === "check" && rest.length === 0 && method === "POST") return json(200, await registry.checkAgent(id));
    if (head === "agents" && id !== undefined && tail === "history" && rest.length === 0 && method === "GET") return json(200, await registry.history(id));
    if (head === "triage" && id === undefined && method === "GET") return json(200, await registry.triageSet());
    if (head === "cards" && id !== undefined && tail === undefined && method === "GET") return json(200, await registry.getCard(id));
    if (head === "can-i-deploy" && id === undefined && method === "GET") {
      const params = new URL(request.url).searchParams;
      const agent = params.get("agent");
      const profile = params.get("profile");
      if (!agent || !profile) return problem(400, "badInput", "give agent (its id or URL) and profile; taskClass is repeatable (default: every class the agent is watched for)");
      const taskClasses = params.getAll("taskClass").flatMap((c) => c.split(",")).map((c) => c.trim()).filter(Boolean);
      for (const c of taskClasses) if (!BUILT_IN_TASK_CLASS_IDS.includes(c)) return problem(400, "badInput", `taskClass: ${JSON.stringify(c)} is not a task class (${BUILT_IN_TASK_CLASS_IDS.join(", ")})`, "/taskClass");
      return json(200, await registry.canIDeploy({ agent, profile, taskClasses }));
    }
    if (head === "acknowledgements" && id === undefined && method === "POST") {
      const body = await readBody(request);
      if (!body.ok) return body.response;
      const { agent, profile, ...acknowledgement } = body.value;
      if (typeof agent !== "string" || typeof profile !== "string") return problem(400, "badInput", "give agent (id or URL) and profile with the acknowledgement");
      return json(201, await registry.addAcknowledgement({ agent, profile, acknowledgement }));
    }
    return problem(404, "notFound", `no registry call ${method} /api/v1/${path.join("/")} (see docs/registry.md)`);
  } catch (error) {
    if (error instanceof RegistryInputError) return problem(error.code === "notFound" ? 404 : 400, error.code, error.message, error.pointer || undefined);
    console.error(`parley: registry: ${method} /api/v1/${head ?? ""} failed: ${error instanceof Error ? error.message : String(error)}`);
    return problem(500, "internal", "the registry could not answer; the server's log says why");
  }
}
