import { randomUUID } from "node:crypto";
import { A2A_PROTOCOL_VERSION, A2A_VERSION_HEADER, type AgentCard, type AgentInterface } from "@a2a-js/sdk";
import { type Client, ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, RestTransportFactory, type Transport, type TransportFactory } from "@a2a-js/sdk/client";
import { fetchCard } from "../fetch/safe-fetch";
import type { HostRules } from "../fetch/host-rules";
import { capList, type ClientProfile, LIST_CAP, describeCardLocation, locateCard, locateCardFor, review, type TaskClass } from "../negotiation";
import { type CardFetch, checkServedCards, judgeLegacyUrl } from "./card-served";
import { ADVICE, type ProbeSurface } from "./advice";
import { disagrees } from "./agreement";
import { answeredJsonRpcErrorCode, classifyFailure, describeError, isTaskNotFound } from "./classify";
import { runLifecycles } from "./send";
import { ExchangeRecorder, redactDeep } from "./exchange";
import { createProbeFetch } from "./transport-fetch";
import type { CallFailure, Contradiction, ProbedClass, ProbedInterface, ProbeReport } from "./types";
import { checkPush, checkWire, type WireFinding } from "./wire-checks";
import { bothShapesNote, legacyUrlAnsweredNote, servedShapesNote } from "./wire-explain";
import { WELL_KNOWN_CARD_PATHS } from "./wire-rules";

export interface ProbeOptions {
  /** The card's URL (fetched plainly and the SDK's way) or its text (a file). */
  card: { url: string } | { text: string; source: string };
  profile: ClientProfile;
  /** The classes to predict (and, with send, to run). */
  taskClasses: readonly TaskClass[];
  /** The user named the classes (--task-class): run them even when the review rejects them. */
  explicitClasses?: boolean;
  allowLoopback?: boolean;
  allow?: HostRules;
  deny?: HostRules;
  /** Stands in for DNS (tests); its answers are checked like DNS's. */
  resolveHost?: (hostname: string) => Promise<import("node:dns").LookupAddress[]>;
  /** Credentials, sent only to the card's origin. */
  headers?: readonly (readonly [string, string])[];
  /** Real lifecycles (creates tasks). Absent: nothing is created. */
  send?: { webhook?: string; timeoutMs?: number };
  /** Each call's budget. Default 5000 ms. */
  callTimeoutMs?: number;
  /** Ends the probe (an overall time limit, a client that went away): what was not called yet is said to be skipped. */
  signal?: AbortSignal;
  /** Interfaces called at most (a card may list thousands). Default PROBE_DEFAULTS.maxInterfaces. */
  maxInterfaces?: number;
  /** Interfaces called at most per origin. Default PROBE_DEFAULTS.maxPerOrigin. */
  maxPerOrigin?: number;
  /** Where the report is read: its advice names that surface's controls. Default "cli". */
  surface?: ProbeSurface;
}

/** The card could not be had or read: nothing to probe (exit 2 in the CLI, 422 in the route). */
export class ProbeInputError extends Error {
  constructor(
    readonly code: "fetch" | "notJson" | "notCard" | "noInterfaces",
    message: string,
  ) {
    super(message);
    this.name = "ProbeInputError";
  }
}

export const PROBE_DEFAULTS = { callTimeoutMs: 5000, sendTimeoutMs: 10_000, maxAnswerBytes: 1024 * 1024, maxInterfaces: 16, maxPerOrigin: 4, cliTimeLimitS: 60 } as const;

const SDK_BINDINGS = new Set(["JSONRPC", "HTTP+JSON"]);

