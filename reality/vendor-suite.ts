/**
 * The reality suite's cross-vendor cells (issue 39): other vendors' real servers and clients paired
 * with the `@a2a-js/sdk` ones both ways, on loopback. Each cell is reviewed on the card as the
 * server serves it (fetched from the running server, never written here) with the profile of the
 * client that calls it, and run as the same smallest lifecycle as the SDK cells (suite.ts).
 *
 * Every request and answer of a cell's lifecycle goes through the probe's exchange recorder, and
 * the probe's wire checks (lib/probe/wire-checks.ts) read them: a cell that failed on a wire fault
 * this client chokes on is a "wire" cell, listed apart with the findings, since no card states
 * such a fault (the probe is the tool for it).
 */
import { randomUUID } from "node:crypto";
import { a2a } from "a2a-ai-provider";
import { generateText, streamText } from "ai";
import { review, type ClientProfile, type TaskClass } from "../lib/negotiation";
import { ExchangeRecorder } from "../lib/probe/exchange";
import { checkWire, type WireFinding } from "../lib/probe/wire-checks";
import { effectFor, type SdkClient } from "../lib/probe/wire-rules";
import { startAgent, type AgentSpec, type CallRecord } from "./agents";
import { verdict, type CellKind } from "./agreement";
import { CLIENTS, messageOf, profileFor, runLifecycle, TASK_CLASSES, type CellResult, type ClientVariant, type LifecycleTarget, type Run } from "./suite";
import { discoverWith, reactiveAgentsClient, startReactiveAgentsServer } from "./vendors/reactive-agents";
import { startVoltAgentServer } from "./vendors/voltagent";

/**
 * The Reactive Agents client (`@reactive-agents/a2a` 0.9.0, `A2AClientLive` and `discoverAgent`),
 * read in its dist/index.js: JSON-RPC only, A2A 0.3 methods (`message/send`, `tasks/get`,
 * `tasks/cancel`: no stream, no push config, no resubscribe), posted to the one URL the app gives
 * (the card's `url`); no `A2A-Version` header (A2A reads its absence as 0.3); text, file and data
 * parts; credentials the app configures (bearer or `X-API-Key`), whatever the card's schemes say;
 * the card, read with no validation, only at `/.well-known/agent.json`, then `/agent/card`.
 */
export const REACTIVE_AGENTS_CLIENT: ClientProfile = {
  name: "Reactive Agents client (@reactive-agents/a2a 0.9.0)",
  description:
    "A2AClientLive: JSON-RPC 0.3 (message/send, tasks/get, tasks/cancel) posted to the URL the app gives, no A2A-Version header, no streaming and no fallback to it, no push, polls tasks/get; text, file and data parts; bearer or X-API-Key credentials configured by the app (it never reads the card's schemes); discoverAgent reads /.well-known/agent.json then /agent/card, unvalidated.",
  transports: ["JSONRPC"],
  protocolVersions: ["0.3"],
  streaming: false,
  streamingFallback: false,
  inputModes: ["text/plain", "application/json"],
  liveOnlyInputModes: [],
  bufferableInputModes: [],
  callback: { supported: false, mtls: false, mtlsConfigurable: false },
  canPoll: true,
  fixed: true,
  supportedExtensions: [],
  securitySchemes: ["http", "apiKey"],
  authenticated: true,
  validatesRequiredFields: false,
  // It never reads the card's schemes (the app configures the credential), so their shape cannot stop it.
  readsJsSdkSchemeShape: true,
  // It sends no header at all, which A2A reads as 0.3.
  a2aVersionHeader: "0.3",
  // It calls the one URL it is given (the card's top-level url): no choice among interfaces.
  interfaceChoice: "card-order",
  cardPaths: ["/.well-known/agent.json", "/agent/card"],
};

/**
 * a2a-ai-provider (0.5.0-alpha.1, the `ai` SDK's provider over `@a2a-js/sdk` 0.3.14's `A2AClient`),
 * read in its dist/index.js: the model id is the card's URL (`A2AClient.fromCardUrl`, global fetch,
 * no credentials option); `generateText` sends one blocking `message/send` with
 * `acceptedOutputModes: ["text/plain"]` and reads text and file parts of the message, the task's
 * status message and its artifacts; `streamText` streams (`message/stream`), or sends one blocking
 * `message/send` when the card does not stream. No polling, no push, no non-blocking send.
 */
