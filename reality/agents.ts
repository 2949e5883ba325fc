/**
 * The loopback agent kit: real `@a2a-js/sdk` servers (1.3, and 0.3 through the `a2a-sdk-03` alias)
 * on 127.0.0.1, port 0, with a card the test describes, an executor that behaves as told, and a log
 * of what reached the server. Also webhook receivers (plain HTTP, HTTPS, HTTPS demanding a client
 * certificate) to see which push callbacks really arrive.
 *
 * Used by the reality suite (reality/run.ts) and by the guard and probe tests: keep the API stable.
 * Test-only code: it imports the SDK's servers, express and gRPC, none of which the app ships.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";
import * as grpc from "@grpc/grpc-js";
import express from "express";
import { AgentCard as SdkAgentCard, TaskState } from "@a2a-js/sdk";
import type { Part as SdkPart, TaskPushNotificationConfig } from "@a2a-js/sdk";
import {
  AgentEvent,
  DefaultRequestHandler,
  InMemoryPushNotificationStore,
  InMemoryTaskStore,
  type AgentExecutor,
  type PushNotificationStore,
} from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler, restHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import { legacyAgentCardRouter } from "@a2a-js/sdk/compat/v0_3/server/express";
import { A2AService, grpcService, UserBuilder as GrpcUserBuilder } from "@a2a-js/sdk/server/grpc";
import * as legacyServer from "a2a-sdk-03/server";
import * as legacyExpress from "a2a-sdk-03/server/express";
import { testCertificates, trustTestCaInGlobalFetch } from "./certs";
export { clientCertificateFetch } from "./certs";

export type Binding = "JSONRPC" | "HTTP+JSON" | "GRPC";

export interface SkillSpec {
  id: string;
  name?: string;
  description?: string;
  tags?: string[];
  inputModes?: string[];
  outputModes?: string[];
  /** ProtoJSON security requirements of the skill (1.0 cards), passed through as written. */
  securityRequirements?: unknown[];
}

export interface AgentLies {
  /** The card says push; the server accepts every push config and stores none (no callback, no error). */
  pushDropped?: true;
  /** The card says streaming; the server runs with streaming off, so the SDK refuses every stream. */
  streamRefused?: true;
  /**
   * The card's first interface has nothing behind it (404 for HTTP, a closed port for gRPC): with
   * several bindings the first binding's URL is dead; with one, a dead twin is listed before it.
   */
  deadFirstInterface?: true;
  /** The server takes parts of any media type (the SDK's own default: validateInputModes off). */
  acceptsUnlistedInputModes?: true;
}

export interface AgentBehaviour {
  /** Milliseconds between "working" and the artifacts (capped at 10 s). Default 0. */
  delayMs?: number;
  /** Media types of the artifacts the task emits, one artifact each. Default: the card's first default output mode. */
  artifactModes?: string[];
  /** The terminal state. Default "completed". */
  outcome?: "completed" | "failed";
}

export interface AgentSpec {
  name?: string;
  /** "1.3": @a2a-js/sdk 1.3 (A2A 1.0 card); "0.3": @a2a-js/sdk 0.3.14 (A2A 0.3 card). Default "1.3". */
  sdk?: "1.3" | "0.3";
  /** In card order (the first is the preferred one). Default ["JSONRPC"]. The 0.3 server has no gRPC here. */
  bindings?: Binding[];
  /** capabilities.streaming. Default true. */
  streaming?: boolean;
  /** capabilities.pushNotifications. Default false. */
  push?: boolean;
  defaultInputModes?: string[];
  defaultOutputModes?: string[];
  skills?: SkillSpec[];
  /** Declared on the card and enforced by the server (401 / UNAUTHENTICATED without it). */
  security?: { kind: "bearer" | "apiKey"; token: string; headerName?: string };
  /**
   * The agent's endpoint is HTTPS (test CA) and its A2A paths demand a client certificate from the
   * test CA (401 without one); the card declares a mutualTLS scheme, required alongside `security`
   * when both are set. The card itself is served without one. 1.3, JSON-RPC and HTTP+JSON only.
   * Call it with clientCertificateFetch() (certs.ts) as the SDK's fetchImpl.
   */
  mtls?: true;
  /** Declared as required extensions; the 1.3 server refuses requests that do not activate them. */
  requiredExtensions?: string[];
  /** Every interface's protocolVersion (1.3) or the card's (0.3). Default "1.0" / "0.3.0". */
  protocolVersion?: string;
  lies?: AgentLies;
  /**
   * How the card is served: "protojson" (default) writes the ProtoJSON a card author writes;
   * "sdk-object" serves it the way the SDK's docs show (agentCardHandler over the SDK's parsed
   * AgentCard object), which writes oneofs as {"$case", "value"}. 1.3 only.
   */
  cardServing?: "protojson" | "sdk-object";
  /** The last word on the served card (after lies); the server itself runs on the unpatched card. */
  cardPatch?: (card: Record<string, unknown>) => Record<string, unknown>;
  behaviour?: AgentBehaviour;
  /**
   * The 1.3 server's v0.3 compatibility (`legacyCompat: { enabled: true }` on its handlers): the card
   * also lists a "0.3" twin of each HTTP interface, and a card request without `A2A-Version` (or
   * with a 0.x one) gets the SDK's translated 0.3 card, the SDK's own 1.0 request gets the 1.0 card.
   */
  legacyCompat?: true;
}

