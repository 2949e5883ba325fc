import { locateCard } from "../negotiation";
import type { WireFinding } from "./wire-checks";
import { CLIENT_CARD_FETCH, type ClientEffect, SDK_CLIENTS, type SdkClient } from "./wire-rules";

/**
 * The card as served, judged per client: the same card URL asked for with each A2A-Version a client
 * sends (none, 0.3, 1.0), and the well-known paths of the agent's base. Each client is served the
 * card its own header gets, at the paths it reads (wire-rules.ts CLIENT_CARD_FETCH), so a fault in
 * one of them is a finding with that client's effect, and "works" for a client served another.
 * Pure: the fetching is the probe's (GETs through its safe fetcher); this reads what came back.
 */
export interface CardFetch {
  /** The exchange in the log. */
  seq: number;
  url: string;
  /** The A2A-Version header sent (null: none). */
  header: string | null;
  status?: number;
  text?: string;
}

/** The shape a served card is in: 1.0 (supportedInterfaces), 0.3 (url), both (0.3's fields with 1.0's interfaces embedded), or neither. */
export type CardShape = "1.0" | "0.3" | "both" | "other";

export interface ServedCards {
  findings: WireFinding[];
  /** Per header asked with, the shape of the card that came back (for a note when they differ). */
  shapes: { header: string | null; shape: CardShape }[];
  /**
   * A card in both shapes (what a2a-python's server serves when an interface is 0.3) whose 0.3
   * url is an interface its supportedInterfaces declare 0.3: each client reads an interface in its
   * own version (the note says so; when the url is not one, card-0.3-url-not-0.3 is the finding).
   */
  bothShapes?: { url: string; transport: string; version: string };
  /**
   * A card in both shapes whose 0.3 url supportedInterfaces declare only 1.0 (or with no version):
   * whether a 0.3 client is answered there is for the agent to say (the probe asks it 0.3's
   * tasks/get there; judgeLegacyUrl reads the answer).
   */
  legacyUrl?: LegacyUrl;
}

export interface LegacyUrl {
  url: string;
  transport: string;
  /** The protocolVersions supportedInterfaces declare at that URL and binding ("" for none). */
  declared: string;
  /** The JS SDK 0.3 client is served this card (else it reads another, and works). */
  servedToJs03: boolean;
}

type Json = Record<string, unknown>;
const RECEIVED_CHARS = 300;

