/**
 * The reality suite's cells: cards (AgentSpec) × clients (a real @a2a-js/sdk client and the Parley
 * profile that describes it exactly) × task classes. Each cell runs the class's smallest real
 * lifecycle and compares the outcome with Parley's review() of the card as served.
 */
import type { Task } from "@a2a-js/sdk";
import { TaskState } from "@a2a-js/sdk";
import type { Client } from "@a2a-js/sdk/client";
import { findPreset, type ClientProfile, review, BUILT_IN_TASK_CLASSES, type TaskClass } from "../lib/negotiation";
import { clientCertificateFetch, startAgent, startWebhookReceiver, type AgentSpec, type Binding, type RunningAgent, type WebhookReceiver } from "./agents";
import { type CellKind, type Observed, type Verdict, verdict } from "./agreement";
import { callOptions, sdkClient, userMessage } from "./clients";

export const PUSH_ONLY: TaskClass = {
  id: "push-only",
  title: "Push only",
  description: "Long-running task whose completion the client learns by push callback alone (it never polls).",
  input: "whole",
  completion: "push",
  output: "required",
};
export const POLLING_ONLY: TaskClass = {
  id: "polling-only",
  title: "Polling only",
  description: "Long-running task whose completion the client learns by polling GetTask alone (no push config).",
  input: "whole",
  completion: "polling",
  output: "required",
};
export const TASK_CLASSES: readonly TaskClass[] = [...BUILT_IN_TASK_CLASSES, PUSH_ONLY, POLLING_ONLY];

export type Listener = "none" | "plain" | "https" | "mutual";

/** A real SDK client configuration, and the profile that says exactly what it is. */
export interface ClientVariant {
  id: string;
  transports: Binding[];
  legacyCompat: boolean;
  listener: Listener;
  /** The client holds the agent's credentials (and sends them). */
  credentials: boolean;
  /** Extension URIs the client activates on every call. */
  extensions: string[];
  /** The app passes a fetchImpl that presents a client certificate (the SDK has no option of its own). */
  clientCert: boolean;
  /** ClientConfig.acceptedOutputModes; left out: any (the SDK's default, empty). */
  acceptedOutputModes?: string[];
}

export const EXT = "https://parley.example/ext/required-receipts/v1";

const base: ClientVariant = { id: "a2a-js", transports: ["JSONRPC", "HTTP+JSON"], legacyCompat: false, listener: "none", credentials: true, extensions: [], clientCert: false };
export const CLIENTS = {
  js: base,
  jsPlain: { ...base, id: "a2a-js+http-webhook", listener: "plain" },
  jsHttps: { ...base, id: "a2a-js+https-webhook", listener: "https" },
  jsMutual: { ...base, id: "a2a-js+mtls-webhook", listener: "mutual" },
  jsGrpc: { ...base, id: "a2a-js+grpc", transports: ["JSONRPC", "HTTP+JSON", "GRPC"] },
  jsLegacy: { ...base, id: "a2a-js+legacyCompat", legacyCompat: true },
  jsLegacyPlain: { ...base, id: "a2a-js+legacy+http-hook", legacyCompat: true, listener: "plain" },
  jsExt: { ...base, id: "a2a-js+extension", extensions: [EXT] },
  jsNoCreds: { ...base, id: "a2a-js-no-credentials", credentials: false },
  jsCert: { ...base, id: "a2a-js+client-cert", clientCert: true },
  jsTextOut: { ...base, id: "a2a-js+text-out-only", acceptedOutputModes: ["text/plain"] },
  jsCertPlain: { ...base, id: "a2a-js+cert+http-webhook", clientCert: true, listener: "plain" },
  jsCertMutual: { ...base, id: "a2a-js+cert+mtls-webhook", clientCert: true, listener: "mutual" },
} satisfies Record<string, ClientVariant>;

/** The a2a-js preset, changed only where this client is configured differently. */
export function profileFor(c: ClientVariant): ClientProfile {
  const preset = findPreset("a2a-js");
  if (!preset) throw new Error("reality: the a2a-js preset is missing");
  const profile: ClientProfile = {
    ...preset,
    name: `reality ${c.id}`,
    transports: [...c.transports],
    protocolVersions: c.legacyCompat ? ["1.0", "0.3"] : ["1.0"],
    callback:
      c.listener === "none"
        ? { supported: false, mtls: false, mtlsConfigurable: false }
        : { supported: true, mtls: c.listener === "mutual", mtlsConfigurable: false },
    supportedExtensions: [...c.extensions],
  };
  if (c.acceptedOutputModes) profile.acceptedOutputModes = [...c.acceptedOutputModes];
  if (c.clientCert) profile.securitySchemes = ["mutualTLS", ...(profile.securitySchemes ?? [])];
  if (!c.credentials) {
    profile.securitySchemes = c.clientCert ? ["mutualTLS"] : [];
    profile.authenticated = c.clientCert;
  }
  return profile;
}