export const AI_PROVIDER_CLIENT: ClientProfile = {
  name: "a2a-ai-provider 0.5.0-alpha.1 (ai SDK provider on @a2a-js/sdk 0.3.14)",
  description:
    "generateText: one blocking message/send accepting text/plain; streamText: message/stream, or one blocking send when the card does not stream. JSON-RPC 0.3 to the card's url, no A2A-Version header, no credentials, no polling, no push; text (and file) parts; reads the card at the URL it is given.",
  transports: ["JSONRPC"],
  protocolVersions: ["0.3"],
  streaming: true,
  streamingFallback: true,
  inputModes: ["text/plain"],
  liveOnlyInputModes: [],
  bufferableInputModes: [],
  acceptedOutputModes: ["text/plain"],
  callback: { supported: false, mtls: false, mtlsConfigurable: false },
  canPoll: false,
  fixed: true,
  supportedExtensions: [],
  securitySchemes: [],
  authenticated: false,
  validatesRequiredFields: false,
  readsJsSdkSchemeShape: false,
  a2aVersionHeader: "0.3",
  interfaceChoice: "card-order",
};

/** The JS SDK 1.3 client as an app configures it to reach a 0.3 server (legacyCompat), and as it comes. */
const JS_LEGACY: ClientVariant = CLIENTS.jsLegacy;
const JS_DEFAULT: ClientVariant = CLIENTS.js;

type VendorClient = { kind: "js"; variant: ClientVariant } | { kind: "reactive-agents" } | { kind: "ai-provider" };

interface VendorServer {
  origin: string;
  /** Where the card is (the client is told this URL when it does not look there itself). */
  cardUrl: string;
  /** The card the calling client reads, as the server served it. */
  cardText: string;
  card: Record<string, unknown>;
  close(): Promise<void>;
}

export interface VendorScenario {
  id: string;
  about: string;
  /** Whose server code runs (the JS SDK's own: "a2a-js"); a cell's agreement counts for its server's and its client's vendor. */
  vendor: "reactive-agents" | "voltagent" | "a2a-js";
  start(): Promise<VendorServer>;
  clients: VendorClient[];
}

const clientId = (c: VendorClient) => (c.kind === "js" ? c.variant.id : c.kind === "reactive-agents" ? "reactive-agents-client" : "a2a-ai-provider");
const clientVendor = (c: VendorClient) => (c.kind === "js" ? "a2a-js" : c.kind === "reactive-agents" ? "reactive-agents" : "a2a-ai-provider");
/** The wire rules' client whose reaction stands for this one (a2a-ai-provider is the JS SDK 0.3 client underneath). */
const rulesClient = (c: VendorClient): SdkClient | undefined => (c.kind === "js" ? "js-1" : c.kind === "ai-provider" ? "js-0.3" : undefined);
/** a2a-ai-provider has no non-blocking send: fire-and-forget does not apply to it. */
const appliesTo = (c: VendorClient, t: TaskClass) => !(c.kind === "ai-provider" && t.id === "fire-and-forget");
const profileOf = (c: VendorClient): ClientProfile => (c.kind === "js" ? profileFor(c.variant) : c.kind === "reactive-agents" ? REACTIVE_AGENTS_CLIENT : AI_PROVIDER_CLIENT);

/** A JS SDK 1.3 server from the agent kit, its card as a client without A2A-Version fetches it (what a 0.3 client reads). */
async function jsServer(spec: AgentSpec): Promise<VendorServer> {
  const agent = await startAgent(spec);
  const res = await fetch(agent.cardUrl, { signal: AbortSignal.timeout(5_000) });
  const cardText = await res.text();
  return { origin: agent.origin, cardUrl: agent.cardUrl, cardText, card: JSON.parse(cardText) as Record<string, unknown>, close: () => agent.close() };
}

const JS = (variant: ClientVariant): VendorClient => ({ kind: "js", variant });
const RA: VendorClient = { kind: "reactive-agents" };
const AI: VendorClient = { kind: "ai-provider" };