export interface CallRecord {
  /** The request handler's method (sendMessage, sendMessageStream, getTask, createTaskPushNotificationConfig, …). */
  method: string;
  binding: Binding;
}

export interface RequestRecord {
  binding: Binding | "card" | "other";
  /** HTTP method and path, or the gRPC method path. */
  what: string;
  a2aVersion?: string;
  status?: number;
}

export interface AgentLog {
  /** Calls that reached the SDK's request handler (after authentication). */
  calls: CallRecord[];
  /** Every HTTP request and gRPC call that reached the process, with its status when known. */
  requests: RequestRecord[];
  /** User messages the executor ran on: the media type and kind of each part. */
  messages: { taskId: string; parts: { mediaType: string; kind: string }[] }[];
  /** Push configs the client handed over (in a send or by a create call); `stored` false when the server dropped it. */
  pushConfigs: { via: "send" | "create"; url: string; stored: boolean }[];
  /** Requests refused before the handler for missing or wrong credentials. */
  authRefusals: { binding: Binding; what: string }[];
}

export interface RunningAgent {
  name: string;
  sdk: "1.3" | "0.3";
  /** http://127.0.0.1:<port>: the card is at origin + /.well-known/agent-card.json. */
  origin: string;
  cardUrl: string;
  /** The card exactly as served (fetched from cardUrl with the SDK's A2A-Version header). */
  card: Record<string, unknown>;
  /** The served card's text, byte for byte. */
  cardText: string;
  /** The credentials header a client must send, when the spec has security. */
  credentials?: Record<string, string>;
  log: AgentLog;
  close(): Promise<void>;
}

const CARD_PATH = "/.well-known/agent-card.json";
const JSONRPC_PATH = "/a2a/jsonrpc";
const REST_PATH = "/a2a/rest";
const DEAD_PATH = "/nothing-here";
const MAX_DELAY_MS = 10_000;

