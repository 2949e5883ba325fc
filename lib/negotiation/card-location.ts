import type { ClientProfile } from "./profile";

/**
 * Where a client looks for an agent's card (issue 39): the SDKs read `/.well-known/agent-card.json`,
 * older clients `/.well-known/agent.json`, Reactive Agents' client `agent.json` and `/agent/card`,
 * while VoltAgent serves one card per agent at `/.well-known/<agentId>/agent-card.json`. A profile
 * says where its client looks (`cardPaths`); given the URL a card was fetched from, this says
 * whether that client, handed the agent's address, would find the card there.
 *
 * A path counts when the URL's path is that path, or ends with it under a base path (an agent
 * mounted at `/agents/voice` serves `/agents/voice/.well-known/agent-card.json`, and a client
 * handed that base URL appends the path to it). Pure: no fetching, only the URL's text is read.
 */
export type CardLocationStatus =
  /** The card is at a path this client looks at. */
  | "found"
  /** The card is at a path this client never looks at: handed the agent's address, it will not find it. */
  | "notFound"
  /** The profile does not say where its client looks (no cardPaths). */
  | "unknown"
  /** The source is not an absolute http(s) URL (a file, pasted text): nothing to say. */
  | "notAUrl";

export interface CardLocation {
  status: CardLocationStatus;
  /** The URL as read (absolute), or the text given when it is not a URL. */
  url: string;
  /** The URL's path, percent-encoding as the URL has it; "" when it is not a URL. */
  path: string;
  /** The profile's card paths, as declared ([] when it declares none). */
  cardPaths: string[];
  /** The URLs the client would try for an agent at this base (its origin and base path), in its order. */
  wouldTry: string[];
}

/** Longest card URL read: a longer one is not looked at (it is still "notAUrl", never an error). */
const MAX_URL_LENGTH = 8192;

export function locateCard(sourceUrl: string, cardPaths: ClientProfile["cardPaths"]): CardLocation {
  const paths = cardPaths ? [...cardPaths] : [];
  const parsed = sourceUrl.length <= MAX_URL_LENGTH ? parseHttpUrl(sourceUrl) : undefined;
  if (!parsed) return { status: "notAUrl", url: sourceUrl, path: "", cardPaths: paths, wouldTry: [] };
  const path = parsed.pathname;
  const url = parsed.href;
  if (paths.length === 0) return { status: "unknown", url, path, cardPaths: paths, wouldTry: [] };
  const matched = paths.find((p) => path === p || (path.endsWith(p) && path.length > p.length));
  // The base the client would be handed: the URL's path without the card's file (or the origin).
  const base = matched ? path.slice(0, path.length - matched.length) : agentBase(path);
  const wouldTry = paths.map((p) => parsed.origin + base + p);
  return { status: matched ? "found" : "notFound", url, path, cardPaths: paths, wouldTry };
}

/** The client for a profile: the same, read from the profile's own field. */
export function locateCardFor(sourceUrl: string, profile: ClientProfile): CardLocation {
  return locateCard(sourceUrl, profile.cardPaths);
}

function parseHttpUrl(text: string): URL | undefined {
  let parsed: URL;
  try {
    parsed = new URL(text.trim());
  } catch {
    return undefined;
  }
  return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed : undefined;
}

/**
 * Where the agent is mounted, from a card URL at a path no client reads: the path before its
 * `/.well-known/` segment, or before a trailing `/agent/card` or `/agent.json`-like file; else the origin.
 */
function agentBase(path: string): string {
  const wellKnown = path.indexOf("/.well-known/");
  if (wellKnown >= 0) return path.slice(0, wellKnown);
  const lastSlash = path.lastIndexOf("/");
  return lastSlash > 0 && /\.json$/i.test(path) ? path.slice(0, lastSlash) : "";
}
