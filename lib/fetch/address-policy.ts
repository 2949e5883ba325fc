import ipaddr from "ipaddr.js";

/**
 * Which addresses a card fetch may connect to. Public unicast only: everything an attacker could
 * use to reach the server's own network (loopback, private, link-local incl. cloud metadata,
 * CGNAT, ...) is refused.
 *
 * We keep our own CIDR table and also require ipaddr.js to call the address `unicast`: either
 * source alone has gaps (ipaddr.js calls the IPv4-compatible `::7f00:1` plain unicast, and has no
 * category for the NAT64 local-use prefix), so an address must pass both.
 */

export type AddressCategory =
  | "public"
  | "invalid"
  | "unspecified"
  | "loopback"
  | "private"
  | "linkLocal"
  | "carrierGradeNat"
  | "multicast"
  | "broadcast"
  | "reserved"
  | "documentation"
  | "benchmarking"
  | "uniqueLocal"
  | "siteLocal"
  | "discard"
  | "nat64Local"
  | "teredo"
  | "6to4"
  | "notGlobalUnicast";

export interface AddressVerdict {
  address: string;
  allowed: boolean;
  category: AddressCategory;
  /** Set when the category was found on an IPv4 address embedded in an IPv6 one. */
  embeddedIn?: "ipv4Mapped" | "ipv4Compatible" | "ipv4Translated" | "nat64";
  /** The embedded IPv4 address, when there is one. */
  embedded?: string;
  /** Cloud instance metadata (169.254.169.254 and friends): named so the message can say so. */
  metadata?: boolean;
}

export interface AddressPolicy {
  /** Allow loopback (127/8, ::1 and their IPv6 wrappings). Only for tests and local development. */
  allowLoopback?: boolean;
}

type Cidr = readonly [string, number, AddressCategory];