/** Start a real SDK server described by `spec`. Every server it starts is closed by close(). */
export async function startAgent(spec: AgentSpec = {}): Promise<RunningAgent> {
  const sdk = spec.sdk ?? "1.3";
  const bindings = spec.bindings ?? ["JSONRPC"];
  if (bindings.length === 0) throw new Error("reality: an agent needs at least one binding");
  if (sdk === "0.3" && bindings.includes("GRPC")) throw new Error("reality: the 0.3 kit server has JSON-RPC and HTTP+JSON only");
  if (sdk === "0.3" && spec.legacyCompat) throw new Error("reality: legacyCompat is the 1.3 server's option");
  const name = spec.name ?? "reality-agent";
  const log: AgentLog = { calls: [], requests: [], messages: [], pushConfigs: [], authRefusals: [] };

  if (spec.mtls && (sdk === "0.3" || bindings.includes("GRPC"))) throw new Error("reality: mtls is for the 1.3 server's HTTP bindings");
  const app = express();
  const sockets = new Set<Socket>();
  let server: http.Server | https.Server;
  if (spec.mtls) {
    const certs = testCertificates();
    await trustTestCaInGlobalFetch();
    // The certificate is requested at the handshake but checked per path below, so the card stays public.
    server = https.createServer({ key: certs.serverKey, cert: certs.serverCert, ca: certs.ca, requestCert: true, rejectUnauthorized: false }, app);
  } else {
    server = http.createServer(app);
  }
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  await listen(server);
  const origin = `${spec.mtls ? "https" : "http"}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let grpcServer: grpc.Server | undefined;
  let grpcUrl: string | undefined;
  let deadGrpcUrl: string | undefined;
  if (bindings.includes("GRPC")) {
    grpcServer = new grpc.Server();
    const port = await new Promise<number>((resolve, reject) =>
      grpcServer!.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (err, p) => (err ? reject(err) : resolve(p))),
    );
    grpcUrl = `127.0.0.1:${port}`;
    if (spec.lies?.deadFirstInterface && bindings[0] === "GRPC") deadGrpcUrl = `127.0.0.1:${await closedPort()}`;
  }

  const urlOf = (b: Binding) => (b === "JSONRPC" ? origin + JSONRPC_PATH : b === "HTTP+JSON" ? origin + REST_PATH : grpcUrl!);
  const deadUrl = bindings[0] === "GRPC" ? deadGrpcUrl! : origin + DEAD_PATH;
  const credentials = spec.security ? credentialHeaders(spec.security) : undefined;
  const authorized = (headers: Record<string, unknown>) => {
    if (!credentials) return true;
    return Object.entries(credentials).every(([k, v]) => headerValue(headers[k.toLowerCase()]) === v);
  };

  // Every request is logged with its status; credentials are checked before the SDK sees a call.
  app.use((req, res, next) => {
    const binding: RequestRecord["binding"] = req.path.startsWith(JSONRPC_PATH) ? "JSONRPC" : req.path.startsWith(REST_PATH) ? "HTTP+JSON" : req.path === CARD_PATH ? "card" : "other";
    const record: RequestRecord = { binding, what: `${req.method} ${req.path}` };
    const version = headerValue(req.headers["a2a-version"]);
    if (version !== undefined) record.a2aVersion = version;
    log.requests.push(record);
    res.on("finish", () => (record.status = res.statusCode));
    // authorized alone is not enough: on a resumed TLS session Node reports authorized with no
    // certificate at all, so the peer certificate must be there too.
    const tlsSocket = req.socket as Socket & { authorized?: boolean; getPeerCertificate?: () => { raw?: Buffer } };
    const certified = !spec.mtls || Boolean(tlsSocket.authorized && tlsSocket.getPeerCertificate?.()?.raw);
    if ((binding === "JSONRPC" || binding === "HTTP+JSON") && (!authorized(req.headers) || !certified)) {
      log.authRefusals.push({ binding, what: record.what });
      res.status(401).setHeader("WWW-Authenticate", !certified ? "MutualTLS" : spec.security?.kind === "bearer" ? "Bearer" : "ApiKey");
      res.json({ error: "unauthenticated", detail: !certified ? "this agent requires a client certificate (mutual TLS)" : "this agent requires the credentials its card declares" });
      return;
    }
    next();
  });

  const behaviour = spec.behaviour ?? {};
  const delayMs = Math.max(0, Math.min(behaviour.delayMs ?? 0, MAX_DELAY_MS));
  const outputModes = spec.defaultOutputModes ?? ["text/plain"];
  const artifactModes = behaviour.artifactModes ?? outputModes.slice(0, 1);
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });

  let servedText = "";
  if (sdk === "1.3") {
    const interfaces = bindings.map((b) => ({ url: urlOf(b), protocolBinding: b, protocolVersion: spec.protocolVersion ?? "1.0" }));
    if (spec.legacyCompat) interfaces.push(...bindings.filter((b) => b !== "GRPC").map((b) => ({ url: urlOf(b), protocolBinding: b, protocolVersion: "0.3" })));
    const runtimeCard = cardV1(spec, name, interfaces);
    let served = cardV1(spec, name, interfaces);
    if (spec.lies?.deadFirstInterface) {
      // With several bindings the first one's URL is dead. With one, a dead twin is listed first:
      // the 1.3 SDK keeps, per binding, the LAST interface declaring "1.0" (ClientFactory), so it
      // skips that twin; other clients take entry 0 as the preferred one.
      const dead = { url: deadUrl, protocolBinding: bindings[0], protocolVersion: spec.protocolVersion ?? "1.0" };
      served = { ...served, supportedInterfaces: bindings.length > 1 ? [dead, ...interfaces.slice(1)] : [dead, ...interfaces] };
    }
    if (spec.lies?.streamRefused) {
      (runtimeCard.capabilities as Record<string, unknown>).streaming = false;
      (served.capabilities as Record<string, unknown>).streaming = true;
    }
    if (spec.lies?.pushDropped) (served.capabilities as Record<string, unknown>).pushNotifications = true;
    if (spec.lies?.pushDropped) (runtimeCard.capabilities as Record<string, unknown>).pushNotifications = true;
    if (spec.cardPatch) served = spec.cardPatch(structuredClone(served));

    const executor: AgentExecutor = {
      async execute(ctx, bus) {
        const { taskId, contextId } = ctx;
        log.messages.push({ taskId, parts: (ctx.userMessage.parts ?? []).map((p) => ({ mediaType: p.mediaType, kind: p.content?.$case ?? "none" })) });
        const status = (state: TaskState) => ({ state, message: undefined, timestamp: new Date().toISOString() });
        bus.publish(AgentEvent.task({ id: taskId, contextId, status: status(TaskState.TASK_STATE_SUBMITTED), artifacts: [], history: [ctx.userMessage], metadata: undefined }));
        bus.publish(AgentEvent.statusUpdate({ taskId, contextId, status: status(TaskState.TASK_STATE_WORKING), metadata: undefined }));
        await sleep(delayMs);
        for (const mode of artifactModes) {
          bus.publish(
            AgentEvent.artifactUpdate({
              taskId,
              contextId,
              artifact: { artifactId: randomUUID(), name: `result (${mode})`, description: "", parts: [partV1(mode)], metadata: undefined, extensions: [] },
              append: false,
              lastChunk: true,
              metadata: undefined,
            }),
          );
        }
        const final = behaviour.outcome === "failed" ? TaskState.TASK_STATE_FAILED : TaskState.TASK_STATE_COMPLETED;
        bus.publish(AgentEvent.statusUpdate({ taskId, contextId, status: status(final), metadata: undefined }));
        bus.finished();
      },
      async cancelTask(taskId, bus) {
        bus.publish(AgentEvent.statusUpdate({ taskId, contextId: "", status: { state: TaskState.TASK_STATE_CANCELED, message: undefined, timestamp: new Date().toISOString() }, metadata: undefined }));
        bus.finished();
      },
    };
    const realStore = new InMemoryPushNotificationStore();
    const store: PushNotificationStore = spec.lies?.pushDropped ? droppingStore() : realStore;
    const handler = new DefaultRequestHandler(SdkAgentCard.fromJSON(runtimeCard), new InMemoryTaskStore(), executor, undefined, store, undefined, undefined, undefined, {
      validateInputModes: !spec.lies?.acceptsUnlistedInputModes,
    });
    const stored = !spec.lies?.pushDropped;
    if (spec.cardServing === "sdk-object") {
      const sdkCard = SdkAgentCard.fromJSON(served);
      // The SDK's own card handler; with legacyCompat it serves its 0.3 translation to a request without A2A-Version (or a 0.x one).
      app.use(CARD_PATH, agentCardHandler({ agentCardProvider: async () => sdkCard, ...(spec.legacyCompat ? { legacyCompat: { enabled: true } } : {}) }));
    } else {
      const text = JSON.stringify(served);
      // The SDK's legacy router answers 0.x (and header-less) card requests and passes 1.x ones on.
      if (spec.legacyCompat) app.use(CARD_PATH, legacyAgentCardRouter({ agentCardProvider: async () => SdkAgentCard.fromJSON(served) }));
      app.get(CARD_PATH, (_req, res) => {
        res.setHeader("Content-Type", "application/json");
        res.send(text);
      });
    }
    const legacyCompat = spec.legacyCompat ? { legacyCompat: { enabled: true } } : {};
    if (bindings.includes("JSONRPC")) app.use(JSONRPC_PATH, jsonRpcHandler({ requestHandler: tapped(handler, "JSONRPC", log, stored), userBuilder: UserBuilder.noAuthentication, ...legacyCompat }));
    if (bindings.includes("HTTP+JSON")) app.use(REST_PATH, restHandler({ requestHandler: tapped(handler, "HTTP+JSON", log, stored), userBuilder: UserBuilder.noAuthentication, ...legacyCompat }));
    if (grpcServer) {
      const impl = grpcService({ requestHandler: tapped(handler, "GRPC", log, stored), userBuilder: GrpcUserBuilder.noAuthentication }) as unknown as Record<string, (...args: unknown[]) => unknown>;
      grpcServer.addService(A2AService, guardedGrpc(impl, credentials, log));
    }
  } else {
    const interfaces = bindings.map((b) => ({ url: urlOf(b), transport: b }));
    const dead = { url: deadUrl, transport: bindings[0]! };
    let served = cardV03(spec, name, spec.lies?.deadFirstInterface ? (bindings.length > 1 ? [dead, ...interfaces.slice(1)] : [dead, ...interfaces]) : interfaces);
    const runtimeCard = cardV03(spec, name, interfaces);
    if (spec.lies?.streamRefused) {
      (runtimeCard.capabilities as Record<string, unknown>).streaming = false;
      (served.capabilities as Record<string, unknown>).streaming = true;
    }
    if (spec.lies?.pushDropped) {
      (served.capabilities as Record<string, unknown>).pushNotifications = true;
      (runtimeCard.capabilities as Record<string, unknown>).pushNotifications = true;
    }
    if (spec.cardPatch) served = spec.cardPatch(structuredClone(served));
    const executor = {
      async execute(ctx: { userMessage: { parts?: { kind: string; mimeType?: string; file?: { mimeType?: string } }[] }; taskId: string; contextId: string }, bus: { publish(e: unknown): void; finished(): void }) {
        const { taskId, contextId } = ctx;
        log.messages.push({ taskId, parts: (ctx.userMessage.parts ?? []).map((p) => ({ mediaType: p.file?.mimeType ?? (p.kind === "text" ? "text/plain" : p.kind === "data" ? "application/json" : ""), kind: p.kind })) });
        const ts = () => new Date().toISOString();
        bus.publish({ kind: "task", id: taskId, contextId, status: { state: "submitted", timestamp: ts() }, history: [ctx.userMessage], artifacts: [] });
        bus.publish({ kind: "status-update", taskId, contextId, status: { state: "working", timestamp: ts() }, final: false });
        await sleep(delayMs);
        for (const mode of artifactModes) {
          bus.publish({ kind: "artifact-update", taskId, contextId, artifact: { artifactId: randomUUID(), name: `result (${mode})`, parts: [partV03(mode)] }, lastChunk: true });
        }
        bus.publish({ kind: "status-update", taskId, contextId, status: { state: behaviour.outcome === "failed" ? "failed" : "completed", timestamp: ts() }, final: true });
        bus.finished();
      },
      async cancelTask(taskId: string, bus: { publish(e: unknown): void; finished(): void }) {
        bus.publish({ kind: "status-update", taskId, contextId: "", status: { state: "canceled", timestamp: new Date().toISOString() }, final: true });
        bus.finished();
      },
    };
    const store = spec.lies?.pushDropped
      ? { save: async () => undefined, load: async () => [], delete: async () => undefined }
      : new legacyServer.InMemoryPushNotificationStore();
    const Handler = legacyServer.DefaultRequestHandler as unknown as new (...args: unknown[]) => object;
    const handler = new Handler(runtimeCard, new legacyServer.InMemoryTaskStore(), executor, undefined, store);
    const text = JSON.stringify(served);
    app.get(CARD_PATH, (_req, res) => {
      res.setHeader("Content-Type", "application/json");
      res.send(text);
    });
    const stored = !spec.lies?.pushDropped;
    const userBuilder = legacyExpress.UserBuilder.noAuthentication;
    type LegacyHandler = Parameters<typeof legacyExpress.jsonRpcHandler>[0]["requestHandler"];
    if (bindings.includes("JSONRPC")) app.use(JSONRPC_PATH, legacyExpress.jsonRpcHandler({ requestHandler: tapped(handler, "JSONRPC", log, stored) as LegacyHandler, userBuilder }));
    if (bindings.includes("HTTP+JSON")) app.use(REST_PATH, legacyExpress.restHandler({ requestHandler: tapped(handler, "HTTP+JSON", log, stored) as LegacyHandler, userBuilder }));
  }

  const closeAll = async () => {
    for (const t of timers) clearTimeout(t);
    timers.clear();
    await Promise.all([
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
      grpcServer ? new Promise<void>((resolve) => grpcServer!.tryShutdown(() => resolve())).then(() => grpcServer!.forceShutdown()) : Promise.resolve(),
    ]);
  };
  try {
    const response = await fetch(origin + CARD_PATH, { headers: { "A2A-Version": sdk === "1.3" ? "1.0" : "0.3" }, signal: AbortSignal.timeout(5_000) });
    servedText = await response.text();
    // The kit's own fetch of the card is not the client's: keep the log about the client.
    log.requests.length = 0;
    const agent: RunningAgent = {
      name,
      sdk,
      origin,
      cardUrl: origin + CARD_PATH,
      card: JSON.parse(servedText) as Record<string, unknown>,
      cardText: servedText,
      log,
      close: closeAll,
    };
    if (credentials) agent.credentials = credentials;
    return agent;
  } catch (error) {
    await closeAll();
    throw error;
  }
}

function cardV1(spec: AgentSpec, name: string, interfaces: { url: string; protocolBinding: string; protocolVersion: string }[]): Record<string, unknown> {
  const card: Record<string, unknown> = {
    name,
    description: `Loopback agent ${name} for Parley's reality suite.`,
    version: "1.0.0",
    supportedInterfaces: interfaces,
    capabilities: {
      streaming: spec.streaming ?? true,
      pushNotifications: spec.push ?? false,
      ...(spec.requiredExtensions?.length ? { extensions: spec.requiredExtensions.map((uri) => ({ uri, description: "required by this agent", required: true })) } : {}),
    },
    defaultInputModes: spec.defaultInputModes ?? ["text/plain"],
    defaultOutputModes: spec.defaultOutputModes ?? ["text/plain"],
    skills: (spec.skills ?? [{ id: "main" }]).map((s) => ({
      id: s.id,
      name: s.name ?? s.id,
      description: s.description ?? `Skill ${s.id}.`,
      tags: s.tags ?? ["reality"],
      ...(s.inputModes ? { inputModes: s.inputModes } : {}),
      ...(s.outputModes ? { outputModes: s.outputModes } : {}),
      ...(s.securityRequirements ? { securityRequirements: s.securityRequirements } : {}),
    })),
  };
  const schemes: Record<string, unknown> = {};
  const required: Record<string, { list: string[] }> = {};
  if (spec.security) {
    const id = spec.security.kind;
    schemes[id] =
      id === "bearer"
        ? { httpAuthSecurityScheme: { scheme: "Bearer" } }
        : { apiKeySecurityScheme: { location: "header", name: spec.security.headerName ?? "X-API-Key" } };
    required[id] = { list: [] };
  }
  if (spec.mtls) {
    schemes.mtls = { mtlsSecurityScheme: { description: "client certificate from the agent's CA" } };
    required.mtls = { list: [] };
  }
  if (Object.keys(schemes).length) {
    card.securitySchemes = schemes;
    // One requirement naming every scheme: all of them at once.
    card.securityRequirements = [{ schemes: required }];
  }
  return card;
}

