import ipaddr from "ipaddr.js";
import { embeddedV4 } from "./address-policy";

/**
 * An operator's list of hosts a card fetch may (allow-list) or may not (deny-list) reach: exact
 * host names, `*.suffix` wildcards (any subdomain, not the bare suffix), IP addresses and CIDR
 * ranges, separated by commas or white space. Names are matched before any DNS query; addresses
 * and ranges are matched against every address a name resolves to and the one connected to.
 */
export interface HostRules {
  names: ReadonlySet<string>;
  /** Wildcard suffixes, stored with their leading dot (".example.com"). */
  suffixes: readonly string[];
  ranges: ReadonlyArray<readonly [ipaddr.IPv4 | ipaddr.IPv6, number]>;
  /** The entries as written, for messages and logs. */
  source: readonly string[];
}

export const NO_HOST_RULES: HostRules = { names: new Set(), suffixes: [], ranges: [], source: [] };

export class HostRuleError extends Error {
  constructor(readonly entry: string, reason: string) {
    super(`"${entry}" is not a host name, *.wildcard, IP address or CIDR range: ${reason}`);
    this.name = "HostRuleError";
  }
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Parses a list; throws HostRuleError naming the first entry that is none of the accepted forms. */
export function parseHostRules(text: string | undefined): HostRules {
  const entries = (text ?? "").split(/[\s,]+/).filter((e) => e !== "");
  if (entries.length === 0) return NO_HOST_RULES;
  const names = new Set<string>();
  const suffixes: string[] = [];
  const ranges: Array<readonly [ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const entry of entries) {
    const lower = entry.toLowerCase().replace(/\.$/, "");
    if (lower.includes("/")) {
      try {
        ranges.push(ipaddr.parseCIDR(lower.replace(/^\[|\](?=\/)/g, "")));
      } catch {
        throw new HostRuleError(entry, "the range does not parse");
      }
      continue;
    }
    const bare = lower.replace(/^\[|\]$/g, "");
    if (ipaddr.isValid(bare) && (bare.includes(":") || ipaddr.IPv4.isValidFourPartDecimal(bare))) {
      const ip = ipaddr.parse(bare);
      ranges.push([ip, ip.kind() === "ipv4" ? 32 : 128]);
      continue;
    }
    const wildcard = lower.startsWith("*.");
    const name = wildcard ? lower.slice(2) : lower;
    const labels = name.split(".");
    if (labels.some((l) => !LABEL.test(l))) throw new HostRuleError(entry, "a label is empty or has characters other than letters, digits and -");
    if (wildcard) suffixes.push(`.${name}`);
    else names.add(name);
  }
  return { names, suffixes, ranges, source: entries };
}

export function isEmptyHostRules(rules: HostRules): boolean {
  return rules.source.length === 0;
}

/** Does the host name (as in a URL, any case, no brackets) match a name or wildcard entry? */
export function matchesHostName(rules: HostRules, hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, "");
  if (rules.names.has(name)) return true;
  return rules.suffixes.some((suffix) => name.endsWith(suffix) && name.length > suffix.length);
}

/**
 * Does the address fall in an IP or CIDR entry? An IPv6 address that carries an IPv4 one (mapped,
 * compatible, translated, NAT64, 6to4) matches both as itself and as the IPv4 address inside, so
 * an IPv4 entry cannot be stepped around by writing the same address in an IPv6 wrapping.
 */
export function matchesAddress(rules: HostRules, address: string): boolean {
  if (rules.ranges.length === 0) return false;
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address.replace(/^\[|\]$/g, "").replace(/%.*$/, ""));
  } catch {
    return false;
  }
  const forms: Array<ipaddr.IPv4 | ipaddr.IPv6> = [ip];
  if (ip.kind() === "ipv6") {
    const inner = embeddedV4(ip as ipaddr.IPv6);
    if (inner) forms.push(inner);
  }
  return forms.some((form) => rules.ranges.some(([net, bits]) => net.kind() === form.kind() && form.match(net, bits)));
}

/** Whether a list has address entries: without them an allow-list can be decided on the name alone. */
export function hasAddressRules(rules: HostRules): boolean {
  return rules.ranges.length > 0;
}
