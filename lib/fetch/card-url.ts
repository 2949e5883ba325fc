import { CardFetchError } from "./errors";

export type DiscoveredVia = "agent-card.json" | "agent.json" | "direct";

export interface FetchCandidate {
  url: URL;
  via: DiscoveredVia;
}

const MAX_URL_LENGTH = 2048;
const WELL_KNOWN: readonly DiscoveredVia[] = ["agent-card.json", "agent.json"];

/**
 * Parse what the user typed into a URL we are willing to request. A bare host ("agents.example")
 * gets https:// in front, because that is what people paste; anything with another scheme is refused.
 */
export function parseCardUrl(input: string): URL {
  const trimmed = input.trim();
  if (trimmed === "") throw new CardFetchError("badUrl", "No URL was given.", { url: input });
  if (trimmed.length > MAX_URL_LENGTH) {
    throw new CardFetchError("badUrl", `The URL is longer than ${MAX_URL_LENGTH} characters.`, {
      url: trimmed.slice(0, 80) + "…",
      limit: MAX_URL_LENGTH,
    });
  }
  const withScheme = !trimmed.includes("://") && /^[^\s/:?#]+(:\d+)?([/?#]|$)/.test(trimmed) ? `https://${trimmed}` : trimmed;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new CardFetchError("badUrl", `"${trimmed}" is not a valid URL.`, { url: trimmed });
  }
  checkRequestableUrl(url);
  return url;
}

/** The checks every URL gets, the first one and every redirect target alike. */
export function checkRequestableUrl(url: URL): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CardFetchError(
      "blockedScheme",
      `Only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, "")}: (${redact(url)}).`,
      { url: redact(url) },
    );
  }
  if (url.username !== "" || url.password !== "") {
    // Credentials in a URL would be forwarded to whatever host a redirect picks: refuse them outright.
    throw new CardFetchError("badUrl", `The URL ${redact(url)} carries a user name or password; remove the credentials.`, {
      url: redact(url),
    });
  }
  if (url.hostname === "") throw new CardFetchError("badUrl", `The URL ${redact(url)} has no host.`, { url: redact(url) });
}

/** A base URL (no path) is discovered through the well-known paths; anything else is fetched as is. */
export function listCandidates(url: URL): FetchCandidate[] {
  const clean = new URL(url.href);
  clean.hash = "";
  if ((clean.pathname === "/" || clean.pathname === "") && clean.search === "") {
    return WELL_KNOWN.map((via) => ({ url: new URL(`/.well-known/${via}`, clean), via }));
  }
  return [{ url: clean, via: "direct" }];
}

/** The URL without credentials or fragment, for messages and reports. */
export function redact(url: URL): string {
  const copy = new URL(url.href);
  copy.username = "";
  copy.password = "";
  copy.hash = "";
  return copy.href;
}
