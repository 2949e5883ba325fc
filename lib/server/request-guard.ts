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
 * Host), else whatever host the request was addressed to (the Host header), any scheme.
 */
export function checkSameOrigin(headers: Headers, baseUrl: string | null): Refusal | null {
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
  const origin = headers.get("origin");
  if (origin === null) return site === "same-origin" ? null : refuse("the request names no Origin");
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return refuse("its Origin is not a URL");
  }
  if (baseUrl !== null) return originUrl.origin === new URL(baseUrl).origin ? null : refuse("its Origin is another site");
  const host = headers.get("host");
  if (host === null || originUrl.host !== host.toLowerCase()) return refuse("its Origin is another site");
  return null;
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