export function checkServedCards(
  cardUrl: string,
  byHeader: readonly CardFetch[],
  atPaths: readonly CardFetch[],
  redact: (s: string) => string = (s) => s,
  /** The profile's client: named too when none of its cardPaths answers (only when every one of them was asked). */
  profile?: { name: string; cardPaths?: readonly string[] },
): ServedCards {
  const findings: WireFinding[] = [];
  const cards = byHeader.map((f) => ({ fetch: f, card: asCard(f) })).filter((v): v is { fetch: CardFetch; card: Json } => v.card !== undefined);
  const servedTo = (client: SdkClient) => cards.find((v) => v.fetch.header === CLIENT_CARD_FETCH[client].header);
  const finding = (id: WireFinding["id"], f: CardFetch, data: WireFinding["data"], clients?: WireFinding["clients"], received?: string): WireFinding => ({
    id,
    seq: f.seq,
    version: f.header?.startsWith("0.") || f.header === null ? "0.3" : "1.0",
    method: "GET card",
    url: f.url,
    received: redact((received ?? f.text ?? "").slice(0, RECEIVED_CHARS)),
    data,
    ...(clients ? { clients } : {}),
  });

  // 1. Security schemes in the JS SDK's internal shape, per card a header gets.
  const faulty = cards.map((v) => ({ ...v, schemes: internalShapeSchemes(v.card) })).filter((v) => v.schemes.length > 0);
  if (faulty.length > 0) {
    const clients = perClient((c) => {
      const got = servedTo(c);
      return got && !faulty.some((v) => v.fetch === got.fetch) ? { outcome: "works" } : undefined;
    });
    const first = faulty[0]!;
    // What was received: the card's securitySchemes, where the fault is (the card's start says nothing of it).
    const received = `"securitySchemes":${JSON.stringify(first.card.securitySchemes)}`;
    findings.push(finding("card-scheme-shape", first.fetch, { schemes: first.schemes.join(", "), headers: faulty.map((v) => headerLabel(v.fetch.header)).join(", ") }, clients, received));
  }

  // 2. What the agent offers, by the header: the same content in another shape is A2A's versioning;
  // other skills, capabilities, modes, interfaces or schemes are a different card.
  const base = cards[0];
  if (base) {
    const differing = new Set<string>();
    let at: CardFetch | undefined;
    for (const v of cards.slice(1)) {
      const fields = differingFields(offer(base.card), offer(v.card));
      if (fields.length > 0) {
        fields.forEach((f) => differing.add(f));
        at ??= v.fetch;
      }
    }
    if (at) {
      const clients = perClient((c) => {
        const got = servedTo(c);
        // The label of the card this client is served: the header it was asked with ("" for none).
        return got ? { outcome: "getsCard", error: got.fetch.header ?? "" } : { outcome: "notTraced" };
      });
      findings.push(
        finding("card-differs-by-version", at, { fields: [...differing].join(", "), headers: cards.map((v) => headerLabel(v.fetch.header)).join(", "), first: headerLabel(base.fetch.header), other: headerLabel(at.header) }, clients),
      );
    }
  }

  // 3. The paths each client reads, against those that answer with a card.
  const answered = new Set<string>([...byHeader, ...atPaths].filter((f) => asCard(f) !== undefined).map((f) => f.url));
  const missed = SDK_CLIENTS.filter((c) => locateCard(cardUrl, [...CLIENT_CARD_FETCH[c].paths]).wouldTry.every((u) => !answered.has(u)));
  const asked = new Set([...byHeader, ...atPaths].map((f) => f.url));
  const profileTries = profile?.cardPaths?.length ? locateCard(cardUrl, [...profile.cardPaths]).wouldTry : [];
  const profileMissed = profileTries.length > 0 && profileTries.every((u) => asked.has(u) && !answered.has(u));
  if (missed.length > 0 || profileMissed) {
    const tried = missed.length > 0 ? locateCard(cardUrl, [...CLIENT_CARD_FETCH[missed[0]!].paths]).wouldTry[0]! : profileTries[0]!;
    const triedFetch = atPaths.find((f) => f.url === tried);
    const clients = perClient((c) => (missed.includes(c) ? undefined : { outcome: "works" }));
    const served = [...answered].map((u) => pathOf(u)).sort();
    findings.push(
      finding(
        "card-path-missed",
        triedFetch ?? byHeader[0] ?? { seq: 0, url: tried, header: null },
        { served: served.join(", "), tried, status: triedFetch?.status ?? null, profileClient: profileMissed ? profile!.name : null },
        Object.keys(clients).length > 0 ? clients : undefined,
      ),
    );
  }

  // 4. A card in both shapes: 1.0 clients read supportedInterfaces, a 0.3 client url and
  // preferredTransport. The url must be an interface the list declares 0.3 (or the 0.3 client calls
  // 0.3 methods where the card itself says 1.0 is spoken). Each distinct card once.
  let bothShapes: ServedCards["bothShapes"];
  let legacyUrl: LegacyUrl | undefined;
  const seen = new Set<string>();
  for (const v of cards) {
    if (shapeOf(v.card) !== "both" || seen.has(v.fetch.text ?? "")) continue;
    seen.add(v.fetch.text ?? "");
    const legacy = legacyTarget(v.card);
    if (!legacy) continue;
    if (legacy.declared.some(isLegacyVersion)) {
      bothShapes ??= { url: legacy.url, transport: legacy.transport, version: legacy.declared.find(isLegacyVersion)! };
      continue;
    }
    legacyUrl = { url: legacy.url, transport: legacy.transport, declared: legacy.declared.join(", "), servedToJs03: servedTo("js-0.3")?.fetch.text === v.fetch.text };
    bothShapes = undefined;
    break;
  }

  return {
    findings,
    shapes: cards.map((v) => ({ header: v.fetch.header, shape: shapeOf(v.card) })),
    ...(bothShapes ? { bothShapes } : {}),
    ...(legacyUrl && !bothShapes ? { legacyUrl } : {}),
  };
}