export async function probeAgent(opts: ProbeOptions): Promise<ProbeReport> {
  const notes: string[] = [];
  const contradictions: Contradiction[] = [];
  const surface = opts.surface ?? "cli";
  const callTimeoutMs = opts.callTimeoutMs ?? PROBE_DEFAULTS.callTimeoutMs;
  let lastStatus: number | undefined;
  const fetchRules = { allowLoopback: opts.allowLoopback, allow: opts.allow, deny: opts.deny, resolveHost: opts.resolveHost };

  // 1. The card, plainly and as the SDK asks for it.
  let plainText: string;
  let sdkText: string | undefined;
  let cardUrl: string | null = null;
  let origin: string | undefined;
  if ("url" in opts.card) {
    try {
      const got = await fetchCard(opts.card.url, { ...fetchRules, signal: opts.signal });
      plainText = got.text;
      cardUrl = got.finalUrl;
      origin = new URL(got.requestedUrl).origin;
    } catch (e) {
      throw new ProbeInputError("fetch", `The card could not be fetched: ${describeError(e)}`);
    }
  } else {
    plainText = opts.card.text;
  }
  const raw = parseJson(plainText);
  if (!origin) origin = firstInterfaceOrigin(raw);
  // Every request and answer from here on is in the exchange log; credentials never are.
  const recorder = new ExchangeRecorder(
    (opts.headers ?? []).map(([, value]) => value),
    origin && opts.headers?.length ? { origin, names: opts.headers.map(([name]) => name) } : undefined,
  );
  const safeFetch = createProbeFetch({
    ...fetchRules,
    credentials: origin && opts.headers?.length ? { origin, headers: opts.headers } : undefined,
    timeoutMs: callTimeoutMs,
    maxBytes: PROBE_DEFAULTS.maxAnswerBytes,
    signal: opts.signal,
    onStatus: (_url, status) => (lastStatus = status),
  });
  const probeFetch = recorder.wrap(safeFetch);
  // A real lifecycle may take the whole class budget in one answer (a blocking send, a stream):
  // its calls get that budget, not the few seconds a call that creates nothing gets.
  const sendTimeoutMs = opts.send?.timeoutMs ?? PROBE_DEFAULTS.sendTimeoutMs;
  const sendFetch = opts.send
    ? recorder.wrap(
        createProbeFetch({
          ...fetchRules,
          credentials: origin && opts.headers?.length ? { origin, headers: opts.headers } : undefined,
          timeoutMs: Math.max(callTimeoutMs, sendTimeoutMs),
          maxBytes: PROBE_DEFAULTS.maxAnswerBytes,
          signal: opts.signal,
        }),
      )
    : probeFetch;
  let servedRaw = raw;
  let servedToSdkDiffers: boolean | null = null;
  // The card as each client is served it: by the A2A-Version it sends, at the paths it reads. GETs
  // only, through the safe fetcher, at most seven of them (every one in the exchange log).
  const byHeader: CardFetch[] = [];
  const atPaths: CardFetch[] = [];
  const getCard = async (url: string, header: string | null): Promise<CardFetch> => {
    const got: CardFetch = { seq: recorder.exchanges.length, url, header };
    try {
      const res = await probeFetch(url, { headers: { accept: "application/json", ...(header ? { [A2A_VERSION_HEADER]: header } : {}) } });
      got.status = res.status;
      got.text = await res.text();
    } catch {
      // No answer: the exchange log says why; no card there.
    }
    return got;
  };
  if (cardUrl) {
    try {
      const sdkWay = await getCard(cardUrl, A2A_PROTOCOL_VERSION);
      byHeader.push(sdkWay);
      sdkText = sdkWay.text;
      if (sdkWay.status === undefined) throw new Error(recorder.exchanges[sdkWay.seq]?.error ?? "no answer");
      if (sdkWay.status < 200 || sdkWay.status > 299) throw new Error(`HTTP ${sdkWay.status}`);
      sdkText ??= "";
      servedRaw = parseJson(sdkText);
      servedToSdkDiffers = canonical(servedRaw) !== canonical(raw);
      if (servedToSdkDiffers) notes.push(`The card served with ${A2A_VERSION_HEADER}: ${A2A_PROTOCOL_VERSION} (as the SDK asks) differs from the one served plainly; the SDK's is the one probed and reviewed.`);
    } catch (e) {
      notes.push(`The card could not be fetched the SDK's way (with ${A2A_VERSION_HEADER}): ${describeError(e)}; the plain one is probed.`);
    }
    for (const header of [null, "0.3"]) if (!opts.signal?.aborted) byHeader.unshift(await getCard(cardUrl, header));
    byHeader.sort((a, b) => (a.header ?? "").localeCompare(b.header ?? ""));
    // The well-known paths, then the profile's own (at most four paths in all).
    const paths = [...new Set([...WELL_KNOWN_CARD_PATHS, ...(opts.profile.cardPaths ?? [])])].slice(0, 4);
    for (const url of locateCard(cardUrl, paths).wouldTry) {
      if (url !== cardUrl && !opts.signal?.aborted) atPaths.push(await getCard(url, null));
    }
  }
  const served = cardUrl ? checkServedCards(cardUrl, byHeader, atPaths, (t) => recorder.redact(t), opts.profile) : undefined;
  if (served && !served.findings.some((f) => f.id === "card-differs-by-version")) {
    const note = servedShapesNote(served.shapes);
    if (note) notes.push(note);
  }
  if (served?.bothShapes) notes.push(bothShapesNote(served.bothShapes));
  // A card in both shapes whose 0.3 url its 1.0 list does not declare 0.3: ask that url what the JS
  // SDK 0.3 client would (0.3's tasks/get of an id no task has, no A2A-Version; it creates nothing).
  const legacyUrl = served?.legacyUrl;
  if (legacyUrl && legacyUrl.transport.toUpperCase() === "JSONRPC" && !opts.signal?.aborted) {
    const asked: CardFetch = { seq: recorder.exchanges.length, url: legacyUrl.url, header: null };
    try {
      const res = await probeFetch(legacyUrl.url, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: randomUUID() } }),
      });
      asked.status = res.status;
      asked.text = await res.text();
    } catch {
      // No answer: the exchange log says why; nothing to judge.
    }
    const refused = asked.status === undefined ? undefined : judgeLegacyUrl(legacyUrl, asked, (t) => recorder.redact(t));
    if (refused) served!.findings.push(refused);
    else if (asked.status !== undefined) notes.push(legacyUrlAnsweredNote(legacyUrl));
  }
  const servedText = servedToSdkDiffers && sdkText !== undefined ? sdkText : plainText;

  // 2. The card as the SDK reads it, and the interface its ClientFactory picks.
  const resolver = new DefaultAgentCardResolver({ fetchImpl: probeFetch, legacyCompat: { enabled: true } });
  let sdkCard: AgentCard;
  try {
    sdkCard = resolver.normalizeAgentCard(servedRaw);
  } catch (e) {
    throw new ProbeInputError("notCard", `The SDK cannot read this card: ${describeError(e)}`);
  }
  const declared: AgentInterface[] = Array.isArray(sdkCard.supportedInterfaces) ? sdkCard.supportedInterfaces : [];
  if (declared.length === 0) throw new ProbeInputError("noInterfaces", "The card declares no interface to probe.");
  const factories = [
    new JsonRpcTransportFactory({ fetchImpl: probeFetch, legacyCompat: { enabled: true } }),
    new RestTransportFactory({ fetchImpl: probeFetch, legacyCompat: { enabled: true } }),
  ];
  const picked = await pickedInterface(sdkCard, factories, declared);

  // 3. One call per interface that creates nothing: GetTask of an id no task has.
  const interfaces: ProbedInterface[] = [];
  const clients = new Map<number, Client>();
  const perOriginCap = opts.maxPerOrigin ?? PROBE_DEFAULTS.maxPerOrigin;
  const plan = planCalls(declared, opts.maxInterfaces ?? PROBE_DEFAULTS.maxInterfaces, perOriginCap);
  let timeLimitHit = 0;
  for (const [index, iface] of declared.entries()) {
    const entry: ProbedInterface = {
      index,
      pointer: interfacePointer(servedRaw, index),
      url: String(iface.url ?? ""),
      binding: String(iface.protocolBinding ?? ""),
      version: String(iface.protocolVersion ?? ""),
      picked: index === picked,
      reachable: null,
    };
    interfaces.push(entry);
    const factory = factories.find((f) => f.protocolName.toUpperCase() === entry.binding.toUpperCase());
    if (!factory || !SDK_BINDINGS.has(entry.binding.toUpperCase())) {
      entry.error = { kind: "notProbed", detail: `${entry.binding || "no binding"}: the probe speaks JSON-RPC and HTTP+JSON through Parley's safe fetcher only` };
      continue;
    }
    const skip = plan.get(index);
    if (skip?.kind === "same") {
      const first = interfaces[skip.as]!;
      entry.reachable = first.reachable;
      if (first.error) entry.error = { ...first.error };
      if (clients.has(skip.as)) clients.set(index, clients.get(skip.as)!);
      continue;
    }
    if (skip) {
      entry.error = { kind: "notCalled", detail: skip.kind === "perOrigin" ? `not called: at most ${perOriginCap} interfaces per origin are called` : `not called: at most ${opts.maxInterfaces ?? PROBE_DEFAULTS.maxInterfaces} interfaces are called` };
      continue;
    }
    if (opts.signal?.aborted) {
      timeLimitHit++;
      entry.error = { kind: "notCalled", detail: "not called: the check's time ran out" };
      continue;
    }
    lastStatus = undefined;
    try {
      // The SDK's own client on this one interface: it sets A2A-Version and the tenant as it always does.
      const client = await new ClientFactory({ transports: factories }).createFromAgentCard({ ...sdkCard, supportedInterfaces: [iface] });
      clients.set(index, client);
      const task = await client.getTask({ tenant: "", id: randomUUID() }, { signal: opts.signal });
      entry.reachable = true;
      notes.push(`Interface ${index} answered a task for an id that no task has (${String((task as { id?: unknown })?.id ?? "")}).`);
    } catch (e) {
      const rpcCode = answeredJsonRpcErrorCode(e);
      if (isTaskNotFound(e)) entry.reachable = true;
      else if (rpcCode !== undefined) {
        // An answer in JSON-RPC, with a code A2A does not define for this: reachable (the wire
        // finding on the frame says what each client makes of the code), so --send still runs.
        entry.reachable = true;
        notes.push(`Interface ${index} answered GetTask of an id no task has with JSON-RPC error ${rpcCode}, not A2A's task-not-found; it is treated as reachable.`);
      } else {
        entry.reachable = false;
        entry.error = classifyFailure(e, lastStatus);
      }
    }
  }
  const skipped = [...plan.values()].filter((p) => p.kind !== "same").length;
  if (skipped > 0) notes.push(`${skipped} of ${declared.length} interfaces were not called (at most ${opts.maxInterfaces ?? PROBE_DEFAULTS.maxInterfaces} are, ${perOriginCap} per origin; an interface repeated is called once).`);
  if (timeLimitHit > 0) notes.push(`${timeLimitHit} interfaces were not called: the check's time ran out.`);
  contradictions.push(...interfaceContradictions(interfaces, servedRaw, opts.headers?.length ?? 0, notes, surface));

  // 4. What the card claims on the picked interface, asked without creating anything.
  // On the interface the SDK picks, or when that one is dead, on the first one that answers.
  const pickedAlive = picked !== undefined && interfaces[picked]?.reachable === true;
  const askedAt = pickedAlive ? picked : interfaces.find((i) => i.reachable === true && clients.has(i.index))?.index;
  const pickedClient = askedAt === undefined ? undefined : clients.get(askedAt);
  if (pickedClient) {
    const tenant = "";
    if (sdkCard.capabilities?.streaming === true) {
      const failure = await expectNotFound(async () => {
        for await (const event of pickedClient.resubscribeTask({ tenant, id: randomUUID() }, { signal: opts.signal })) void event;
      });
      if (failure) contradictions.push({ pointer: "/capabilities/streaming", claim: "capabilities.streaming is true", observed: `the stream was refused: ${failure.detail}` });
    }
    if (sdkCard.capabilities?.pushNotifications === true) {
      const failure = await expectNotFound(() => pickedClient.getTaskPushNotificationConfig({ tenant, taskId: randomUUID(), id: randomUUID() }, { signal: opts.signal }));
      if (failure) contradictions.push({ pointer: "/capabilities/pushNotifications", claim: "capabilities.pushNotifications is true", observed: `push configs were refused: ${failure.detail}` });
    }
  }

  // 5. Predictions, and (with send) observations.
  const result = review(servedText, opts.profile, { taskClasses: [...opts.taskClasses], ...(cardUrl ? { cardUrl } : {}) });
  // Where the profile's client looks for the card, against where it was fetched from.
  const location = cardUrl ? locateCardFor(cardUrl, opts.profile) : undefined;
  if (location?.status === "notFound") notes.push(describeCardLocation(location));
  const classes: Record<string, ProbedClass> = {};
  const pushFindings: WireFinding[] = [];
  for (const d of result.decisions) classes[d.taskClass] = { predicted: d.decision, observed: "skipped", error: opts.send ? undefined : ADVICE.notSent[surface] };
  if (opts.send) {
    if (!pickedAlive) {
      for (const c of Object.values(classes)) c.error = "not sent: the interface the SDK picks does not answer";
    } else {
      const lifecycle = await runLifecycles({
        card: sdkCard,
        factories: [
          new JsonRpcTransportFactory({ fetchImpl: sendFetch, legacyCompat: { enabled: true } }),
          new RestTransportFactory({ fetchImpl: sendFetch, legacyCompat: { enabled: true } }),
        ],
        taskClasses: opts.taskClasses,
        classes,
        explicit: opts.explicitClasses === true,
        webhook: opts.send.webhook,
        timeoutMs: sendTimeoutMs,
        pickedUrl: interfaces[picked!]!.url,
        surface,
        signal: opts.signal,
        onCallback: (got) => {
          recorder.recordInbound({ method: got.method, url: `${interfaces[picked!]!.url.replace(/\/+$/, "")} → ${got.path}`, headers: got.headers, body: got.body, status: 200 });
          const seq = recorder.exchanges.length - 1;
          pushFindings.push(...checkPush(got, seq, got.path, interfaces[picked!]!.version.startsWith("0.") ? "0.3" : "1.0", (t) => recorder.redact(t)));
        },
      });
      contradictions.push(...lifecycle.contradictions);
      notes.push(...lifecycle.notes);
    }
  }
  for (const c of Object.values(classes)) {
    if (disagrees(c)) c.disagrees = true;
  }
  // Every answer read to its end (bounded by each call's budget), then judged as the wire carried it.
  await recorder.settled();
  // Listed: every interface that was called, then the first of the rest (a card listing thousands
  // must not grow the report, the panel or the JSON with them); how many were left out is said once.
  const notCalled = (i: ProbedInterface) => i.error?.kind === "notProbed" || i.error?.kind === "notCalled";
  const called = interfaces.filter((i) => !notCalled(i));
  const uncalled = capList(interfaces.filter(notCalled));
  if (uncalled.more > 0) notes.push(`${uncalled.more} more interfaces that were not called are not listed (${interfaces.length} declared).`);
  const report: ProbeReport = {
    card: { url: cardUrl, servedToSdkDiffers, name: typeof sdkCard.name === "string" ? sdkCard.name : null, ...(location ? { location } : {}) },
    interfaces: uncalled.more > 0 ? [...called, ...uncalled.items].sort((a, b) => a.index - b.index) : interfaces,
    classes,
    // One per card field: the first observation that contradicted it (a refused stream seen twice, asked and sent).
    contradictions: contradictions.filter((c, i) => contradictions.findIndex((d) => d.pointer === c.pointer) === i),
    sent: opts.send !== undefined,
    notes,
    wire: [...checkWire(recorder.exchanges, (t) => recorder.redact(t)), ...pushFindings, ...(served?.findings ?? [])].sort((a, b) => a.seq - b.seq),
    exchanges: recorder.log(),
  };
  // A credential the agent echoed back (in an error text, a card) is nowhere in what is reported.
  return redactDeep(report, (opts.headers ?? []).map(([, value]) => value));
}

