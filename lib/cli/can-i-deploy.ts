import { parseArgs } from "node:util";
import { type CliIo, EXIT, type ExitCode, UsageError, writeOut } from "./io";

export const CAN_I_DEPLOY_USAGE = `Usage: parley can-i-deploy --registry URL --agent ID_OR_URL --profile NAME [--task-class ID]... [--format text|json]

Asks a Parley registry (docs/registry.md) whether this profile can do these task classes against
this agent on the card it last checked. The team token is read from PARLEY_TEAM_TOKEN.
Exit 0: every class is accept or accept-degraded; 1: some class is not; 2: the question could not
be asked (registry unreachable, token refused, unknown agent or profile).
`;

interface Verdict {
  ok: boolean;
  decision: string | null;
  decisions: Array<{ taskClass: string; decision: string; ok: boolean }>;
  cardDigest: string | null;
  checkedAt: string | null;
  profile: string;
  reason?: string;
}

export async function runCanIDeploy(argv: string[], io: CliIo): Promise<ExitCode> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        registry: { type: "string" },
        agent: { type: "string" },
        profile: { type: "string" },
        "task-class": { type: "string", multiple: true },
        format: { type: "string", default: "text" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (e) {
    throw new UsageError(`can-i-deploy: ${e instanceof Error ? e.message : String(e)}`, true);
  }
  const registry = values.registry ?? io.env.PARLEY_REGISTRY_URL;
  if (!registry) throw new UsageError("can-i-deploy: --registry URL is required (the Parley server with the registry on)", true);
  if (!values.agent) throw new UsageError("can-i-deploy: --agent is required (the agent's id in the registry, or the URL it was registered with)", true);
  if (!values.profile) throw new UsageError("can-i-deploy: --profile is required (a profile the agent is held to)", true);
  if (values.format !== "text" && values.format !== "json") throw new UsageError(`can-i-deploy: --format is text or json, not ${JSON.stringify(values.format)}`, true);
  const token = io.env.PARLEY_TEAM_TOKEN;
  if (!token) throw new UsageError("can-i-deploy: set PARLEY_TEAM_TOKEN to the registry's team token");

  let url: URL;
  try {
    url = new URL("/api/v1/can-i-deploy", registry);
  } catch {
    throw new UsageError(`can-i-deploy: --registry ${JSON.stringify(registry)} is not a URL`);
  }
  url.searchParams.set("agent", values.agent);
  url.searchParams.set("profile", values.profile);
  for (const c of values["task-class"] ?? []) url.searchParams.append("taskClass", c);

  let response: Response;
  try {
    response = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: "application/json" }, signal: AbortSignal.timeout(30_000) });
  } catch {
    throw new UsageError(`can-i-deploy: the registry at ${url.origin} cannot be reached`);
  }
  const body = (await response.json().catch(() => null)) as (Verdict & { error?: { message: string } }) | null;
  if (!response.ok || !body || body.error) {
    throw new UsageError(`can-i-deploy: the registry answered ${response.status}: ${body?.error?.message ?? "not a registry answer"}`);
  }
  const code = body.ok ? EXIT.ok : EXIT.rejected;
  io.decided?.(code);
  if (values.format === "json") {
    await writeOut(io.stdout, JSON.stringify(body, null, 2) + "\n");
    return code;
  }
  const lines = [`${body.ok ? "yes" : "no"}: ${body.profile} against ${values.agent}`];
  if (body.reason) lines.push(`  ${body.reason}`);
  for (const d of body.decisions) lines.push(`  ${d.taskClass}: ${d.decision}${d.ok ? "" : "  ✗"}`);
  if (body.cardDigest) lines.push(`  card ${body.cardDigest}, checked ${body.checkedAt}`);
  await writeOut(io.stdout, lines.join("\n") + "\n");
  return code;
}
