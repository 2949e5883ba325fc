import { majorMinor } from "../card/normalize";
import type { CardInterface, NormalizedCard } from "../card/model";
import type { ClientProfile } from "../profile";

/** Does the client speak this interface's binding? (case-insensitive; bindings are upper-cased on the card) */
export function speaksBinding(profile: ClientProfile, iface: CardInterface): boolean {
  return profile.transports?.some((t) => t.trim().toUpperCase() === iface.binding.toUpperCase()) === true;
}

/** Does the client speak this interface's protocol version? An interface whose version cannot be read does not block. */
export function speaksVersion(profile: ClientProfile, iface: CardInterface): boolean {
  if (iface.speaks === undefined) return true;
  return profile.protocolVersions?.some((v) => majorMinor(v) === iface.speaks) === true;
}

/**
 * The interface a client will call: the first of the card's callable interfaces, in the card's
 * order of preference, whose binding and version the client speaks (the way the A2A SDKs choose).
 * Undefined when the client's transports or versions are unknown, or none is shared.
 */
export function pickInterface(card: NormalizedCard, profile: ClientProfile): CardInterface | undefined {
  if (profile.transports === undefined || profile.protocolVersions === undefined) return undefined;
  return card.interfaces.find((iface) => iface.callable && speaksBinding(profile, iface) && speaksVersion(profile, iface));
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