/**
 * The answer to 0.3's tasks/get (an id no task has, no A2A-Version: as the JS SDK 0.3 client asks)
 * at a hybrid card's 0.3 url that supportedInterfaces do not declare 0.3. "Method not found" there
 * is the finding: the 0.3 client reads that url and is refused. Anything else: the endpoint speaks
 * 0.3 too (undefined; the probe notes it).
 */
export function judgeLegacyUrl(target: LegacyUrl, answer: CardFetch, redact: (s: string) => string = (s) => s): WireFinding | undefined {
  let body: unknown;
  try {
    body = JSON.parse(answer.text ?? "");
  } catch {
    body = undefined;
  }
  const code = isObject(body) && isObject(body.error) && typeof body.error.code === "number" ? body.error.code : null;
  const refused = code === -32601 || answer.status === 404 || answer.status === 405;
  if (!refused) return undefined;
  // A versionless interface is 0.3 to the JS SDK 1.x client (isLegacyVersion("") with legacyCompat
  // on: LegacyJsonRpcTransport), so it is refused there too; one declared 1.x it speaks 1.0 to.
  const versionless = target.declared.split(", ").includes("");
  const clients: Partial<Record<SdkClient, ClientEffect>> = {
    ...(versionless ? { "js-1": { outcome: "throws" as const, error: "RequestMalformedError: Method not found" } } : {}),
    ...(target.servedToJs03 ? {} : { "js-0.3": { outcome: "works" as const } }),
  };
  return {
    id: "card-0.3-url-not-0.3",
    seq: answer.seq,
    version: "0.3",
    method: "tasks/get",
    url: answer.url,
    received: redact((answer.text ?? "").slice(0, RECEIVED_CHARS)),
    data: { url: target.url, transport: target.transport, declared: target.declared, code, status: answer.status ?? null },
    ...(Object.keys(clients).length > 0 ? { clients } : {}),
  };
}

/**
 * Where a 0.3 client goes on a card in both shapes: url with preferredTransport (JSONRPC when
 * absent), and the protocolVersions supportedInterfaces declare for that URL and binding ("" for an
 * entry without one). Undefined when no entry is at that URL and binding (nothing to compare).
 */
function legacyTarget(card: Json): { url: string; transport: string; declared: string[] } | undefined {
  const url = String(card.url);
  const transport = typeof card.preferredTransport === "string" && card.preferredTransport !== "" ? card.preferredTransport : "JSONRPC";
  const entries = (card.supportedInterfaces as unknown[]).filter(isObject).filter((i) => i.url === url && String(i.protocolBinding ?? "").toUpperCase() === transport.toUpperCase());
  if (entries.length === 0) return undefined;
  return { url, transport, declared: entries.map((i) => (typeof i.protocolVersion === "string" ? i.protocolVersion : "")) };
}

/** 0.3 ≤ version < 1.0, as a2a-python's server decides which interfaces to project into 0.3's fields. */
function isLegacyVersion(version: string): boolean {
  const m = /^(\d+)\.(\d+)/.exec(version.trim());
  return m !== null && m[1] === "0" && Number(m[2]) >= 3;
}

function perClient(effect: (c: SdkClient) => ClientEffect | undefined): Partial<Record<SdkClient, ClientEffect>> {
  const out: Partial<Record<SdkClient, ClientEffect>> = {};
  for (const c of SDK_CLIENTS) {
    const e = effect(c);
    if (e) out[c] = e;
  }
  return out;
}

/** The header as data: its value, or "none" (wire-explain.ts says it in words). */
function headerLabel(header: string | null): string {
  return header === null ? "none" : header;
}