// IANA IPv4 special-purpose registry entries that are not globally reachable, plus multicast and
// class E. Ordered most specific first where ranges nest (255.255.255.255 inside 240/4).
const IPV4_BLOCKED: readonly Cidr[] = [
  ["255.255.255.255", 32, "broadcast"],
  ["0.0.0.0", 8, "unspecified"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "carrierGradeNat"],
  ["127.0.0.0", 8, "loopback"],
  ["169.254.0.0", 16, "linkLocal"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "reserved"],
  ["192.0.2.0", 24, "documentation"],
  ["192.88.99.0", 24, "reserved"],
  ["192.168.0.0", 16, "private"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation"],
  ["203.0.113.0", 24, "documentation"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved"],
];

// IPv4 ranges ipaddr.js names but that are ordinary, globally routed anycast services.
const IPV4_GLOBAL_SPECIALS = new Set(["as112", "amt"]);

const IPV6_BLOCKED: readonly Cidr[] = [
  ["::", 128, "unspecified"],
  ["::1", 128, "loopback"],
  ["64:ff9b:1::", 48, "nat64Local"],
  ["100::", 64, "discard"],
  ["2001::", 32, "teredo"],
  ["2001:db8::", 32, "documentation"],
  ["2001:2::", 48, "benchmarking"],
  ["2001::", 23, "reserved"],
  ["2002::", 16, "6to4"],
  ["3fff::", 20, "documentation"],
  ["fc00::", 7, "uniqueLocal"],
  ["fe80::", 10, "linkLocal"],
  ["fec0::", 10, "siteLocal"],
  ["ff00::", 8, "multicast"],
];

// Every one of these already sits in a blocked range; the flag only names them in messages.
const METADATA_ADDRESSES = new Set(["169.254.169.254", "169.254.170.2", "fd00:ec2::254", "100.100.100.200"]);

const parsedV4 = IPV4_BLOCKED.map(([a, bits, cat]) => [ipaddr.IPv4.parse(a), bits, cat] as const);
const parsedV6 = IPV6_BLOCKED.map(([a, bits, cat]) => [ipaddr.IPv6.parse(a), bits, cat] as const);
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/** Classify one textual IP address (v4 or v6, with or without a zone id). Never throws. */
export function classifyAddress(address: string, policy: AddressPolicy = {}): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  // Bracketed IPv6 literals come straight from URL hosts.
  const bare = address.replace(/^\[|\]$/g, "");
  try {
    // Only canonical dotted quads: ipaddr.js would also read "1.2.3" or "0x7f.1", which no socket reports.
    if (!bare.includes(":") && !ipaddr.IPv4.isValidFourPartDecimal(bare)) throw new Error("not a dotted quad");
    parsed = ipaddr.parse(bare);
  } catch {
    return { address, allowed: false, category: "invalid" };
  }
  if (parsed.kind() === "ipv4") return classifyV4(address, parsed as ipaddr.IPv4, policy);
  return classifyV6(address, parsed as ipaddr.IPv6, policy);
}

function classifyV4(address: string, ip: ipaddr.IPv4, policy: AddressPolicy): AddressVerdict {
  const normalized = ip.toString();
  const metadata = METADATA_ADDRESSES.has(normalized) || undefined;
  const own = parsedV4.find(([net, bits]) => ip.match(net, bits));
  if (own) return verdict(address, own[2], policy, { metadata });
  const theirs = ip.range();
  if (theirs !== "unicast" && !IPV4_GLOBAL_SPECIALS.has(theirs)) {
    return verdict(address, mapIpaddrCategory(theirs), policy, { metadata });
  }
  return { address, allowed: true, category: "public" };
}

function classifyV6(address: string, ip: ipaddr.IPv6, policy: AddressPolicy): AddressVerdict {
  const embedded = extractEmbeddedV4(ip);
  if (embedded) {
    const inner = classifyV4(embedded.v4.toString(), embedded.v4, policy);
    // Allowing loopback allows this machine's own loopback only: 127/8 as itself or IPv4-mapped (the
    // same socket address on a dual-stack host). NAT64, translated and compatible forms of 127/8 lead
    // through a translator to someone else's loopback, and stay refused.
    const allowed = inner.allowed && !(inner.category === "loopback" && embedded.kind !== "ipv4Mapped");
    return { ...inner, allowed, address, embeddedIn: embedded.kind, embedded: embedded.v4.toString() };
  }
  const metadata = METADATA_ADDRESSES.has(ip.toNormalizedString()) || METADATA_ADDRESSES.has(ip.toString()) || undefined;
  const own = parsedV6.find(([net, bits]) => ip.match(net, bits));
  if (own) return verdict(address, own[2], policy, { metadata });
  const theirs = ip.range();
  if (theirs !== "unicast") return verdict(address, mapIpaddrCategory(theirs), policy, { metadata });
  // Only 2000::/3 is allocated as global unicast; anything else is unassigned space.
  if (!ip.match(GLOBAL_UNICAST_V6)) return verdict(address, "notGlobalUnicast", policy, { metadata });
  return { address, allowed: true, category: "public" };
}

/**
 * The IPv4 address an IPv6 address carries, for the operator's lists: the forms the policy unwraps
 * (mapped, translated, NAT64, compatible) and 6to4 (2002:aabb:ccdd::/48), which the policy refuses
 * as a whole but a deny-list entry for the IPv4 range must still match.
 */
export function embeddedV4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const inner = extractEmbeddedV4(ip);
  if (inner) return inner.v4;
  const p = ip.parts;
  if (p[0] === 0x2002) return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]);
  return undefined;
}

/** IPv6 forms that carry an IPv4 address whose own category is what matters. */
function extractEmbeddedV4(ip: ipaddr.IPv6): { v4: ipaddr.IPv4; kind: NonNullable<AddressVerdict["embeddedIn"]> } | undefined {
  const p = ip.parts;
  const v4 = () => new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  const zeros = (from: number, to: number) => p.slice(from, to).every((x) => x === 0);
  if (zeros(0, 5) && p[5] === 0xffff) return { v4: v4(), kind: "ipv4Mapped" };
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return { v4: v4(), kind: "ipv4Translated" };
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return { v4: v4(), kind: "nat64" };
  // ::a.b.c.d (deprecated IPv4-compatible); :: and ::1 are handled as themselves.
  if (zeros(0, 6) && (p[6] !== 0 || p[7]! > 1)) return { v4: v4(), kind: "ipv4Compatible" };
  return undefined;
}

function verdict(
  address: string,
  category: AddressCategory,
  policy: AddressPolicy,
  extra: { metadata?: true },
): AddressVerdict {
  const allowed = category === "loopback" && policy.allowLoopback === true;
  return { address, allowed, category, ...(extra.metadata ? { metadata: true } : {}) };
}

function mapIpaddrCategory(range: string): AddressCategory {
  switch (range) {
    case "unspecified":
    case "loopback":
    case "private":
    case "linkLocal":
    case "carrierGradeNat":
    case "multicast":
    case "broadcast":
    case "reserved":
    case "benchmarking":
    case "uniqueLocal":
    case "teredo":
    case "6to4":
    case "discard":
      return range;
    case "deprecatedSiteLocal":
      return "siteLocal";
    default:
      // Any other special range (orchid, segment routing, as112v6...) is not a card host.
      return "reserved";
  }
}
