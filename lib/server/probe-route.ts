import { SlotsFullError } from "@/lib/fetch/slots";
import { getSettings, type Settings } from "@/lib/settings";
import { resolveTaskClasses } from "@/lib/probe/task-class-ids";
import { probeAgent, ProbeInputError } from "@/lib/probe/probe";
import { type ProbeError, ProbeRequest, SEND_CONFIRMATION } from "@/lib/wire/probe";
import { readJsonBody } from "./read-json-body";
import type { Refusal } from "./request-guard";
import { hostForLog } from "./fetch-log";
import { admit, createOutboundDeps, NO_STORE, type OutboundOverrides, type OutboundRouteDeps, SLOT_WAIT_MS } from "./route-setup";

/**
 * POST /api/probe: the workspace's "Check against the live agent". The fetch route's protections,
 * in the same order: another site or not JSON → refused before the body is read; then the rate
 * limit (its own bucket: a probe makes several outbound calls); a small body; a slot; the probe,
 * under an overall time cap. Credentials in the body go to the card's origin and nowhere else: not
 * in the log line, not in an answer, not in a link.
 */
export interface ProbeRouteDeps extends OutboundRouteDeps {
  log: (entry: ProbeLogEntry) => void;
  /** A check still running after `afterMs` answers 200 at once and keeps the connection moving (a space every `everyMs`) until its JSON is ready. */
  heartbeat: { afterMs: number; everyMs: number };
}

export interface ProbeLogEntry {
  host: string | null;
  outcome: string;
  status: number;
  durationMs: number;
  sent: boolean;
}

/**
 * A probe without --send makes a few calls per interface; this caps the whole of it. A send runs a
 * lifecycle per class and may take minutes: each class gets `sendClassMs` (an agent that takes a
 * minute to answer a blocking send is slow, not hung: the CLI's 10 s default would call it hung),
 * the whole send `sendTotalMs`. Past `heartbeatAfterMs` the answer
 * starts (HTTP 200, JSON) and a space is written every `heartbeatEveryMs` (JSON allows leading
 * white space), so neither the slow-reader guard (20 s without a byte moving) nor a proxy ends a
 * long check; an error found after that is the JSON error object in that 200 answer.
 */
export const PROBE_ROUTE_LIMITS = { totalMs: 20_000, sendTotalMs: 180_000, sendClassMs: 90_000, slotWaitMs: SLOT_WAIT_MS, maxBodyBytes: 64 * 1024, heartbeatAfterMs: 8_000, heartbeatEveryMs: 5_000 } as const;

export function createProbeRouteDeps(
  settings: Settings,
  overrides: OutboundOverrides & Partial<Pick<ProbeRouteDeps, "log" | "heartbeat">> = {},
): ProbeRouteDeps {
  return {
    ...createOutboundDeps(settings, overrides),
    log: overrides.log ?? ((entry) => console.log(JSON.stringify({ event: "probe", ...entry, durationMs: Math.round(entry.durationMs) }))),
    heartbeat: overrides.heartbeat ?? { afterMs: PROBE_ROUTE_LIMITS.heartbeatAfterMs, everyMs: PROBE_ROUTE_LIMITS.heartbeatEveryMs },
  };
}

let processDeps: ProbeRouteDeps | undefined;
export function getProbeRouteDeps(): ProbeRouteDeps {
  processDeps ??= createProbeRouteDeps(getSettings());
  return processDeps;
}

/** GET /api/probe: what the panel may offer on this instance (sending real messages only where the operator turned it on). */
export function handleProbeInfo(deps: ProbeRouteDeps): Response {
  return Response.json({ send: deps.settings.probeSend }, { headers: NO_STORE });
}