export interface Scenario {
  id: string;
  /** What the card varies, in a few words (the table's row label). */
  about: string;
  spec: AgentSpec;
  clients: ClientVariant[];
  /** Only these classes (default: all seven). */
  classes?: string[];
  /** Set for a card that lies or a server that breaks its own correct card: why no card can decide it. */
  lie?: string;
}

const ALL_LISTENERS = [CLIENTS.js, CLIENTS.jsPlain, CLIENTS.jsHttps, CLIENTS.jsMutual];

export const SCENARIOS: Scenario[] = [
  { id: "plain", about: "JSON-RPC, streaming, no push, text", spec: { bindings: ["JSONRPC"] }, clients: [CLIENTS.js, CLIENTS.jsPlain] },
  { id: "push", about: "JSON-RPC, streaming, push", spec: { bindings: ["JSONRPC"], push: true }, clients: ALL_LISTENERS },
  { id: "no-stream", about: "streaming false, no push", spec: { bindings: ["JSONRPC"], streaming: false }, clients: [CLIENTS.js] },
  { id: "no-stream-push", about: "streaming false, push", spec: { bindings: ["HTTP+JSON"], streaming: false, push: true }, clients: [CLIENTS.js, CLIENTS.jsPlain] },
  { id: "rest", about: "HTTP+JSON only", spec: { bindings: ["HTTP+JSON"] }, clients: [CLIENTS.js] },
  { id: "grpc", about: "gRPC only", spec: { bindings: ["GRPC"], push: true }, clients: [CLIENTS.js, CLIENTS.jsGrpc] },
  {
    id: "json-in",
    about: "input application/json only, output JSON",
    spec: { defaultInputModes: ["application/json"], defaultOutputModes: ["application/json"] },
    clients: [CLIENTS.js],
  },
  { id: "audio-out", about: "output audio/wav only", spec: { defaultOutputModes: ["audio/wav"] }, clients: [CLIENTS.js, CLIENTS.jsTextOut] },
  {
    id: "mixed-out",
    about: "output audio/wav and text/plain",
    spec: { defaultOutputModes: ["audio/wav", "text/plain"], behaviour: { artifactModes: ["audio/wav", "text/plain"] } },
    clients: [CLIENTS.jsTextOut],
  },
  { id: "audio-in", about: "input audio/wav only", spec: { defaultInputModes: ["audio/wav"] }, clients: [CLIENTS.js] },
  {
    id: "skill-modes",
    about: "defaults audio/wav in, a skill lists text/plain",
    spec: { defaultInputModes: ["audio/wav"], skills: [{ id: "transcribe", inputModes: ["text/plain"], outputModes: ["text/plain"] }] },
    clients: [CLIENTS.js],
  },
  {
    id: "skill-narrow",
    about: "defaults text+json in, a skill lists json only",
    spec: { defaultInputModes: ["text/plain", "application/json"], skills: [{ id: "json", inputModes: ["application/json"] }] },
    clients: [CLIENTS.js],
  },
  { id: "bearer", about: "HTTP bearer, enforced", spec: { security: { kind: "bearer", token: "reality-token" } }, clients: [CLIENTS.js, CLIENTS.jsNoCreds] },
  { id: "apikey-grpc", about: "API key on gRPC, enforced", spec: { bindings: ["GRPC"], security: { kind: "apiKey", token: "k-1" } }, clients: [CLIENTS.jsGrpc] },
  {
    id: "sdk-served",
    about: "bearer, served by agentCardHandler over the SDK object ($case)",
    spec: { security: { kind: "bearer", token: "reality-token" }, cardServing: "sdk-object" },
    clients: [CLIENTS.js],
  },
  {
    id: "mtls-push",
    about: "mutual TLS on requests (enforced), push",
    spec: { mtls: true, push: true },
    clients: [CLIENTS.js, CLIENTS.jsCert, CLIENTS.jsCertPlain, CLIENTS.jsCertMutual],
  },
  {
    id: "mtls+skill-bearer",
    about: "card mutual TLS, a skill adds bearer",
    spec: {
      mtls: true,
      skills: [{ id: "main", securityRequirements: [{ schemes: { bearer: { list: [] } } }] }],
      cardPatch: (card) => ({ ...card, securitySchemes: { ...(card.securitySchemes as object), bearer: { httpAuthSecurityScheme: { scheme: "Bearer" } } } }),
    },
    clients: [CLIENTS.js, CLIENTS.jsCert],
    classes: ["request-response", "polling-only"],
  },
  { id: "extension", about: "a required extension", spec: { requiredExtensions: [EXT] }, clients: [CLIENTS.js, CLIENTS.jsExt] },
  { id: "sdk-0.3", about: "SDK 0.3 server, 0.3 card, push", spec: { sdk: "0.3", bindings: ["JSONRPC"], push: true }, clients: [CLIENTS.js, CLIENTS.jsLegacy, CLIENTS.jsLegacyPlain] },
  {
    id: "lie-push",
    about: "says push, drops every push config",
    spec: { push: true, lies: { pushDropped: true } },
    clients: [CLIENTS.jsPlain],
    classes: ["async-completion", "push-only"],
    lie: "capabilities.pushNotifications is true; the server accepts push configs and never calls back",
  },
  {
    id: "lie-stream",
    about: "says streaming, refuses streams",
    spec: { streaming: true, lies: { streamRefused: true } },
    clients: [CLIENTS.js],
    classes: ["streaming-output"],
    lie: "capabilities.streaming is true; the server refuses every stream",
  },
  {
    id: "lie-dead",
    about: "first interface has nothing behind it",
    spec: { bindings: ["JSONRPC", "HTTP+JSON"], lies: { deadFirstInterface: true } },
    clients: [CLIENTS.js],
    classes: ["request-response", "streaming-output", "polling-only"],
    lie: "supportedInterfaces[0] has nothing behind it; the SDK client picks it and never tries the next",
  },
  {
    id: "lie-modes",
    about: "lists audio/wav in, takes any mode",
    spec: { defaultInputModes: ["audio/wav"], lies: { acceptsUnlistedInputModes: true } },
    clients: [CLIENTS.js],
    classes: ["request-response"],
    lie: "defaultInputModes lists audio/wav only; the server takes text too (validateInputModes off)",
  },
  {
    id: "version-1.0.0",
    about: "interface protocolVersion \"1.0.0\"",
    spec: { protocolVersion: "1.0.0" },
    clients: [CLIENTS.js],
    classes: ["request-response"],
    lie: "protocolVersion \"1.0.0\" is A2A 1.0 by major.minor; the JS SDK server compares it as a string and refuses A2A-Version 1.0",
  },
];