type Skip = { kind: "same"; as: number } | { kind: "perOrigin" } | { kind: "cap" };

/** Which declared interfaces are not called: a repeat (same URL and binding) is answered by the first; past the caps, none. */
function planCalls(declared: AgentInterface[], max: number, maxPerOrigin: number): Map<number, Skip> {
  const plan = new Map<number, Skip>();
  const seen = new Map<string, number>();
  const perOrigin = new Map<string, number>();
  let called = 0;
  for (const [index, iface] of declared.entries()) {
    const url = String(iface.url ?? "");
    const key = `${String(iface.protocolBinding ?? "").toUpperCase()} ${url} ${String(iface.protocolVersion ?? "")}`;
    const first = seen.get(key);
    if (first !== undefined) {
      plan.set(index, { kind: "same", as: first });
      continue;
    }
    seen.set(key, index);
    let origin = url;
    try {
      origin = new URL(url).origin;
    } catch {
      // Not a URL: the call fails on its own and says so.
    }
    const n = perOrigin.get(origin) ?? 0;
    if (called >= max) plan.set(index, { kind: "cap" });
    else if (n >= maxPerOrigin) plan.set(index, { kind: "perOrigin" });
    else {
      perOrigin.set(origin, n + 1);
      called++;
    }
  }
  return plan;
}

