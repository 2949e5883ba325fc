import { majorMinor } from "../card/normalize";
import type { CardInterface, NormalizedCard } from "../card/model";
import type { ClientProfile } from "../profile";

/**
 * The profile's transports upper-cased and its versions as Major.Minor, read once per profile
 * object and list (a preset is reviewed against every card; its lists were re-read per interface,
 * per invariant, per review). Keyed by the lists themselves, so a profile edited in place is read again.
 */
export interface Spoken {
  transportsFrom: readonly string[] | undefined;
  versionsFrom: readonly string[] | undefined;
  transports: string[];
  versions: string[];
}
const spokenByProfile = new WeakMap<ClientProfile, Spoken>();

export function spoken(profile: ClientProfile): Spoken {
  let found = spokenByProfile.get(profile);
  if (found && found.transportsFrom === profile.transports && found.versionsFrom === profile.protocolVersions) return found;
  found = {
    transportsFrom: profile.transports,
    versionsFrom: profile.protocolVersions,
    transports: (profile.transports ?? []).map((t) => t.trim().toUpperCase()),
    versions: (profile.protocolVersions ?? []).map(majorMinor),
  };
  spokenByProfile.set(profile, found);
  return found;
}

/** Does the client (its transports, as read by spoken()) speak this interface's binding? Case-insensitive. */
export function speaksBinding(client: Spoken, iface: CardInterface): boolean {
  // The card's binding is upper-cased already but for a custom URI: found as is, no new string is made.
  return client.transports.includes(iface.binding) || client.transports.includes(iface.binding.toUpperCase());
}

/** Does the client speak this interface's protocol version? An interface whose version cannot be read does not block. */
export function speaksVersion(client: Spoken, versions: readonly string[] | undefined, iface: CardInterface): boolean {
  return iface.speaks === undefined || (versions !== undefined && client.versions.includes(iface.speaks));
}

/**
 * The interface a client will call: the first of the card's callable interfaces, in the card's
 * order of preference, whose binding and version the client speaks (the way the A2A SDKs choose).
 * Undefined when the client's transports or versions are unknown, or none is shared.
 */
export function pickInterface(card: NormalizedCard, profile: ClientProfile): CardInterface | undefined {
  if (profile.transports === undefined || profile.protocolVersions === undefined) return undefined;
  const client = spoken(profile);
  for (const iface of card.interfaces) {
    if (iface.callable && speaksBinding(client, iface) && speaksVersion(client, profile.protocolVersions, iface)) return iface;
  }
  return undefined;
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
