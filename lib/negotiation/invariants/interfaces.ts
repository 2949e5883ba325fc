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
 * The interface a client will call, among the card's callable interfaces whose binding and version
 * it speaks. The binding is the first such interface's (card order); within it the client picks as
 * its profile says (`interfaceChoice`):
 * - "exact-version-first" (left out: both SDKs): the entry whose protocolVersion is exactly "1.0",
 *   else the first newer than 1.0, else the first at 0.3 or later, else the first (Python
 *   ClientFactory._find_best_interface; the JS ClientFactory.createFromNormalizedAgentCard keeps
 *   the first per binding unless one says exactly "1.0");
 * - "card-order": the first.
 * Undefined when the client's transports or versions are unknown, or none is shared.
 */
export function pickInterface(card: NormalizedCard, profile: ClientProfile): CardInterface | undefined {
  if (profile.transports === undefined || profile.protocolVersions === undefined) return undefined;
  const client = spoken(profile);
  let first: CardInterface | undefined;
  for (const iface of card.interfaces) {
    if (iface.callable && speaksBinding(client, iface) && speaksVersion(client, profile.protocolVersions, iface)) {
      first = iface;
      break;
    }
  }
  // One interface (nearly every card) or card order: nothing to choose between.
  if (first === undefined || profile.interfaceChoice === "card-order" || card.interfaces.length === 1) return first;
  let newer: CardInterface | undefined;
  let atLeast03: CardInterface | undefined;
  for (const iface of card.interfaces) {
    if (!iface.callable || iface.binding !== first.binding || !speaksVersion(client, profile.protocolVersions, iface)) continue;
    const written = iface.protocolVersion?.trim();
    if (written === "1.0") return iface;
    const version = written === undefined ? undefined : versionNumbers(written);
    if (version === undefined) continue;
    if (newer === undefined && compareVersions(version, [1, 0]) > 0) newer = iface;
    if (atLeast03 === undefined && compareVersions(version, [0, 3]) >= 0) atLeast03 = iface;
  }
  return newer ?? atLeast03 ?? first;
}

/** "1.0.2" → [1, 0, 2]; undefined when it is not dotted numbers. */
function versionNumbers(text: string): number[] | undefined {
  if (!/^\d+(\.\d+)*$/.test(text)) return undefined;
  return text.split(".").map(Number);
}

/** Compares dotted versions as PEP 440 does for plain releases: missing parts are 0 ("1.0.0" = "1.0"). */
function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
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
