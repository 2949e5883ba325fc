import type { FetchErrorCode } from "@/lib/wire/fetch-card";

/** A request the route refuses before reading its body or making any outbound request. */
export interface Refusal {
  status: number;
  code: FetchErrorCode;
  message: string;
  headers?: Record<string, string>;
}

/**
 * Only the app's own pages may use the fetch route. A browser says where a request comes from in
 * `Sec-Fetch-Site` (which no page can forge) and `Origin`; another site's form post, `no-cors`
 * fetch or JSON fetch carries a foreign value in one or both. A request carrying neither is not
 * from a page at all and is refused too: the route is the workspace's, not a public relay.
 *
 * The app's own origin is `baseUrl` when the operator set one (needed behind a proxy that rewrites
 * Host). Without it, the host the request was addressed to (the Host header, any scheme), but only
 * when that host is a loopback one or the name the server was started with (`serverName`): a page
 * on a rebinding name that resolves to this server is same-origin to its browser and sends a
 * matching Host, so Host alone proves nothing.
 */
export function checkSameOrigin(headers: Headers, baseUrl: string | null, serverName: string | null = null): Refusal | null {
  const refuse = (why: string): Refusal => ({
    status: 403,
    code: "crossOrigin",
    message: `Only Parley's own pages may use this route (${why}).`,
  });
  const site = headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") {
    const where = site === "cross-site" || site === "same-site" ? `a ${site} page` : "outside this site";
    return refuse(`the browser says this request comes from ${where}`);
  }
  const host = headers.get("host");
  if (baseUrl === null && !isTrustedHost(host, serverName)) {
    return refuse("it is addressed to a host name this server was not started with; the operator can set PARLEY_BASE_URL");
  }
  const origin = headers.get("origin");
  if (origin === null) return site === "same-origin" ? null : refuse("the request names no Origin");
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return refuse("its Origin is not a URL");
  }
  if (baseUrl !== null) return originUrl.origin === new URL(baseUrl).origin ? null : refuse("its Origin is another site");
  if (host === null || originUrl.host !== host.toLowerCase()) return refuse("its Origin is another site");
  return null;
}

/** A name the server may be started with that is no name at all: it listens everywhere. */
const UNSPECIFIED = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * Is `host` (a Host header: name or literal, maybe a port) one the server can trust without a base
 * URL? Loopback literals, `localhost` (browsers resolve it and its subdomains to loopback
 * themselves, never through DNS), and the name the server was started with.
 */
export function isTrustedHost(host: string | null, serverName: string | null): boolean {
  if (host === null) return false;
  let hostname: string;
  try {
    hostname = new URL(`http://${host}`).hostname.toLowerCase().replace(/\.$/, "");
  } catch {
    return false;
  }
  if (hostname === "localhost" || hostname.endsWith(".localhost")) return true;
  if (hostname === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)) return true;
  const own = serverName?.trim().toLowerCase().replace(/\.$/, "");
  if (!own || UNSPECIFIED.has(own)) return false;
  const ownHostname = own.includes(":") && !own.startsWith("[") ? `[${own}]` : own;
  return hostname === ownHostname;
}

/** JSON only: a cross-site form can send text/plain or form encodings without a preflight, never JSON. */
export function checkJsonContentType(headers: Headers): Refusal | null {
  const type = headers.get("content-type");
  const mime = type?.split(";")[0]?.trim().toLowerCase();
  if (mime === "application/json") return null;
  return {
    status: 415,
    code: "unsupportedMediaType",
    message: "Send the request as application/json.",
    headers: { accept: "application/json" },
  };
}

/** The start-up line that says which pages may fetch cards while PARLEY_BASE_URL is unset. */
export function describeOriginWithoutBaseUrl(serverName: string | null): string {
  const own = serverName?.trim();
  const named = own && !UNSPECIFIED.has(own.toLowerCase()) ? `, or ${own} (the HOSTNAME it was started with)` : "";
  return `PARLEY_BASE_URL is not set: card fetches are accepted only from pages opened at a loopback address (localhost, 127.0.0.1, [::1])${named}; set PARLEY_BASE_URL to the address users open.`;
}