function cardV03(spec: AgentSpec, name: string, interfaces: { url: string; transport: string }[]): Record<string, unknown> {
  const card: Record<string, unknown> = {
    protocolVersion: spec.protocolVersion ?? "0.3.0",
    name,
    description: `Loopback agent ${name} for Parley's reality suite (SDK 0.3).`,
    url: interfaces[0]!.url,
    preferredTransport: interfaces[0]!.transport,
    additionalInterfaces: interfaces,
    version: "1.0.0",
    capabilities: {
      streaming: spec.streaming ?? true,
      pushNotifications: spec.push ?? false,
      ...(spec.requiredExtensions?.length ? { extensions: spec.requiredExtensions.map((uri) => ({ uri, description: "required by this agent", required: true })) } : {}),
    },
    defaultInputModes: spec.defaultInputModes ?? ["text/plain"],
    defaultOutputModes: spec.defaultOutputModes ?? ["text/plain"],
    skills: (spec.skills ?? [{ id: "main" }]).map((s) => ({
      id: s.id,
      name: s.name ?? s.id,
      description: s.description ?? `Skill ${s.id}.`,
      tags: s.tags ?? ["reality"],
      ...(s.inputModes ? { inputModes: s.inputModes } : {}),
      ...(s.outputModes ? { outputModes: s.outputModes } : {}),
    })),
  };
  if (spec.security) {
    const id = spec.security.kind;
    card.securitySchemes =
      id === "bearer" ? { bearer: { type: "http", scheme: "bearer" } } : { apiKey: { type: "apiKey", in: "header", name: spec.security.headerName ?? "X-API-Key" } };
    card.security = [{ [id]: [] }];
  }
  return card;
}