/** Names of the schemes written as {"scheme":{"$case":…,"value":…}}. */
function internalShapeSchemes(card: Json): string[] {
  const schemes = card.securitySchemes;
  if (!isObject(schemes)) return [];
  return Object.entries(schemes)
    .filter(([, v]) => isObject(v) && isObject(v.scheme) && typeof v.scheme.$case === "string")
    .map(([k]) => k);
}

/** What a card offers, whatever its shape: the fields a client acts on, each as comparable text. */
function offer(card: Json): Record<string, string> {
  const caps = isObject(card.capabilities) ? card.capabilities : {};
  const skills = Array.isArray(card.skills) ? card.skills.filter(isObject) : [];
  const interfaces = Array.isArray(card.supportedInterfaces)
    ? card.supportedInterfaces.filter(isObject).map((i) => `${String(i.protocolBinding ?? "")} ${String(i.url ?? "")}`)
    : [
        `${String(card.preferredTransport ?? "JSONRPC")} ${String(card.url ?? "")}`,
        ...(Array.isArray(card.additionalInterfaces) ? card.additionalInterfaces.filter(isObject).map((i) => `${String(i.transport ?? "")} ${String(i.url ?? "")}`) : []),
      ];
  const schemes = isObject(card.securitySchemes) ? card.securitySchemes : {};
  return {
    name: String(card.name ?? ""),
    "capabilities.streaming": String(caps.streaming === true),
    "capabilities.pushNotifications": String(caps.pushNotifications === true),
    defaultInputModes: sorted(card.defaultInputModes),
    defaultOutputModes: sorted(card.defaultOutputModes),
    skills: skills
      .map((s) => `${String(s.id)}:${sorted(s.inputModes)}:${sorted(s.outputModes)}`)
      .sort()
      .join("|"),
    interfaces: [...new Set(interfaces.map((i) => i.toUpperCase()))].sort().join("|"),
    securitySchemes: Object.keys(schemes)
      .map((k) => `${k}:${schemeKind(schemes[k])}`)
      .sort()
      .join("|"),
  };
}

const KINDS: Record<string, string> = {
  apiKey: "apiKey",
  apiKeySecurityScheme: "apiKey",
  http: "http",
  httpAuthSecurityScheme: "http",
  oauth2: "oauth2",
  oauth2SecurityScheme: "oauth2",
  openIdConnect: "openIdConnect",
  openIdConnectSecurityScheme: "openIdConnect",
  mutualTLS: "mutualTLS",
  mtlsSecurityScheme: "mutualTLS",
};

function schemeKind(v: unknown): string {
  if (!isObject(v)) return "?";
  if (typeof v.type === "string") return KINDS[v.type] ?? v.type;
  if (isObject(v.scheme) && typeof v.scheme.$case === "string") return KINDS[v.scheme.$case] ?? v.scheme.$case;
  const key = Object.keys(v).find((k) => k in KINDS);
  return key ? KINDS[key]! : "?";
}

function differingFields(a: Record<string, string>, b: Record<string, string>): string[] {
  return Object.keys(a).filter((k) => a[k] !== b[k]);
}

function sorted(v: unknown): string {
  return Array.isArray(v) ? v.map(String).sort().join(",") : "";
}

function shapeOf(card: Json | undefined): CardShape {
  if (!card) return "other";
  const v1 = Array.isArray(card.supportedInterfaces);
  const v03 = typeof card.url === "string";
  return v1 && v03 ? "both" : v1 ? "1.0" : v03 ? "0.3" : "other";
}

/** The answer is a card: HTTP 200, a JSON object with a name and skills or interfaces. */
function asCard(f: CardFetch): Json | undefined {
  if (f.status !== 200 || f.text === undefined) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(f.text);
  } catch {
    return undefined;
  }
  return isObject(v) && typeof v.name === "string" && (Array.isArray(v.skills) || Array.isArray(v.supportedInterfaces) || typeof v.url === "string") ? v : undefined;
}

function pathOf(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function isObject(v: unknown): v is Json {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}