async function expectNotFound(call: () => Promise<unknown>): Promise<CallFailure | undefined> {
  try {
    await call();
    return undefined;
  } catch (e) {
    if (isTaskNotFound(e)) return undefined;
    const failure = classifyFailure(e, undefined);
    return failure.kind === "unsupportedOperation" || failure.kind === "pushNotSupported" || failure.kind === "methodNotFound" ? failure : undefined;
  }
}

function interfaceContradictions(interfaces: ProbedInterface[], raw: unknown, headerCount: number, notes: string[], surface: ProbeSurface): Contradiction[] {
  const out: Contradiction[] = [];
  const alive = interfaces.filter((i) => i.reachable === true);
  let unprobed = 0;
  const declaresSecurity = hasSecurity(raw);
  for (const i of interfaces) {
    const e = i.error;
    if (!e || i.reachable !== false) {
      // Those left out by the caps or the time limit are counted in one note above; a binding the probe does not speak, per interface, up to the list cap.
      if (e?.kind === "notProbed" && unprobed++ < LIST_CAP) notes.push(`Interface ${i.index} (${i.binding}) was not probed: ${e.detail}.`);
      continue;
    }
    const answers = alive.length > 0 ? `; interface ${alive.map((a) => a.index).join(", ")} answer${alive.length === 1 ? "s" : ""}` : "";
    const sdk = i.picked && alive.length > 0 ? " (the SDK picks it and never tries another)" : "";
    switch (e.kind) {
      case "versionNotSupported":
        out.push({ pointer: `${i.pointer}${i.pointer === "/url" ? "" : "/protocolVersion"}`, claim: `interface ${i.index} declares protocol version "${i.version}"`, observed: `the server refused the version the SDK sends: ${e.detail}` });
        break;
      case "unauthorized":
        if (!declaresSecurity) out.push({ pointer: "/securitySchemes", claim: "the card declares no security", observed: `interface ${i.index} answered HTTP ${e.status}` });
        else notes.push(headerCount === 0 ? ADVICE.passCredentials[surface](i.index, e.status) : `Interface ${i.index} refused the credentials given (HTTP ${e.status}).`);
        break;
      case "methodNotFound":
        out.push({ pointer: `${i.pointer}${i.pointer === "/url" ? "" : "/protocolBinding"}`, claim: `interface ${i.index} declares ${i.binding}`, observed: `the server does not know GetTask there: ${e.detail}${answers}` });
        break;
      case "refused":
      case "timeout":
      case "notFound":
      case "notA2a":
        out.push({
          pointer: `${i.pointer}${i.pointer === "/url" ? "" : "/url"}`,
          claim: `interface ${i.index} is at ${i.url}`,
          observed: `interface ${i.index} ${WHAT_HAPPENED[e.kind]}${sdk}${answers}: ${e.detail}`,
        });
        break;
      case "blocked":
        notes.push(`Interface ${i.index} was not called: ${e.detail}`);
        break;
      default:
        notes.push(`Interface ${i.index} answered with an error: ${e.detail}`);
    }
  }
  return out;
}