export async function handleProbe(request: Request, deps: ProbeRouteDeps): Promise<Response> {
  const started = deps.now();
  let host: string | null = null;
  let sent = false;
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}): Response => {
    const outcome = status === 200 ? "ok" : (body as ProbeError).code;
    deps.log({ host, outcome, status, durationMs: deps.now() - started, sent });
    return Response.json(body, { status, headers: { ...NO_STORE, ...headers } });
  };
  const refuse = (r: Refusal | (ProbeError & { status: number; headers?: Record<string, string> })) =>
    answer(r.status, { code: r.code as ProbeError["code"], message: r.message } satisfies ProbeError, r.headers);

  const admitted = admit(request, deps, "checks");
  if (!admitted.ok) return refuse(admitted.refusal);
  const { client } = admitted;
  const body = await readJsonBody(request, PROBE_ROUTE_LIMITS.maxBodyBytes);
  if (!body.ok) return refuse({ status: body.status, code: body.status === 413 ? "tooLarge" : "badRequest", message: body.message });
  const parsed = ProbeRequest.safeParse(body.value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return refuse({ status: 400, code: "badRequest", message: `${issue?.path.join(".") || "request"}: ${issue?.message ?? "invalid request"}` });
  }
  const req = parsed.data;
  host = hostForLog(req.url);
  if (req.send) {
    if (!deps.settings.probeSend) {
      return refuse({ status: 403, code: "sendDisabled", message: "Sending real messages is off on this instance (its operator can turn it on with PARLEY_PROBE_SEND=1)." });
    }
    if (req.confirmSend !== SEND_CONFIRMATION) {
      return refuse({ status: 400, code: "sendNotConfirmed", message: "Sending creates real tasks on the agent: confirm it a second time." });
    }
  }
  const taskClasses = resolveTaskClasses(req.taskClasses);
  if (!taskClasses.ok) return refuse({ status: 400, code: "badRequest", message: taskClasses.message });

  let release: () => void;
  try {
    release = await deps.slots.acquire(AbortSignal.any([request.signal, AbortSignal.timeout(PROBE_ROUTE_LIMITS.slotWaitMs)]), client);
  } catch (e) {
    const full = e instanceof SlotsFullError;
    return refuse({ status: 503, code: "busy", message: full ? "Parley is checking as many agents as it can right now; try again in a few seconds." : "Parley was too busy to start this check in time; try again.", headers: { "retry-after": "5" } });
  }
  const cap = AbortSignal.timeout(req.send ? PROBE_ROUTE_LIMITS.sendTotalMs : PROBE_ROUTE_LIMITS.totalMs);
  // The client went away (the page closed, the stream cancelled): the probe stops.
  const gone = new AbortController();
  sent = req.send === true;
  type Outcome = { status: number; body: unknown };
  const work: Promise<Outcome> = probeAgent({
    card: { url: req.url },
    profile: req.profile,
    taskClasses: taskClasses.value,
    // The workspace's classes are its selection, not a request to send the rejected ones too.
    explicitClasses: false,
    allowLoopback: deps.settings.allowLoopbackFetch,
    allow: deps.settings.fetchAllow,
    deny: deps.settings.fetchDeny,
    resolveHost: deps.resolveHost,
    headers: (req.headers ?? []).map((h) => [h.name, h.value] as const),
    send: req.send ? { timeoutMs: PROBE_ROUTE_LIMITS.sendClassMs } : undefined,
    signal: AbortSignal.any([request.signal, cap, gone.signal]),
    surface: "workspace",
  }).then(
    (report): Outcome => ({ status: 200, body: report }),
    (e): Outcome => {
      const error = (status: number, code: ProbeError["code"], message: string): Outcome => ({ status, body: { code, message } satisfies ProbeError });
      if (cap.aborted) return error(504, "timeout", "The check took longer than Parley allows; the agent may be slow or not answering.");
      if (e instanceof ProbeInputError) return error(422, "cardUnusable", e.message);
      return error(500, "internal", "The check failed unexpectedly.");
    },
  );
  void work.finally(release);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const early = await Promise.race([work, new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), deps.heartbeat.afterMs)))]);
  clearTimeout(timer);
  if (early) return answer(early.status, early.body);

  // Still running: answer now and keep the bytes moving until the JSON is ready.
  const encoder = new TextEncoder();
  let beat: ReturnType<typeof setInterval> | undefined;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(" "));
      beat = setInterval(() => controller.enqueue(encoder.encode(" ")), deps.heartbeat.everyMs);
      void work.then((outcome) => {
        clearInterval(beat);
        const code = outcome.status === 200 ? "ok" : (outcome.body as ProbeError).code;
        deps.log({ host, outcome: code, status: outcome.status, durationMs: deps.now() - started, sent });
        try {
          controller.enqueue(encoder.encode(JSON.stringify(outcome.body)));
          controller.close();
        } catch {
          // The client cancelled in the meantime.
        }
      });
    },
    cancel() {
      clearInterval(beat);
      gone.abort();
    },
  });
  return new Response(stream, { status: 200, headers: { ...NO_STORE, "content-type": "application/json; charset=utf-8", "x-parley-probe": "heartbeat" } });
}