function partV1(mode: string): SdkPart {
  const base = { metadata: undefined, filename: "", mediaType: mode };
  if (mode.startsWith("text/")) return { ...base, content: { $case: "text", value: `result as ${mode}` } };
  if (mode === "application/json") return { ...base, content: { $case: "data", value: { result: "ok" } } };
  return { ...base, filename: "result.bin", content: { $case: "raw", value: Buffer.from("result bytes") } };
}

function partV03(mode: string): Record<string, unknown> {
  if (mode.startsWith("text/")) return { kind: "text", text: `result as ${mode}` };
  if (mode === "application/json") return { kind: "data", data: { result: "ok" } };
  return { kind: "file", file: { name: "result.bin", mimeType: mode, bytes: Buffer.from("result bytes").toString("base64") } };
}

function credentialHeaders(security: NonNullable<AgentSpec["security"]>): Record<string, string> {
  return security.kind === "bearer" ? { Authorization: `Bearer ${security.token}` } : { [security.headerName ?? "X-API-Key"]: security.token };
}

function headerValue(value: unknown): string | undefined {
  if (Array.isArray(value)) return typeof value[0] === "string" ? value[0] : undefined;
  return typeof value === "string" ? value : undefined;
}

const LOGGED = new Set([
  "sendMessage",
  "sendMessageStream",
  "getTask",
  "listTasks",
  "cancelTask",
  "resubscribe",
  "createTaskPushNotificationConfig",
  "setTaskPushNotificationConfig",
  "getTaskPushNotificationConfig",
  "listTaskPushNotificationConfigs",
  "deleteTaskPushNotificationConfig",
  "getAuthenticatedExtendedAgentCard",
]);