export const VENDOR_SCENARIOS: VendorScenario[] = [
  { id: "ra-server", about: "Reactive Agents server, its generated card", vendor: "reactive-agents", start: () => startReactiveAgentsServer(), clients: [JS(JS_DEFAULT), JS(JS_LEGACY), AI] },
  { id: "volt-server", about: "VoltAgent server, its built card", vendor: "voltagent", start: () => startVoltAgentServer(), clients: [JS(JS_DEFAULT), JS(JS_LEGACY), AI, RA] },
  { id: "js-1.3-server", about: "JS SDK 1.3 server, A2A 1.0 only", vendor: "a2a-js", start: () => jsServer({ name: "vendor-js13", bindings: ["JSONRPC"] }), clients: [RA, AI] },
  { id: "js-compat-server", about: "JS SDK 1.3 server with v0.3 compatibility", vendor: "a2a-js", start: () => jsServer({ name: "vendor-js13-compat", bindings: ["JSONRPC"], legacyCompat: true }), clients: [RA, AI] },
  { id: "js-0.3-server", about: "JS SDK 0.3.14 server", vendor: "a2a-js", start: () => jsServer({ name: "vendor-js03", sdk: "0.3", bindings: ["JSONRPC"] }), clients: [RA, AI] },
];

export interface VendorCell extends CellResult {
  vendors: string[];
  /** The wire findings on the cell's own exchanges (ids), whether or not they broke it. */
  wire: string[];
}

/** Where each client found (or did not find) the card by itself: not a task class, listed apart. */
export interface DiscoveryNote {
  scenario: string;
  client: string;
  found: boolean;
  detail: string;
}

export async function runVendorSuite(opts: { only?: string[] } = {}): Promise<{ cells: VendorCell[]; discovery: DiscoveryNote[] }> {
  const cells: VendorCell[] = [];
  const discovery: DiscoveryNote[] = [];
  for (const scenario of VENDOR_SCENARIOS) {
    if (opts.only && !opts.only.includes(scenario.id)) continue;
    const server = await scenario.start();
    try {
      for (const client of scenario.clients) {
        const classes = TASK_CLASSES.filter((t) => appliesTo(client, t));
        discovery.push({ scenario: scenario.id, client: clientId(client), ...(await discover(server, client)) });
        const decisions = review(server.cardText, profileOf(client), { taskClasses: [...classes] }).decisions;
        for (const taskClass of classes) {
          const decision = decisions.find((d) => d.taskClass === taskClass.id);
          const predicted = decision ? decision.decision + (decision.target === "card" || decision.target === undefined ? "" : `:${decision.target}`) : "none";
          const recorder = new ExchangeRecorder();
          const run =
            client.kind === "js"
              ? await runJs(server, client.variant, taskClass, recorder)
              : client.kind === "reactive-agents"
                ? await runReactiveAgentsClient(server, taskClass, recorder)
                : await runAiProvider(server, taskClass, recorder);
          await recorder.settled();
          const findings = checkWire(recorder.exchanges);
          const choked = run.observed === "failed" ? findings.filter((f) => chokes(f, client)) : [];
          const kind: CellKind = choked.length ? "wire" : "decidable";
          const cell: VendorCell = {
            scenario: scenario.id,
            about: scenario.about,
            client: clientId(client),
            taskClass: taskClass.id,
            kind,
            predicted,
            observed: run.observed,
            verdict: verdict(decision?.decision ?? "none", run.observed),
            detail: run.detail,
            vendors: [...new Set([scenario.vendor, clientVendor(client)])],
            wire: [...new Set(findings.map((f) => f.id))],
          };
          if (choked.length) cell.why = `wire fault, not on any card: ${[...new Set(choked.map(describeFinding))].join("; ")}`;
          cells.push(cell);
        }
      }
    } finally {
      await server.close();
    }
  }
  return { cells, discovery };
}

/**
 * The finding breaks this client, by the wire rules for the SDK client under it. The Reactive Agents
 * client reads only `result` or `error` of an answer (neither `id`, `jsonrpc` nor `kind`) and never
 * streams: no finding the checks make is one it chokes on, so its failures stay decidable.
 */
function chokes(f: WireFinding, client: VendorClient): boolean {
  const sdk = rulesClient(client);
  if (!sdk) return false;
  const outcome = effectFor(f, sdk).outcome;
  return outcome === "throws" || outcome === "readsNothing" || outcome === "noCredentials" || outcome === "waits";
}

function describeFinding(f: WireFinding): string {
  const d = f.data;
  switch (f.id) {
    case "jsonrpc-id-mismatch":
    case "sse-id-mismatch":
      return `${f.id} (${f.method}: sent id ${d.expected}, answered ${d.got})`;
    case "result-kind-missing":
    case "sse-kind-missing":
      return `${f.id} (${f.method}: kind ${d.kind})`;
    case "sse-data-unparseable":
      return `${f.id} (${f.method}: event ${d.event}'s data starts ${JSON.stringify(String(d.data).slice(0, 6))})`;
    default:
      return f.id;
  }
}

