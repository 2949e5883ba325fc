import os from "node:os";
import ipaddr from "ipaddr.js";

/**
 * Hostile URL forms for the SSRF suite. `{port}` is the counting listener's port; every form that
 * could reach it must be refused before a connection is made. Forms are grouped by what they try.
 */
export interface SsrfForm {
  group: string;
  url: string;
}

/** Encodings of one IPv4 address as a URL host: each must be read as that address, and refused. */
export function ipv4Hosts(address: string): string[] {
  const [a, b, c, d] = address.split(".").map(Number) as [number, number, number, number];
  const n = ((a << 24) >>> 0) + (b << 16) + (c << 8) + d;
  const hex = (x: number) => `0x${x.toString(16)}`;
  const oct = (x: number) => `0${x.toString(8)}`;
  const h = (x: number) => x.toString(16).padStart(2, "0");
  return [
    address,
    String(n),
    hex(n),
    `0x${n.toString(16).padStart(8, "0")}`,
    `0${n.toString(8)}`,
    [a, b, c, d].map(hex).join("."),
    [a, b, c, d].map(oct).join("."),
    `${a}.${(b << 16) + (c << 8) + d}`,
    `${a}.${b}.${(c << 8) + d}`,
    [a, b, c, d].map((x) => String(x).padStart(3, "0")).join("."),
    `${address}.`,
    `[::ffff:${address}]`,
    `[::ffff:${h(a)}${h(b)}:${h(c)}${h(d)}]`,
    `[0:0:0:0:0:ffff:${address}]`,
    `[::${address}]`,
    `[64:ff9b::${address}]`,
    `[::ffff:0:${address}]`,
    `[2002:${h(a)}${h(b)}:${h(c)}${h(d)}::]`,
  ];
}

/** The machine's own non-loopback addresses: a listener on every interface answers on them. */
export function ownAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((i) => i && !i.internal)
    .map((i) => i!.address)
    .filter((a) => !a.startsWith("fe80"));
}

const SCHEMES = ["file:///etc/passwd", "ftp://127.0.0.1:{port}/", "gopher://127.0.0.1:{port}/_GET", "dict://127.0.0.1:{port}/info", "ldap://127.0.0.1:{port}/", "javascript:fetch('http://127.0.0.1:{port}/')", "data:application/json,{}", "ws://127.0.0.1:{port}/", "wss://127.0.0.1:{port}/", "jar:http://127.0.0.1:{port}/x!/", "netdoc:///etc/passwd", "blob:http://127.0.0.1:{port}/x", "view-source:http://127.0.0.1:{port}/", "smb://127.0.0.1:{port}/", "tftp://127.0.0.1:{port}/", "sftp://127.0.0.1:{port}/", "mailto:a@127.0.0.1", "about:blank"];

/** Names the suite's test resolver answers (nothing reaches real DNS). */
export const RESOLVER: Record<string, string[]> = {
  "localhost": ["127.0.0.1", "::1"],
  "sub.localhost": ["127.0.0.1"],
  "internal.test": ["10.0.0.1"],
  "metadata.test": ["169.254.169.254"],
  "v6-loopback.test": ["::1"],
  "mapped.test": ["::ffff:127.0.0.1"],
  "nat64.test": ["64:ff9b::7f00:1"],
  "cgnat.test": ["100.64.0.1"],
  "zero.test": ["0.0.0.0"],
  "ula.test": ["fd00::1"],
  // A rebinding answer: one public-looking address beside a private one.
  "rebind.test": ["8.8.8.8", "127.0.0.1"],
};

export function resolverWithOwn(own: string[]): Record<string, string[]> {
  return { ...RESOLVER, ...Object.fromEntries(own.map((a, i) => [`own-${i}.test`, [a]])) };
}

