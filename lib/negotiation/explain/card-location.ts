import type { CardLocation } from "../card-location";
import { renderTemplate } from "./template";

/** English for where a card was found against where a client looks (lib/negotiation/card-location.ts). */
const TEMPLATES: Record<CardLocation["status"], string> = {
  found: "This client finds this card: it was fetched from {{path}}, one of the paths the client reads ({{cardPaths}}).",
  notFound:
    "This client will not find this card: it was fetched from {{url}}, and the client looks only at {{cardPaths}}, so handed this agent it tries {{wouldTry}}. Serve the card there too, or give the client this card's URL.",
  unknown: "The profile does not say where its client looks for a card (cardPaths): declare it to learn whether the client finds this one.",
  notAUrl: "The card was not fetched from an http(s) URL, so where a client would look for it cannot be told.",
};

export function describeCardLocation(location: CardLocation): string {
  return renderTemplate(TEMPLATES[location.status], { url: location.url, path: location.path, cardPaths: location.cardPaths, wouldTry: location.wouldTry });
}