/** Whether the client finds the card where it looks by itself. */
async function discover(server: VendorServer, client: VendorClient): Promise<{ found: boolean; detail: string }> {
  if (client.kind === "ai-provider") return { found: true, detail: "it is given the card's URL (the model id)" };
  if (client.kind === "reactive-agents") {
    const got = await discoverWith(server.origin, boundedFetch);
    return got.card ? { found: true, detail: "its discoverAgent found the card" } : { found: false, detail: `its discoverAgent: ${got.error} (the card is at ${new URL(server.cardUrl).pathname})` };
  }
  const res = await fetch(`${server.origin}/.well-known/agent-card.json`, { signal: AbortSignal.timeout(5_000) }).catch((e: unknown) => e as Error);
  if (res instanceof Response && res.ok) return { found: true, detail: "at /.well-known/agent-card.json" };
  const why = res instanceof Response ? `HTTP ${res.status}` : messageOf(res);
  return { found: false, detail: `ClientFactory.createFromUrl(origin) reads /.well-known/agent-card.json: ${why}; told the card's path (${new URL(server.cardUrl).pathname}) it reads it` };
}

/** The global fetch as it was when this module loaded: the Reactive Agents client's calls swap the global for a recorder that ends here. */
const baseFetch = globalThis.fetch;
const boundedFetch: typeof fetch = (input, init) => baseFetch(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(5_000) });

/** The JS SDK client's lifecycle (suite.ts), told where the card is, its calls recorded. */
function runJs(server: VendorServer, variant: ClientVariant, taskClass: TaskClass, recorder: ExchangeRecorder): Promise<Run> {
  const calls: CallRecord[] = [];
  const target: LifecycleTarget = {
    origin: server.origin,
    card: server.card,
    credentials: undefined,
    log: {
      // A stream counts as streamed when the last JSON-RPC call was a stream (read from the log).
      get calls() {
        calls.length = 0;
        for (const x of recorder.exchanges) {
          const method = rpcMethod(x.requestBody);
          if (method) calls.push({ method: /stream|Streaming/.test(method) ? "sendMessageStream" : method, binding: "JSONRPC" });
        }
        return calls;
      },
      pushConfigs: [],
      authRefusals: [],
    },
  };
  return runLifecycle(target, variant, taskClass, { cardPath: new URL(server.cardUrl).pathname, fetchImpl: recorder.wrap(boundedFetch) });
}

function rpcMethod(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { method?: unknown };
    return typeof parsed.method === "string" ? parsed.method : undefined;
  } catch {
    return undefined;
  }
}

const POLL_INTERVAL_MS = 20;
const POLL_LIMIT_MS = 3_000;
const TERMINAL = new Set(["completed", "failed", "canceled", "rejected"]);

/**
 * The Reactive Agents client's lifecycle for a class, the way its API allows: a send (blocking, or
 * with `configuration.blocking: false`), then `tasks/get` until the task ends. It has no stream, no
 * push config and no live input: those classes are "the client cannot even try". It calls the
 * card's own URL (the 0.3 top-level `url`), as its docs show.
 */
async function runReactiveAgentsClient(server: VendorServer, taskClass: TaskClass, recorder: ExchangeRecorder): Promise<Run> {
  if (taskClass.input === "live") return { observed: "client-cannot", detail: "the client sends whole messages only (no live input)" };
  if (taskClass.completion === "stream") return { observed: "client-cannot", detail: "the client has no stream call (send, get and cancel only)" };
  if (taskClass.completion === "push") return { observed: "client-cannot", detail: "the client sets no push config and has no listener" };
  const url = typeof server.card.url === "string" ? server.card.url : firstInterfaceUrl(server.card);
  if (!url) return { observed: "failed", detail: "the card gives no URL the client can call" };
  const client = reactiveAgentsClient(url, recorder.wrap(boundedFetch));
  const message = { kind: "message", role: "user", messageId: randomUUID(), parts: [{ kind: "text", text: "hello from the reality suite" }] };
  try {
    if (taskClass.completion === "response") return finished03(await client.send({ message }), "blocking message/send");
    const first = await client.send({ message, configuration: { blocking: false, acceptedOutputModes: [] } });
    if (taskClass.completion === "none") return typeof first?.id === "string" || first?.kind === "message" ? { observed: "completed", detail: `send accepted (${stateOf(first) ?? first?.kind})` } : { observed: "failed", detail: "the send gave no task or message" };
    if (first?.kind === "message") return { observed: "completed", detail: "a message" };
    let task = first;
    const deadline = Date.now() + POLL_LIMIT_MS;
    while (!TERMINAL.has(stateOf(task) ?? "")) {
      if (Date.now() > deadline) return { observed: "failed", detail: `polled tasks/get: still ${stateOf(task)} after ${POLL_LIMIT_MS} ms` };
      await new Promise((r) => setTimeout(r, POLL_INTERVAL_MS));
      task = await client.get(String(task.id));
    }
    return finished03(task, "polled tasks/get");
  } catch (error) {
    return { observed: "failed", detail: messageOf(error) };
  }
}