export interface CellResult {
  scenario: string;
  about: string;
  client: string;
  taskClass: string;
  kind: CellKind;
  predicted: string;
  observed: Observed;
  verdict: Verdict;
  /** What the observation rests on: the path taken, the server's or the SDK's error. */
  detail: string;
  /** Why the cell is not decidable, when it is not. */
  why?: string;
  /** Whose code the cell runs, server's and client's (vendor-suite.ts); left out: the JS SDK on both ends. */
  vendors?: string[];
}

const POLL_INTERVAL_MS = 20;
const POLL_LIMIT_MS = 3_000;
/** How long a lifecycle waits for a terminal push callback once the task is done (the sender posts at once on loopback). */
const CALLBACK_WAIT_MS = 800;

/** Run every scenario (or those whose id is in `only`), one agent at a time. */
export async function runSuite(opts: { only?: string[]; onCell?: (c: CellResult) => void } = {}): Promise<CellResult[]> {
  const results: CellResult[] = [];
  for (const scenario of SCENARIOS) {
    if (opts.only && !opts.only.includes(scenario.id)) continue;
    const agent = await startAgent({ name: scenario.id, ...scenario.spec });
    try {
      for (const client of scenario.clients) {
        const profile = profileFor(client);
        const classes = TASK_CLASSES.filter((t) => !scenario.classes || scenario.classes.includes(t.id));
        const decisions = review(agent.cardText, profile, { taskClasses: [...classes] }).decisions;
        for (const taskClass of classes) {
          const decision = decisions.find((d) => d.taskClass === taskClass.id);
          const predicted = decision ? decision.decision + (decision.target === "card" || decision.target === undefined ? "" : `:${decision.target}`) : "none";
          const run = await runLifecycle(agent, client, taskClass);
          const kind = scenario.lie ? "lie" : isSilent(agent, client, taskClass) ? "silent" : "decidable";
          const cell: CellResult = {
            scenario: scenario.id,
            about: scenario.about,
            client: client.id,
            taskClass: taskClass.id,
            kind,
            predicted,
            observed: run.observed,
            verdict: verdict(decision?.decision ?? "none", run.observed),
            detail: run.detail,
          };
          if (scenario.lie) cell.why = scenario.lie;
          if (kind === "silent") cell.why = "the card declares no callback authentication; whether the server presents a client certificate on its callbacks is not on the card";
          results.push(cell);
          opts.onCell?.(cell);
        }
      }
    } finally {
      await agent.close();
    }
  }
  return results;
}