/** Forms given straight to the route (loopback refused, as on a real server). */
export function directForms(own: string[]): SsrfForm[] {
  const loopback = ["127.0.0.1", "127.1.2.3"].flatMap((a) => ipv4Hosts(a)).map((host) => ({ group: "loopback encodings", url: `http://${host}:{port}/` }));
  const v6 = ["[::1]", "[0:0:0:0:0:0:0:1]", "[::]", "[0::1]", "[::ffff:7f00:1]", "[::1%25lo]"].map((host) => ({ group: "IPv6 loopback forms", url: `http://${host}:{port}/` }));
  const special = ["0.0.0.0", "0", "0x0", "10.0.0.1", "172.16.0.1", "192.168.0.1", "169.254.169.254", "100.64.0.1", "198.18.0.1", "224.0.0.1", "255.255.255.255", "240.0.0.1", "192.0.0.8", "[fd00::1]", "[fe80::1]", "[fec0::1]", "[ff02::1]", "[100::1]", "[2001:db8::1]", "[64:ff9b:1::a00:1]"].map((host) => ({
    group: "special-purpose ranges",
    url: `http://${host}:{port}/`,
  }));
  const ownForms = own.flatMap((a) => (a.includes(":") ? [`[${a}]`, `[${ipaddr.parse(a).toNormalizedString()}]`] : ipv4Hosts(a))).map((host) => ({ group: "this machine's own addresses", url: `http://${host}:{port}/` }));
  const names = Object.keys(resolverWithOwn(own)).map((name) => ({ group: "names resolving to private addresses", url: `http://${name}:{port}/.well-known/agent-card.json` }));
  const spelled = ["LOCALHOST", "localhost.", "%6c%6fcalhost", "\uff11\uff12\uff17.\uff10.\uff10.\uff11", "127\u30020\u30020\u30021"].map((host) => ({ group: "names and spellings", url: `http://${host}:{port}/` }));
  const userinfo = [
    "http://user:pw@127.0.0.1:{port}/",
    "http://public.example@127.0.0.1:{port}/",
    "http://127.0.0.1:{port}@public.example/",
    "http://public.example#@127.0.0.1:{port}/",
    "http://127.0.0.1:{port}#@public.example/",
    "http://127.0.0.1:{port}?@public.example/",
    "http://127.0.0.1:{port}\\@public.example/",
  ].map((url) => ({ group: "userinfo and delimiters", url }));
  const odd = [
    "127.0.0.1:{port}",
    "[::1]:{port}",
    "localhost:{port}",
    "//127.0.0.1:{port}/",
    "http:/127.0.0.1:{port}/",
    "http:\\\\127.0.0.1:{port}\\",
    "HTTP://127.0.0.1:{port}/",
    " http://127.0.0.1:{port}/ ",
    "http://127.0.0.1:0{port}/",
    "https://127.0.0.1:{port}/",
    "http://127.0.0.1:{port}/..%2f..%2f",
    "http://0177.0.0.01:{port}/",
  ].map((url) => ({ group: "parser edge cases", url }));
  const schemes = SCHEMES.map((url) => ({ group: "schemes", url }));
  return [...loopback, ...v6, ...special, ...ownForms, ...names, ...spelled, ...userinfo, ...odd, ...schemes];
}

/**
 * Redirect targets, reached after 1 to 3 hops through an allowed loopback server (the route runs
 * with loopback allowed for these, so loopback itself is not a target here: this machine's other
 * addresses are, and a listener answers on them).
 */
export function redirectTargets(own: string[]): SsrfForm[] {
  const ownForms = own.flatMap((a) => (a.includes(":") ? [`[${a}]`] : ipv4Hosts(a).slice(0, 12))).map((host) => ({ group: "redirect to this machine's own addresses", url: `http://${host}:{port}/` }));
  const fixed = ["http://169.254.169.254/latest/meta-data/", "http://10.0.0.1:{port}/", "http://[fd00::1]:{port}/", "http://metadata.test:{port}/", "http://internal.test:{port}/", "http://ula.test:{port}/", "file:///etc/passwd", "gopher://127.0.0.1:{port}/_x", "http://user:pw@127.0.0.1:{port}/"].map((url) => ({
    group: "redirect to private names, ranges and schemes",
    url,
  }));
  const ownNames = own.map((_, i) => ({ group: "redirect to names resolving to this machine", url: `http://own-${i}.test:{port}/` }));
  return [...ownForms, ...fixed, ...ownNames];
}