/** The request handler one transport sees: every call is logged with that transport's binding. */
function tapped<T extends object>(handler: T, binding: Binding, log: AgentLog, stored: boolean): T {
  return new Proxy(handler, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (typeof prop !== "string" || !LOGGED.has(prop)) return fn.bind(target);
      return (...args: unknown[]) => {
        log.calls.push({ method: prop, binding });
        const params = args[0] as Record<string, unknown> | undefined;
        if (prop === "sendMessage" || prop === "sendMessageStream") {
          const configuration = params?.configuration as Record<string, unknown> | undefined;
          // 1.0 names it taskPushNotificationConfig; 0.3 pushNotificationConfig.
          const push = (configuration?.taskPushNotificationConfig ?? configuration?.pushNotificationConfig) as { url?: string } | undefined;
          if (push?.url) log.pushConfigs.push({ via: "send", url: push.url, stored });
        }
        if (prop === "createTaskPushNotificationConfig" || prop === "setTaskPushNotificationConfig") {
          const url = (params?.url ?? (params?.pushNotificationConfig as { url?: string } | undefined)?.url) as string | undefined;
          if (url) log.pushConfigs.push({ via: "create", url, stored });
        }
        return fn.apply(target, args);
      };
    },
  });
}

/** A push store that says yes and keeps nothing: the SDK then never calls back, and says nothing. */
function droppingStore(): PushNotificationStore {
  return {
    async save(_taskId: string, _context: unknown, config: TaskPushNotificationConfig) {
      if (!config.id) config.id = randomUUID();
    },
    async load() {
      return [];
    },
    async delete() {},
  };
}