/**
 * The outcome rests on whether the server presents a client certificate to a webhook that demands
 * one, and the card declares no callback authentication (capabilities.pushNotifications is a plain
 * true, not the rule's object with a securityScheme).
 */
function isSilent(agent: RunningAgent, client: ClientVariant, taskClass: TaskClass): boolean {
  const caps = agent.card.capabilities as Record<string, unknown> | undefined;
  const pushMatters = taskClass.completion === "push" || taskClass.completion === "notification";
  if (!pushMatters || caps?.pushNotifications !== true) return false;
  // A webhook that demands a certificate; or any webhook, when the card's requests require mTLS
  // (the rule's incident server presented mTLS on its callbacks too; an SDK server does not).
  return client.listener === "mutual" || (client.listener !== "none" && requestsRequireMtls(agent.card));
}

/** Does a security requirement of the card (as served) name a mutual-TLS scheme? */
function requestsRequireMtls(card: Record<string, unknown>): boolean {
  const schemes = (card.securitySchemes ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const requirements = Array.isArray(card.securityRequirements) ? (card.securityRequirements as Array<{ schemes?: Record<string, unknown> }>) : [];
  return requirements.some((r) => Object.keys(r.schemes ?? {}).some((name) => schemes[name]?.mtlsSecurityScheme !== undefined));
}

export interface Run {
  observed: Observed;
  detail: string;
}

/**
 * What a lifecycle needs of the server: the agent kit's RunningAgent, or another vendor's server
 * described the same way (reality/vendor-suite.ts: no push, its calls read from the exchange log).
 */
export type LifecycleTarget = Pick<RunningAgent, "origin" | "card" | "credentials"> & { log: Pick<RunningAgent["log"], "calls" | "pushConfigs" | "authRefusals"> };

/**
 * One class's smallest real lifecycle with the SDK client `variant`. `how.cardPath`: where the
 * client is told the card is (default: the SDK's own path); `how.fetchImpl`: the fetch it calls
 * through (a recorder, for the wire checks).
 */
export async function runLifecycle(agent: LifecycleTarget, variant: ClientVariant, taskClass: TaskClass, how: { cardPath?: string; fetchImpl?: typeof fetch } = {}): Promise<Run> {
  if (taskClass.input === "live") return { observed: "client-cannot", detail: "the SDK client sends whole messages only (no live input)" };
  if (taskClass.completion === "push" && variant.listener === "none") return { observed: "client-cannot", detail: "no callback listener to receive the push" };
  let client: Client;
  try {
    const fetchImpl = variant.clientCert ? { fetchImpl: await clientCertificateFetch() } : how.fetchImpl ? { fetchImpl: how.fetchImpl } : {};
    const accepted = variant.acceptedOutputModes ? { acceptedOutputModes: variant.acceptedOutputModes } : {};
    client = await sdkClient(agent.origin, { transports: variant.transports, legacyCompat: variant.legacyCompat, cardPath: how.cardPath, ...fetchImpl, ...accepted });
  } catch (error) {
    return { observed: "failed", detail: `ClientFactory: ${messageOf(error)}` };
  }
  const opts = () => callOptions({ credentials: variant.credentials ? agent.credentials : undefined, extensions: variant.extensions, timeoutMs: 5_000 });
  const failures: string[] = [];
  // The client tries each of its input modes in turn (an app can), stopping at the first that works.
  for (const mode of profileFor(variant).inputModes ?? ["text/plain"]) {
    const run = await attempt(agent, client, variant, taskClass, mode, opts);
    if (run.observed !== "failed") return run;
    failures.push(`${mode}: ${run.detail}`);
    // Another mode is worth a try only when this one was refused for its media type.
    if (!/ContentTypeNotSupported|media type/i.test(run.detail)) break;
  }
  return { observed: "failed", detail: failures.join("; ") };
}

async function attempt(agent: LifecycleTarget, client: Client, variant: ClientVariant, taskClass: TaskClass, mode: string, opts: () => ReturnType<typeof callOptions>): Promise<Run> {
  const cardPush = Boolean((agent.card.capabilities as Record<string, unknown> | undefined)?.pushNotifications);
  try {
    switch (taskClass.completion) {
      case "response": {
        const result = await client.sendMessage(userMessage(mode), opts());
        return finished(result, "blocking send", variant);
      }
      case "none": {
        const result = await client.sendMessage(userMessage(mode, { returnImmediately: true }), opts());
        return { observed: "completed", detail: `send accepted (${"messageId" in result ? "message" : stateName((result as Task).status?.state)})` };
      }
      case "stream": {
        const cases: string[] = [];
        const modes: string[] = [];
        let last: Task | undefined;
        for await (const event of client.sendMessageStream(userMessage(mode), opts())) {
          cases.push(event.payload?.$case ?? "?");
          if (event.payload?.$case === "task") last = event.payload.value;
          // A server may send a status update before any task (Reactive Agents does): it still carries the state.
          if (event.payload?.$case === "statusUpdate") last = last ? { ...last, status: event.payload.value.status } : ({ id: event.payload.value.taskId, status: event.payload.value.status, artifacts: [] } as unknown as Task);
          if (event.payload?.$case === "artifactUpdate") modes.push(...(event.payload.value.artifact?.parts ?? []).map((p) => p.mediaType));
          if (event.payload?.$case === "task") modes.push(...event.payload.value.artifacts.flatMap((a) => a.parts.map((p) => p.mediaType)));
        }
        const accepted = variant.acceptedOutputModes;
        if (accepted && !modes.some((m) => accepted.includes(m))) return { observed: "failed", detail: `stream: only ${modes.join(", ") || "no artifact"}, none of which the client accepts` };
        const streamed = agent.log.calls.at(-1)?.method === "sendMessageStream";
        const state = last?.status?.state;
        if (state !== TaskState.TASK_STATE_COMPLETED) return { observed: "failed", detail: `stream ended in ${stateName(state)}` };
        return streamed
          ? { observed: "completed", detail: `streamed: ${cases.join(",")}` }
          : { observed: "completed-fallback", detail: "the SDK client sent one blocking SendMessage (card streaming false)" };
      }
      case "polling": {
        const first = await client.sendMessage(userMessage(mode, { returnImmediately: true }), opts());
        return await pollToEnd(client, first, opts, "polled GetTask", variant);
      }
      case "push":
      case "notification": {
        const receiver = variant.listener === "none" ? undefined : await startWebhookReceiver({ tls: variant.listener === "plain" ? "none" : variant.listener === "https" ? "server" : "mutual" });
        try {
          const push = receiver ? { url: receiver.url, token: "reality-callback-token" } : undefined;
          const first = await client.sendMessage(userMessage(mode, { push, returnImmediately: true }), opts());
          if ("messageId" in first) return { observed: "failed", detail: "the agent answered with a message, no task to wait for" };
          if (receiver) {
            const callback = await terminalCallback(receiver);
            if (callback) return { observed: "completed", detail: `push callback (${variant.listener}) with the terminal state` };
          }
          const pushFailure = receiver ? pushFailureDetail(receiver, agent) : "the client has no listener";
          if (taskClass.completion === "push") return { observed: "failed", detail: `no terminal callback: ${pushFailure}` };
          const polled = await pollToEnd(client, first, opts, "polled GetTask", variant);
          if (polled.observed !== "completed") return polled;
          // A client with no listener polls as its own way (nothing it would use is lost); one with a
          // listener falls back to polling when the card offers push and no callback came.
          if (!receiver) return { observed: "completed", detail: `${polled.detail} (the client has no listener)` };
          return cardPush ? { observed: "completed-fallback", detail: `${polled.detail} after push gave nothing (${pushFailure})` } : { observed: "completed", detail: `${polled.detail} (the card offers no push)` };
        } finally {
          await receiver?.close();
        }
      }
    }
  } catch (error) {
    return { observed: "failed", detail: serverSaid(agent, error) };
  }
}

/** Completed, with an artifact the client can consume (a part in one of its accepted output modes, when it limits them). */
function finished(result: unknown, how: string, variant: ClientVariant): Run {
  if (result && typeof result === "object" && "messageId" in result) return { observed: "completed", detail: `${how}: a message` };
  const task = result as Task;
  if (task.status?.state !== TaskState.TASK_STATE_COMPLETED) return { observed: "failed", detail: `${how}: task ${stateName(task.status?.state)}` };
  if (!task.artifacts?.length) return { observed: "failed", detail: `${how}: completed without an artifact` };
  const accepted = variant.acceptedOutputModes;
  const modes = task.artifacts.flatMap((a) => a.parts.map((p) => p.mediaType));
  if (accepted && !modes.some((m) => accepted.includes(m))) return { observed: "failed", detail: `${how}: completed, but only with ${modes.join(", ")}, none of which the client accepts` };
  return { observed: "completed", detail: `${how}: completed with ${task.artifacts.map((a) => a.parts.map((p) => p.mediaType || "(no media type)").join("+")).join(", ")}` };
}

async function pollToEnd(client: Client, first: unknown, opts: () => ReturnType<typeof callOptions>, how: string, variant: ClientVariant): Promise<Run> {
  if (first && typeof first === "object" && "messageId" in first) return { observed: "completed", detail: `${how}: a message` };
  let task = first as Task;
  const deadline = Date.now() + POLL_LIMIT_MS;
  const terminal = new Set([TaskState.TASK_STATE_COMPLETED, TaskState.TASK_STATE_FAILED, TaskState.TASK_STATE_CANCELED, TaskState.TASK_STATE_REJECTED]);
  while (!terminal.has(task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED)) {
    if (Date.now() > deadline) return { observed: "failed", detail: `${how}: still ${stateName(task.status?.state)} after ${POLL_LIMIT_MS} ms` };
    await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
    task = await client.getTask({ tenant: "", id: task.id }, opts());
  }
  return finished(task, how, variant);
}

async function terminalCallback(receiver: WebhookReceiver): Promise<boolean> {
  const deadline = Date.now() + CALLBACK_WAIT_MS;
  while (Date.now() < deadline) {
    if (receiver.received.some((r) => isTerminalCallback(r.body))) return true;
    await receiver.waitFor(receiver.received.length + 1, deadline - Date.now());
  }
  return receiver.received.some((r) => isTerminalCallback(r.body));
}

function isTerminalCallback(body: unknown): boolean {
  const text = JSON.stringify(body ?? "");
  return /TASK_STATE_COMPLETED|"completed"/.test(text);
}

function pushFailureDetail(receiver: WebhookReceiver, agent: LifecycleTarget): string {
  if (receiver.handshakeFailures.length) return `the listener refused the server's TLS handshake: ${tlsReason(receiver.handshakeFailures[0]!)}`;
  if (agent.log.pushConfigs.some((p) => p.url === receiver.url && !p.stored)) return "the server took the push config and stored none";
  if (!agent.log.pushConfigs.some((p) => p.url === receiver.url)) return "the push config never reached the server's handler";
  return `${receiver.received.length} callback(s), none terminal`;
}

/** "…:SSL routines:tls_process_client_certificate:peer did not return a certificate:../deps/…" → "peer did not return a certificate". */
function tlsReason(raw: string): string {
  const head = raw.split(":../")[0] ?? raw;
  return head.split(":").at(-1)?.trim() || raw.slice(0, 120);
}

function serverSaid(agent: LifecycleTarget, error: unknown): string {
  const parts = [messageOf(error)];
  const refusal = agent.log.authRefusals.at(-1);
  if (refusal) parts.push(`(server refused ${refusal.what} for credentials)`);
  return parts.join(" ");
}

export function messageOf(error: unknown): string {
  const e = error as { name?: string; message?: string; code?: unknown };
  const text = `${e?.name && e.name !== "Error" ? `${e.name}: ` : ""}${e?.message ?? String(error)}`;
  return text
    .replace(/<!DOCTYPE[\s\S]*?<pre>([\s\S]*?)<\/pre>[\s\S]*$/i, "$1")
    .replace(/https?:\/\/127\.0\.0\.1:\d+/g, "<agent>")
    .replace(/127\.0\.0\.1:\d+/g, "<agent>")
    .replace(/\s+/g, " ")
    // A control byte a server sent (VoltAgent's U+001E) is shown, not printed raw.
    .replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`)
    .trim()
    .slice(0, 300);
}

function stateName(state: TaskState | undefined): string {
  return state === undefined ? "no state" : (TaskState[state] ?? String(state)).replace(/^TASK_STATE_/, "").toLowerCase();
}
