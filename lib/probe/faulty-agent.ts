import { randomUUID } from "node:crypto";
import http from "node:http";

/**
 * A small, deliberately faulty A2A 0.3 JSON-RPC agent on 127.0.0.1 for the probe's tests and the
 * stress run: each wire fault seen in independent servers is a switch. With no fault it answers as
 * the protocol says. It serves its card at /.well-known/agent-card.json, runs tasks that take
 * `workMs` and end with a text artifact, streams their events as they happen, and posts push
 * callbacks with the token it was given.
 */
export interface AgentFaults {
  /** `message/send` answered with `"id": null`. */
  idNull?: boolean;
  /** Every stream event carries `"id": 1`. */
  streamIdOne?: boolean;
  /** Tasks (results and stream events) without `kind`. */
  noKind?: boolean;
  /** A U+001E byte after `data: ` on every SSE event. */
  recordSeparator?: boolean;
  /** `blocking: false` is ignored: the answer comes when the task is done. */
  ignoreNonBlocking?: boolean;
  /** Every stream event is sent at once, after the task is done. */
  streamAllAtOnce?: boolean;
  /** The final status update is sent before the artifact. */
  finalBeforeOutput?: boolean;
  /** Push config reads and resubscribe are refused with -32000 (on HTTP 200). */
  generic32000?: boolean;
  /** JSON-RPC errors are sent with HTTP 400. */
  errorsHttp400?: boolean;
  /** Push callbacks are sent as text/plain, without the token. */
  sloppyPush?: boolean;
  /** Echoes the request's Authorization header in its error messages. */
  echoCredentials?: boolean;
  /** `message/send` answered in A2A 1.0's shape (a `task` wrapper, TASK_STATE_* states, no kind) though the card says 0.3. */
  answers10?: boolean;
  /** On a card that declares 1.0 (`declares10`): `SendMessage` answered with a 0.3 Task (`kind`, lower-case states) where a SendMessageResponse belongs. */
  answers03?: boolean;
  /** `message/stream` events in A2A 1.0's shape (`{"task": …}`, `{"statusUpdate": …}`, …, no kind) though the card says 0.3. */
  stream10?: boolean;
  /** `tasks/get` answered with a 1.0 Task (no kind, TASK_STATE_* states, parts without kind) though the card says 0.3. */
  get10?: boolean;
  /** On a card that declares 1.0: `SendStreamingMessage` events are 0.3's bare task and updates (`kind`, lower-case states) where a StreamResponse belongs. */
  stream03?: boolean;
  /** On a card that declares 1.0: `GetTask` answered with a 0.3 Task (`kind`, lower-case states). */
  get03?: boolean;
  /** The card asked for with `A2A-Version: 1.0` offers something else (no streaming, another skill) than the one asked for without. */
  cardByVersion?: boolean;
}

export interface FaultyAgentOptions {
  faults?: AgentFaults;
  /** How long a task runs before it completes. Default 0. */
  workMs?: number;
  streaming?: boolean;
  push?: boolean;
  /** Extra interfaces the card lists (fan-out tests): URLs as given. */
  extraInterfaces?: string[];
  /**
   * The card is an A2A 1.0 card (one JSON-RPC interface declaring "1.0") and the agent answers 1.0's
   * GetTask, SendMessage and SubscribeToTask (each a task not found, or a completed task in 1.0's shape).
   */
  declares10?: boolean;
  /**
   * The card as the Python SDK's server serves it (a2aproject/a2a-python @ 46b292b4,
   * src/a2a/server/routes/agent_card_routes.py create_agent_card_routes → 
   * src/a2a/server/request_handlers/response_helpers.py agent_card_to_dict): the 1.0 card
   * (MessageToDict) with the 0.3 projection of its 0.3 interfaces merged in (compat/v0_3/conversions.py
   * to_compat_agent_card: the first becomes url, preferredTransport and protocolVersion, the others
   * additionalInterfaces). The same bytes whatever A2A-Version is sent, at
   * /.well-known/agent-card.json only. Its interfaces: 1.0 and 0.3 JSON-RPC on one endpoint
   * (jsonrpc_dispatcher.py with enable_v0_3_compat routes 0.3 methods by name), both of which this
   * agent answers.
   */
  pythonCard?: boolean;
  /**
   * With pythonCard: the Python server without enable_v0_3_compat, over a card whose one JSON-RPC
   * interface has no protocolVersion. to_compat_agent_card projects a versionless interface as 0.3
   * (url, protocolVersion "0.3"), while the dispatcher knows 1.0's methods only: 0.3's are
   * "Method not found" (-32601).
   */
  pythonNoCompat?: boolean;
}