function finished03(result: Record<string, unknown> | undefined, how: string): Run {
  if (result?.kind === "message") return { observed: "completed", detail: `${how}: a message` };
  const state = stateOf(result);
  if (state !== "completed") return { observed: "failed", detail: `${how}: task ${state ?? "with no state"}` };
  const artifacts = Array.isArray(result?.artifacts) ? (result.artifacts as { parts?: { kind?: string }[] }[]) : [];
  // The client hands the task to the app as it came: an answer in the status message is readable too (VoltAgent puts it there).
  const said = (result?.status as { message?: { parts?: unknown[] } } | undefined)?.message?.parts;
  if (!artifacts.length && Array.isArray(said) && said.length) return { observed: "completed", detail: `${how}: completed, the answer in the status message (no artifact)` };
  if (!artifacts.length) return { observed: "failed", detail: `${how}: completed without an artifact or a status message` };
  return { observed: "completed", detail: `${how}: completed with ${artifacts.map((a) => (a.parts ?? []).map((p) => p.kind).join("+")).join(", ")}` };
}

function stateOf(task: Record<string, unknown> | undefined): string | undefined {
  const status = task?.status as { state?: unknown } | undefined;
  return typeof status?.state === "string" ? status.state : undefined;
}

function firstInterfaceUrl(card: Record<string, unknown>): string | undefined {
  const list = Array.isArray(card.supportedInterfaces) ? (card.supportedInterfaces as { url?: unknown }[]) : [];
  const url = list[0]?.url;
  return typeof url === "string" ? url : undefined;
}


/**
 * a2a-ai-provider's lifecycle: `generateText` for request-response (the answer is its text),
 * `streamText` for streaming-output (the streamed text; one blocking send when the card does not
 * stream). The classes it has no call for are "the client cannot even try". Its client calls the
 * global fetch: the recorder is swapped in for the call.
 */
async function runAiProvider(server: VendorServer, taskClass: TaskClass, recorder: ExchangeRecorder): Promise<Run> {
  if (taskClass.input === "live") return { observed: "client-cannot", detail: "the provider sends whole prompts only (no live input)" };
  if (taskClass.completion !== "response" && taskClass.completion !== "stream") return { observed: "client-cannot", detail: "the provider has no polling, push or non-blocking call" };
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
  const original = globalThis.fetch;
  globalThis.fetch = recorder.wrap(boundedFetch);
  try {
    if (taskClass.completion === "response") {
      const result = await generateText({ model: a2a(server.cardUrl), prompt: "hello from the reality suite", abortSignal: AbortSignal.timeout(5_000) });
      return result.text ? { observed: "completed", detail: `generateText: ${JSON.stringify(result.text.slice(0, 40))}` } : { observed: "failed", detail: "generateText came back with no text" };
    }
    let streamError: unknown;
    const stream = streamText({ model: a2a(server.cardUrl), prompt: "hello from the reality suite", abortSignal: AbortSignal.timeout(5_000), onError: ({ error }) => void (streamError = error) });
    await stream.consumeStream();
    const text = await stream.text;
    if (streamError !== undefined && !text) return { observed: "failed", detail: `streamText: ${messageOf(streamError)}` };
    if (!text) return { observed: "failed", detail: "streamText came back with no text" };
    const streams = (server.card.capabilities as { streaming?: unknown } | undefined)?.streaming === true;
    return streams ? { observed: "completed", detail: `streamText: ${JSON.stringify(text.slice(0, 40))}` } : { observed: "completed-fallback", detail: "one blocking message/send (the card does not stream)" };
  } catch (error) {
    return { observed: "failed", detail: messageOf(error) };
  } finally {
    globalThis.fetch = original;
  }
}