const WHAT_HAPPENED: Partial<Record<CallFailure["kind"], string>> = {
  refused: "refused the connection",
  timeout: "did not answer in time",
  notFound: "has nothing behind it (HTTP 404)",
  notA2a: "did not answer as A2A does",
};

/** The interface the SDK's ClientFactory would create its transport for (its own choice, observed). */
async function pickedInterface(card: AgentCard, factories: TransportFactory[], declared: AgentInterface[]): Promise<number | undefined> {
  let chosen: { binding: string; url: string } | undefined;
  const spies: TransportFactory[] = factories.map((f) => ({
    protocolName: f.protocolName,
    create: async (url: string) => {
      chosen = { binding: f.protocolName, url };
      // Never used: the client is thrown away, only the choice matters.
      return {} as Transport;
    },
  }));
  try {
    await new ClientFactory({ transports: spies }).createFromAgentCard(card);
  } catch {
    return undefined;
  }
  if (!chosen) return undefined;
  const matches = declared.map((d, i) => ({ d, i })).filter(({ d }) => d.url === chosen!.url && d.protocolBinding?.toUpperCase() === chosen!.binding.toUpperCase());
  return (matches.find(({ d }) => d.protocolVersion === "1.0") ?? matches[0])?.i;
}

/** Where interface `index` of the SDK's reading sits in the card as served: a 1.0 list, or a 0.3 card's url and additionalInterfaces. */
function interfacePointer(raw: unknown, index: number): string {
  const card = raw as { supportedInterfaces?: unknown };
  if (Array.isArray(card?.supportedInterfaces) && card.supportedInterfaces.length > 0) return `/supportedInterfaces/${index}`;
  return index === 0 ? "/url" : `/additionalInterfaces/${index - 1}`;
}

function hasSecurity(raw: unknown): boolean {
  const card = raw as Record<string, unknown>;
  const nonEmpty = (v: unknown) => (Array.isArray(v) ? v.length > 0 : v !== null && typeof v === "object" && Object.keys(v).length > 0);
  return nonEmpty(card?.securitySchemes) || nonEmpty(card?.security) || nonEmpty(card?.securityRequirements);
}

function firstInterfaceOrigin(raw: unknown): string | undefined {
  const card = raw as { supportedInterfaces?: { url?: unknown }[]; url?: unknown };
  const url = Array.isArray(card?.supportedInterfaces) ? card.supportedInterfaces[0]?.url : card?.url;
  try {
    return typeof url === "string" ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ProbeInputError("notJson", `The card is not JSON: ${describeError(e)}`);
  }
}

/** The same JSON, whatever the key order and spacing. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
