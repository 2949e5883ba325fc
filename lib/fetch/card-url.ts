import { MAX_CARD_URL_LENGTH, readCardUrlForm, requestableProblem, type RequestableProblem } from "../wire/card-url";
import { CardFetchError } from "./errors";

export type DiscoveredVia = "agent-card.json" | "agent.json" | "direct";

export interface FetchCandidate {
  url: URL;
  via: DiscoveredVia;
}

const WELL_KNOWN: readonly DiscoveredVia[] = ["agent-card.json", "agent.json"];

/**
 * Parse what the user typed into a URL we are willing to request. A bare host ("agents.example")
 * gets https:// in front, because that is what people paste; anything with another scheme is refused.
 */
export function parseCardUrl(input: string): URL {
  const form = readCardUrlForm(input);
  if (form.ok) return form.url;
  const { problem, text } = form;
  if (problem === "empty") throw new CardFetchError("badUrl", "No URL was given.", { url: input });
  if (problem === "tooLong") {
    throw new CardFetchError("badUrl", `The URL is longer than ${MAX_CARD_URL_LENGTH} characters.`, {
      url: text.slice(0, 80) + "…",
      limit: MAX_CARD_URL_LENGTH,
    });
  }
  if (problem === "notUrl") throw new CardFetchError("badUrl", `"${text}" is not a valid URL.`, { url: text });
  return throwRequestable(form.url!, problem);
}

/** The checks every URL gets, the first one and every redirect target alike. */
export function checkRequestableUrl(url: URL): void {
  const problem = requestableProblem(url);
  if (problem) throwRequestable(url, problem);
}

function throwRequestable(url: URL, problem: RequestableProblem): never {
  const shown = redact(url);
  if (problem === "scheme") {
    throw new CardFetchError("blockedScheme", `Only http and https URLs can be fetched, not ${url.protocol.replace(/:$/, "")}: (${shown}).`, { url: shown });
  }
  if (problem === "credentials") throw new CardFetchError("badUrl", `The URL ${shown} carries a user name or password; remove the credentials.`, { url: shown });
  throw new CardFetchError("badUrl", `The URL ${shown} has no host.`, { url: shown });
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
