import { queryOptions } from "@tanstack/react-query";
import type { ClientProfile, Outcome } from "@/lib/negotiation";
import type { LiveCheckResult } from "@/lib/registry/live-check";

/**
 * The registry's API (/api/v1, docs/registry.md) as the Registry page calls it: keys and fetchers
 * in one place. The browser never holds the team token: it posts it once to /api/v1/session and
 * the server answers with an httpOnly cookie that every later call carries.
 */
export const registryKeys = {
  all: ["registry"] as const,
  agents: () => ["registry", "agents"] as const,
  agent: (id: string) => ["registry", "agent", id] as const,
  history: (id: string) => ["registry", "history", id] as const,
};

/** A call the registry refused or could not answer: the HTTP status, its code and its sentence. */
export class RegistryCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly pointer?: string,
  ) {
    super(message);
    this.name = "RegistryCallError";
  }
}

export interface AgentSummary {
  id: string;
  url: string;
  profiles: string[];
  taskClasses: string[];
  intervalMinutes: number;
  hasCredentials: boolean;
  nextCheckAt: string | null;
  lastCheckedAt: string | null;
  lastError: { code: string; message: string } | null;
  latestDigest: string | null;
  liveCheck: boolean;
  lastLiveCheck: LiveCheckResult | null;
  decisions: Array<{ profile: string; taskClass: string; outcome: Outcome; cardDigest: string; checkedAt: string }>;
}

export interface AgentDetail extends AgentSummary {
  profileDefinitions: ClientProfile[];
  decisions: Array<AgentSummary["decisions"][number] & { rules: string[]; acknowledged: boolean; acknowledgedRules: string[]; expiredRules: string[] }>;
  acknowledgements: Array<{ id: string; profile: string; invariant: string; reason: string; taskClass?: string; by?: string; until?: string; createdAt: string | null }>;
}

export interface AgentHistory {
  versions: Array<{ digest: string; firstSeen: string; lastSeen: string }>;
  events: Array<{ id: string; at: string; profile: string; taskClass: string; from: Outcome; to: Outcome; worse: boolean; findings: Array<{ invariant: string; before: { status: string }; after: { status: string } }>; fromDigest: string | null; toDigest: string }>;
}

export interface NewAgentInput {
  url: string;
  profiles: string[];
  taskClasses: string[];
  intervalMinutes: number;
  liveCheck: boolean;
}

export interface AcknowledgementInput {
  agent: string;
  profile: string;
  invariant: string;
  taskClass?: string;
  reason: string;
  by?: string;
  until?: string;
}

async function call<T>(method: "GET" | "POST", path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/v1/${path}`, {
      method,
      credentials: "same-origin",
      ...(body !== undefined ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body) } : {}),
      ...(signal ? { signal } : {}),
    });
  } catch {
    throw new RegistryCallError(0, "network", "Parley's server did not answer; is it running?");
  }
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (answer as { error?: { code?: unknown; message?: unknown; pointer?: unknown } } | undefined)?.error;
    const message = typeof error?.message === "string" ? error.message : `The registry answered ${response.status} without an explanation.`;
    throw new RegistryCallError(response.status, typeof error?.code === "string" ? error.code : "internal", message, typeof error?.pointer === "string" ? error.pointer : undefined);
  }
  return answer as T;
}

const settled = { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

export function agentsQuery() {
  return queryOptions<{ agents: AgentSummary[] }, RegistryCallError>({
    queryKey: registryKeys.agents(),
    queryFn: ({ signal }) => call("GET", "agents", undefined, signal),
    ...settled,
  });
}

export function agentQuery(id: string) {
  return queryOptions<AgentDetail, RegistryCallError>({
    queryKey: registryKeys.agent(id),
    queryFn: ({ signal }) => call("GET", `agents/${encodeURIComponent(id)}`, undefined, signal),
    ...settled,
  });
}

export function historyQuery(id: string) {
  return queryOptions<AgentHistory, RegistryCallError>({
    queryKey: registryKeys.history(id),
    queryFn: ({ signal }) => call("GET", `agents/${encodeURIComponent(id)}/history`, undefined, signal),
    ...settled,
  });
}

export const signIn = (token: string) => call<{ ok: true }>("POST", "session", { token });
export const watchAgent = (input: NewAgentInput) => call<{ id: string }>("POST", "agents", input);
export const checkAgentNow = (id: string) => call<{ changed: boolean; digest: string | null; events: unknown[]; error?: { code: string; message: string } }>("POST", `agents/${encodeURIComponent(id)}/check`);
export const acknowledge = (input: AcknowledgementInput) => call<{ id: string }>("POST", "acknowledgements", input);
/** One watched agent, as its detail (its latest card digest among it). */
export const agentById = (id: string) => call<AgentDetail>("GET", `agents/${encodeURIComponent(id)}`);
/** A stored card version by digest: its text, and where it was seen. */
export const cardByDigest = (digest: string) =>
  call<{ digest: string; text: string; seenBy: Array<{ agent: string; url: string; firstSeen: string; lastSeen: string; latest: boolean }> }>("GET", `cards/${encodeURIComponent(digest)}`);

/** Every watched agent's latest card and the profiles they are held to, for /triage. */
export const registryTriageSet = () =>
  call<{ cards: Array<{ agent: string; url: string; digest: string; text: string }>; profiles: ClientProfile[]; uncheckedAgents: number }>("GET", "triage");
