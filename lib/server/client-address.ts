import { randomUUID } from "node:crypto";
import diagnostics from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which client a request comes from, for the rate limiter.
 *
 * A route handler in Next sees headers, not the socket; and Next fills in X-Forwarded-For from the
 * socket only when the client did not send one, so the header alone is whatever the client wants.
 * So at server start we subscribe to Node's `http.server.request.start` channel (published before
 * any request listener runs) and stamp every request with the address we decided on, in a header
 * that carries a per-process random token: a client can send the header, but not with the token,
 * and a stamp without it is ignored.
 */

export const CLIENT_HEADER = "x-parley-client";
const TOKEN = Symbol.for("parley.clientAddressToken");
const INSTALLED = Symbol.for("parley.clientAddressInstalled");

type Global = { [TOKEN]?: string; [INSTALLED]?: boolean };

/** Shared through globalThis: the instrumentation hook and each route bundle load their own copy of this module. */
function processToken(): string {
  const g = globalThis as Global;
  g[TOKEN] ??= randomUUID();
  return g[TOKEN];
}

/**
 * The client's address: the socket's peer, or, behind `trustHops` proxies that each append to
 * X-Forwarded-For, the address the outermost trusted proxy appended. Anything left of that is the
 * client's own claim and never used.
 */
export function resolveClientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustHops: number): string {
  if (trustHops > 0 && forwardedFor !== undefined) {
    const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
      .split(",")
      .map((e) => e.trim())
      .filter((e) => e !== "");
    const chosen = entries[entries.length - trustHops];
    if (chosen !== undefined) {
      const bare = stripPort(chosen);
      if (net.isIP(bare)) return bare;
    }
  }
  return socketAddress ?? "unknown";
}

function stripPort(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed) return bracketed[1]!;
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  return v4WithPort ? v4WithPort[1]! : entry;
}

/**
 * The rate limiter's key for an address: IPv4 (and IPv4-mapped IPv6) as is, IPv6 by its /64, since
 * one host usually holds a whole /64 and could otherwise take a fresh bucket per address.
 */
export function clientKey(address: string): string {
  try {
    const ip = ipaddr.process(address.replace(/%.*$/, ""));
    if (ip.kind() === "ipv4") return ip.toString();
    const parts = (ip as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
    return `${parts.join(":")}::/64`;
  } catch {
    return address;
  }
}

export function stampRequest(request: IncomingMessage, trustHops: number): void {
  const address = resolveClientAddress(request.socket?.remoteAddress, request.headers["x-forwarded-for"], trustHops);
  request.headers[CLIENT_HEADER] = `${processToken()} ${address}`;
}

/** The stamped client address, or "unknown" when the request was not stamped by this process. */
export function readClientAddress(headers: Headers): string {
  const stamp = headers.get(CLIENT_HEADER);
  const token = processToken();
  if (stamp === null || !stamp.startsWith(`${token} `)) return "unknown";
  return stamp.slice(token.length + 1);
}

/** Subscribes once per process; safe to call again (a dev server reloads the hook). */
export function installClientStamping(trustHops: number): void {
  const g = globalThis as Global;
  if (g[INSTALLED]) return;
  g[INSTALLED] = true;
  diagnostics.subscribe("http.server.request.start", (message) => {
    const { request } = message as { request: IncomingMessage };
    stampRequest(request, trustHops);
  });
}
