import { describe, expect, it } from "vitest";
import { type AddressCategory, classifyAddress } from "./address-policy";

// Each row: an address a card URL (or a DNS answer, or a redirect) could lead to, and what a fetch
// must do with it. Rows marked "ipaddr gap" are ones ipaddr.js alone would wave through.
const BLOCKED: Array<[string, AddressCategory]> = [
  ["0.0.0.0", "unspecified"],
  ["0.1.2.3", "unspecified"],
  ["10.0.0.1", "private"],
  ["10.255.255.255", "private"],
  ["100.64.0.1", "carrierGradeNat"],
  ["100.127.255.254", "carrierGradeNat"],
  ["100.100.100.200", "carrierGradeNat"],
  ["127.0.0.1", "loopback"],
  ["127.255.0.9", "loopback"],
  ["169.254.0.1", "linkLocal"],
  ["169.254.169.254", "linkLocal"],
  ["172.16.0.1", "private"],
  ["172.31.255.255", "private"],
  ["192.0.0.8", "reserved"],
  ["192.0.2.10", "documentation"],
  ["192.88.99.1", "reserved"],
  ["192.168.1.1", "private"],
  ["198.18.0.1", "benchmarking"],
  ["198.19.255.1", "benchmarking"],
  ["198.51.100.7", "documentation"],
  ["203.0.113.99", "documentation"],
  ["224.0.0.1", "multicast"],
  ["239.255.255.250", "multicast"],
  ["240.0.0.1", "reserved"],
  ["255.255.255.255", "broadcast"],
  ["::", "unspecified"],
  ["::1", "loopback"],
  ["fe80::1", "linkLocal"],
  ["fe80::1%eth0", "linkLocal"],
  ["febf::1", "linkLocal"],
  ["fc00::1", "uniqueLocal"],
  ["fd12:3456::1", "uniqueLocal"],
  ["fd00:ec2::254", "uniqueLocal"],
  ["fec0::1", "siteLocal"],
  ["ff02::1", "multicast"],
  ["100::1", "discard"],
  ["2001:db8::1", "documentation"],
  ["3fff::1", "documentation"],
  ["2001::1", "teredo"],
  ["2002:7f00:1::1", "6to4"],
  ["2001:2::1", "benchmarking"],
  ["64:ff9b:1::a00:1", "nat64Local"],
  ["4000::1", "notGlobalUnicast"],
  ["[::1]", "loopback"],
  // IPv4 wrapped in IPv6: the embedded address decides.
  ["::ffff:127.0.0.1", "loopback"],
  ["::ffff:7f00:1", "loopback"],
  ["::ffff:10.0.0.1", "private"],
  ["::ffff:169.254.169.254", "linkLocal"],
  ["::ffff:0:7f00:1", "loopback"],
  ["64:ff9b::7f00:1", "loopback"],
  ["64:ff9b::a9fe:a9fe", "linkLocal"],
  ["64:ff9b::c0a8:101", "private"],
  ["::7f00:1", "loopback"], // ipaddr gap: ipaddr.js calls this IPv4-compatible form unicast
  ["::a00:1", "private"], // ipaddr gap
  ["not-an-ip", "invalid"],
  ["", "invalid"],
  ["1.2.3", "invalid"],
];

const PUBLIC = [
  "1.1.1.1",
  "8.8.8.8",
  "93.184.215.14",
  "172.32.0.1", // just outside 172.16/12
  "100.128.0.1", // just outside 100.64/10
  "169.253.255.255",
  "192.169.0.1",
  "198.20.0.1", // just outside 198.18/15
  "223.255.255.255",
  "192.31.196.1", // AS112: ordinary anycast
  "2606:4700:4700::1111",
  "2a00:1450:4001:80b::200e",
  "::ffff:8.8.8.8",
  "64:ff9b::808:808",
];

describe("classifyAddress", () => {
  it.each(BLOCKED)("refuses %s as %s", (address, category) => {
    const v = classifyAddress(address);
    expect(v.category).toBe(category);
    expect(v.allowed).toBe(false);
  });

  it.each(PUBLIC)("allows public %s", (address) => {
    const v = classifyAddress(address);
    expect(v).toMatchObject({ allowed: true, category: "public" });
  });

  it.each(["127.0.0.1", "::1", "::ffff:127.0.0.1"])("allows loopback %s only when asked", (address) => {
    expect(classifyAddress(address).allowed).toBe(false);
    expect(classifyAddress(address, { allowLoopback: true }).allowed).toBe(true);
  });

  // Issue 41: with PARLEY_ALLOW_LOOPBACK_FETCH=1, the NAT64 form of 127.0.0.1 counted as loopback;
  // it reaches a translator's loopback, not this machine's.
  it.each(["64:ff9b::7f00:1", "[64:ff9b::7f00:1]", "64:ff9b::127.0.0.1", "::ffff:0:7f00:1"])("refuses %s, a wrapped 127/8 that is not this machine's, even with loopback allowed", (address) => {
    expect(classifyAddress(address, { allowLoopback: true })).toMatchObject({ allowed: false, category: "loopback" });
  });

  it.each(["10.0.0.1", "169.254.169.254", "192.168.0.1", "fd00::1", "0.0.0.0", "::"])(
    "still refuses %s with loopback allowed",
    (address) => {
      expect(classifyAddress(address, { allowLoopback: true }).allowed).toBe(false);
    },
  );

  it("names the metadata address and the wrapped address", () => {
    expect(classifyAddress("169.254.169.254").metadata).toBe(true);
    expect(classifyAddress("::ffff:169.254.169.254")).toMatchObject({
      embeddedIn: "ipv4Mapped",
      embedded: "169.254.169.254",
      metadata: true,
    });
    expect(classifyAddress("64:ff9b::7f00:1")).toMatchObject({ embeddedIn: "nat64", embedded: "127.0.0.1" });
  });
});