/** The gRPC service with the card's credentials enforced per call (UNAUTHENTICATED without them). */
function guardedGrpc(impl: Record<string, (...args: unknown[]) => unknown>, credentials: Record<string, string> | undefined, log: AgentLog): grpc.UntypedServiceImplementation {
  const out: grpc.UntypedServiceImplementation = {};
  for (const [name, def] of Object.entries(A2AService as unknown as Record<string, { path: string; responseStream: boolean }>)) {
    const fn = impl[name];
    if (!fn) continue;
    const ok = (metadata: grpc.Metadata) =>
      !credentials || Object.entries(credentials).every(([k, v]) => String(metadata.get(k.toLowerCase())[0] ?? "") === v);
    out[name] = def.responseStream
      ? (call: grpc.ServerWritableStream<unknown, unknown>) => {
          const record: RequestRecord = { binding: "GRPC", what: def.path };
          const version = call.metadata.get("a2a-version")[0];
          if (version !== undefined) record.a2aVersion = String(version);
          log.requests.push(record);
          if (!ok(call.metadata)) {
            log.authRefusals.push({ binding: "GRPC", what: def.path });
            call.emit("error", { code: grpc.status.UNAUTHENTICATED, details: "this agent requires the credentials its card declares" });
            return;
          }
          return fn(call);
        }
      : (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
          const record: RequestRecord = { binding: "GRPC", what: def.path };
          const version = call.metadata.get("a2a-version")[0];
          if (version !== undefined) record.a2aVersion = String(version);
          log.requests.push(record);
          if (!ok(call.metadata)) {
            log.authRefusals.push({ binding: "GRPC", what: def.path });
            callback({ code: grpc.status.UNAUTHENTICATED, details: "this agent requires the credentials its card declares" }, null);
            return;
          }
          return fn(call, callback);
        };
  }
  return out;
}