export interface FaultyAgent {
  origin: string;
  cardUrl: string;
  /** JSON-RPC methods called, in order. */
  calls: string[];
  close(): Promise<void>;
}

type Json = Record<string, unknown>;

export async function startFaultyAgent(options: FaultyAgentOptions = {}): Promise<FaultyAgent> {
  const f = options.faults ?? {};
  const workMs = options.workMs ?? 0;
  const tasks = new Map<string, Json>();
  const calls: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const t = setTimeout(() => (timers.delete(t), resolve()), ms);
      timers.add(t);
    });
  let origin = "";

  const kind = <T extends Json>(value: T, k: string): T => (f.noKind ? value : { ...value, kind: k });
  const taskOf = (id: string, contextId: string, state: string, withArtifact: boolean): Json =>
    kind(
      {
        id,
        contextId,
        status: { state, timestamp: new Date().toISOString() },
        ...(withArtifact ? { artifacts: [{ artifactId: "a1", parts: [{ kind: "text", text: "done" }] }] } : {}),
        history: [],
      },
      "task",
    );

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      void handle(req, res, Buffer.concat(chunks).toString("utf8")).catch(() => res.destroy());
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, text: string): Promise<void> {
    if (req.method === "GET" && req.url === "/.well-known/agent-card.json" && options.pythonCard) {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(pythonCard()));
      return;
    }
    if (req.method === "GET" && req.url === "/.well-known/agent-card.json") {
      const v1 = f.cardByVersion && req.headers["a2a-version"] === "1.0";
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(v1 ? { ...card(), capabilities: { streaming: false, pushNotifications: false }, skills: [{ id: "summarise", name: "Summarise", description: "Summarises text.", tags: ["test"] }] } : card()));
      return;
    }
    if (req.method !== "POST" || req.url !== "/a2a") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not here");
      return;
    }
    let rpc: Json;
    try {
      rpc = JSON.parse(text) as Json;
    } catch {
      return error(res, null, -32700, "Parse error");
    }
    const method = String(rpc.method);
    const params = (rpc.params ?? {}) as Json;
    calls.push(method);
    if (options.pythonNoCompat && method.includes("/")) return error(res, rpc.id, -32601, "Method not found");
    const echo = f.echoCredentials && req.headers.authorization ? ` (you sent ${req.headers.authorization})` : "";
    switch (method) {
      case "tasks/get": {
        const task = tasks.get(String(params.id));
        return task ? result(res, rpc.id, f.get10 ? as10(task) : task) : error(res, rpc.id, -32001, `Task not found${echo}`);
      }
      case "tasks/resubscribe":
        if (f.generic32000) return error(res, rpc.id, -32000, "Not implemented");
        return error(res, rpc.id, -32001, `Task not found${echo}`);
      case "tasks/pushNotificationConfig/get":
        if (f.generic32000) return error(res, rpc.id, -32000, "Not implemented");
        return error(res, rpc.id, -32001, `Task not found${echo}`);
      case "message/send":
        return send(res, rpc, params);
      case "GetTask": {
        const task = tasks.get(String(params.id));
        return task ? result(res, rpc.id, f.get03 ? task : as10(task)) : error(res, rpc.id, -32001, `Task not found${echo}`);
      }
      case "SubscribeToTask":
      case "GetTaskPushNotificationConfig":
        return error(res, rpc.id, -32001, `Task not found${echo}`);
      case "SendMessage": {
        const id = randomUUID();
        const contextId = randomUUID();
        const conf = (params.configuration ?? {}) as Json;
        if (conf.returnImmediately === true && !f.answers03) {
          // Returned at once; the task completes after workMs (GetTask finds it).
          tasks.set(id, taskOf(id, contextId, "working", false));
          void wait(workMs).then(() => tasks.set(id, taskOf(id, contextId, "completed", true)));
          return result(res, rpc.id, { task: as10(taskOf(id, contextId, "working", false)) });
        }
        await wait(workMs);
        if (f.answers03) return result(res, rpc.id, taskOf(id, contextId, "completed", true));
        return result(res, rpc.id, { task: { id, contextId, status: { state: "TASK_STATE_COMPLETED" }, artifacts: [{ artifactId: "a1", parts: [{ text: "done" }] }] } });
      }
      case "message/stream":
        return stream(res, rpc);
      case "SendStreamingMessage":
        return stream(res, rpc, true);
      default:
        return error(res, rpc.id, -32601, "Method not found");
    }
  }

  async function send(res: http.ServerResponse, rpc: Json, params: Json): Promise<void> {
    const conf = (params.configuration ?? {}) as Json;
    const id = randomUUID();
    const contextId = randomUUID();
    tasks.set(id, taskOf(id, contextId, "submitted", false));
    const push = conf.pushNotificationConfig as { url?: string; token?: string } | undefined;
    const done = (async () => {
      await wait(workMs);
      const task = taskOf(id, contextId, "completed", true);
      tasks.set(id, task);
      if (push?.url) await callback(push.url, push.token, task);
      return task;
    })();
    if (conf.blocking === false && !f.ignoreNonBlocking) {
      tasks.set(id, taskOf(id, contextId, "working", false));
      return result(res, f.idNull ? null : rpc.id, taskOf(id, contextId, "working", false));
    }
    const task = await done;
    if (f.answers10) {
      const v1 = Object.fromEntries(Object.entries(task).filter(([k]) => k !== "kind"));
      const artifacts = (task.artifacts as Json[] | undefined)?.map((a) => ({ ...a, parts: [{ text: "done" }] }));
      return result(res, f.idNull ? null : rpc.id, { task: { ...v1, status: { state: "TASK_STATE_COMPLETED" }, ...(artifacts ? { artifacts } : {}) } });
    }
    return result(res, f.idNull ? null : rpc.id, task);
  }

  async function stream(res: http.ServerResponse, rpc: Json, v1 = false): Promise<void> {
    const id = randomUUID();
    const contextId = randomUUID();
    // 1.0 (SendStreamingMessage, or message/stream with stream10) wraps each event in a StreamResponse; stream03 sends 0.3's on a 1.0 call.
    const wrap = (v1 && !f.stream03) || (!v1 && f.stream10);
    const envelope = (value: Json) => `data: ${f.recordSeparator ? "\u001e" : ""}${JSON.stringify({ jsonrpc: "2.0", id: f.streamIdOne ? 1 : rpc.id, result: wrap ? asStreamResponse10(value) : value })}\n\n`;
    const status = (state: string, final: boolean) => kind({ taskId: id, contextId, status: { state }, final }, "status-update");
    const artifact = kind({ taskId: id, contextId, artifact: { artifactId: "a1", parts: [{ kind: "text", text: "done" }] }, lastChunk: true }, "artifact-update");
    const first = [taskOf(id, contextId, "submitted", false), status("working", false)];
    const last = f.finalBeforeOutput ? [status("completed", true), artifact] : [artifact, status("completed", true)];
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    if (f.streamAllAtOnce) {
      await wait(workMs);
      res.end([...first, ...last].map(envelope).join(""));
    } else {
      for (const e of first) res.write(envelope(e));
      await wait(workMs);
      res.end(last.map(envelope).join(""));
    }
    tasks.set(id, taskOf(id, contextId, "completed", true));
  }

  function without(value: Json, ...keys: string[]): Json {
    return Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));
  }

  /** A 0.3 task in 1.0's shape: no kind, TASK_STATE_* states, parts without kind. */
  function as10(task: Json): Json {
    const rest = without(task, "kind");
    const status = task.status as Json;
    const artifacts = (task.artifacts as Json[] | undefined)?.map((a) => ({ ...a, parts: [{ text: "done" }] }));
    return { ...rest, status: { ...status, state: `TASK_STATE_${String(status.state).toUpperCase().replace("-", "_")}` }, ...(artifacts ? { artifacts } : {}) };
  }

  /** A 0.3 stream event as 1.0's StreamResponse. */
  function asStreamResponse10(event: Json): Json {
    if (event.kind === "task" || ("id" in event && "status" in event && !("taskId" in event))) return { task: as10(event) };
    const rest = without(event, "kind", "final");
    if ("artifact" in event) return { artifactUpdate: { ...rest, artifact: { ...(event.artifact as Json), parts: [{ text: "done" }] } } };
    const status = event.status as Json;
    return { statusUpdate: { ...rest, status: { ...status, state: `TASK_STATE_${String(status.state).toUpperCase().replace("-", "_")}` } } };
  }

  async function callback(url: string, token: string | undefined, task: Json): Promise<void> {
    const headers: Record<string, string> = { "content-type": f.sloppyPush ? "text/plain" : "application/json" };
    if (token && !f.sloppyPush) headers["x-a2a-notification-token"] = token;
    await fetch(url, { method: "POST", headers, body: JSON.stringify(task) }).catch(() => undefined);
  }

  function result(res: http.ServerResponse, id: unknown, value: Json): void {
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, result: value }));
  }
  function error(res: http.ServerResponse, id: unknown, code: number, message: string): void {
    res.writeHead(f.errorsHttp400 ? 400 : 200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id, error: { code, message } }));
  }

  function card(): Json {
    if (options.declares10) {
      return {
        name: "Faulty test agent",
        description: "A deliberately faulty A2A agent for Parley's probe tests.",
        supportedInterfaces: [{ url: `${origin}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
        version: "1.0.0",
        capabilities: { streaming: options.streaming ?? true, pushNotifications: options.push ?? false },
        defaultInputModes: ["text/plain"],
        defaultOutputModes: ["text/plain"],
        skills: [{ id: "echo", name: "Echo", description: "Answers any text.", tags: ["test"] }],
      };
    }
    return {
      protocolVersion: "0.3.0",
      name: "Faulty test agent",
      description: "A deliberately faulty A2A agent for Parley's probe tests.",
      url: `${origin}/a2a`,
      preferredTransport: "JSONRPC",
      ...(options.extraInterfaces ? { additionalInterfaces: options.extraInterfaces.map((url) => ({ url, transport: "JSONRPC" })) } : {}),
      version: "1.0.0",
      capabilities: { streaming: options.streaming ?? true, pushNotifications: options.push ?? false },
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain"],
      skills: [{ id: "echo", name: "Echo", description: "Answers any text.", tags: ["test"] }],
    };
  }

  /** What agent_card_to_dict writes for a 1.0 card with a 1.0 and a 0.3 JSON-RPC interface: MessageToDict's keys, then the 0.3 projection's keys not already there. */
  function pythonCard(): Json {
    const core: Json = {
      name: "Faulty test agent",
      description: "A deliberately faulty A2A agent for Parley's probe tests.",
      supportedInterfaces: options.pythonNoCompat
        ? [{ url: `${origin}/a2a`, protocolBinding: "JSONRPC" }]
        : [
            { url: `${origin}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0" },
            { url: `${origin}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "0.3" },
          ],
      version: "1.0.0",
      capabilities: { streaming: options.streaming ?? true, pushNotifications: options.push ?? false },
      defaultInputModes: ["text/plain"],
      defaultOutputModes: ["text/plain"],
      skills: [{ id: "echo", name: "Echo", description: "Answers any text.", tags: ["test"] }],
    };
    // to_compat_agent_card: the first 0.3 (or versionless) interface; none other, so no additionalInterfaces.
    return { ...core, url: `${origin}/a2a`, preferredTransport: "JSONRPC", protocolVersion: "0.3" };
  }

  await new Promise<void>((resolve, reject) => server.listen(0, "127.0.0.1", resolve).once("error", reject));
  const { port } = server.address() as { port: number };
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    cardUrl: `${origin}/.well-known/agent-card.json`,
    calls,
    close: () =>
      new Promise((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
