import type { CardInterface, NormalizedCard } from "../card/model";
import type { ClientProfile } from "../profile";

/**
 * The interface a client will call: the first of the card's interfaces, in the card's order of
 * preference, whose binding the client speaks (the way the A2A SDKs choose). Undefined when the
 * client's transports are unknown or none is shared.
 */
export function pickInterface(card: NormalizedCard, profile: ClientProfile): CardInterface | undefined {
  const transports = profile.transports;
  if (transports === undefined) return undefined;
  return card.interfaces.find((iface) => iface.callable && transports.some((t) => t.toUpperCase() === iface.binding));
}

/** The origin (scheme, host, port) of an absolute http(s) URL, or undefined for anything else. */
export function originOf(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : undefined;
  } catch {
    return undefined;
  }
}