function listen(server: http.Server | https.Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** A loopback port with nothing listening on it (bound, then released). */
async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await listen(probe);
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface ReceivedCallback {
  headers: Record<string, string | string[] | undefined>;
  /** The body parsed as JSON (or the text when it is not JSON). */
  body: unknown;
  /** Whether the sender presented a client certificate the receiver verified. */
  clientCertificate: boolean;
}

export interface WebhookReceiver {
  /** Where to point a push config: http://127.0.0.1:<port>/callback or https://…. */
  url: string;
  tls: "none" | "server" | "mutual";
  received: ReceivedCallback[];
  /** TLS handshakes that failed (for "mutual": a sender that presented no certificate). */
  handshakeFailures: string[];
  /** Resolves once `count` callbacks arrived, or after `timeoutMs` (default 3 s) with what came. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedCallback[]>;
  close(): Promise<void>;
}

/**
 * A webhook on 127.0.0.1 that records every POST. tls "server": HTTPS with a test-CA certificate;
 * "mutual": HTTPS that demands a client certificate from the test CA. For either, this process's
 * global fetch is made to trust the test CA (the SDK's push sender uses it) — see certs.ts.
 */
export async function startWebhookReceiver(options: { tls?: "none" | "server" | "mutual" } = {}): Promise<WebhookReceiver> {
  const tls = options.tls ?? "none";
  const received: ReceivedCallback[] = [];
  const handshakeFailures: string[] = [];
  const waiters = new Set<() => void>();
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= 1_000_000) chunks.push(c);
    });
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: kept as text
      }
      const socket = req.socket as Socket & { authorized?: boolean; getPeerCertificate?: () => { subject?: unknown } };
      const clientCertificate = Boolean(socket.authorized && socket.getPeerCertificate?.()?.subject);
      received.push({ headers: req.headers, body, clientCertificate });
      res.statusCode = 200;
      res.end("ok");
      for (const w of waiters) w();
    });
  };
  let server: http.Server | https.Server;
  if (tls === "none") {
    server = http.createServer(handle);
  } else {
    const certs = testCertificates();
    await trustTestCaInGlobalFetch();
    server = https.createServer({ key: certs.serverKey, cert: certs.serverCert, ca: certs.ca, requestCert: tls === "mutual", rejectUnauthorized: tls === "mutual" }, handle);
    server.on("tlsClientError", (err: Error) => handshakeFailures.push(err.message));
  }
  const sockets = new Set<Socket>();
  server.on("connection", (s: Socket) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await listen(server);
  const { port } = server.address() as AddressInfo;
  return {
    url: `${tls === "none" ? "http" : "https"}://127.0.0.1:${port}/callback`,
    tls,
    received,
    handshakeFailures,
    waitFor(count, timeoutMs = 3_000) {
      return new Promise((resolve) => {
        if (received.length >= count) return resolve(received);
        const done = () => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(received);
        };
        const check = () => {
          if (received.length >= count) done();
        };
        const timer = setTimeout(done, Math.min(timeoutMs, 30_000));
        waiters.add(check);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
