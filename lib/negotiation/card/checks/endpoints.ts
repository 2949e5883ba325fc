import type { CardShape } from "../model";
import { has, isObject, own, type JsonObject } from "../json-value";
import { joinPointer } from "../pointer";
import { describeJsonType, type ProblemSink } from "../problems";
import { checkInterfaceVersion } from "./versions";

export const CORE_BINDINGS = ["JSONRPC", "GRPC", "HTTP+JSON"];

/** Upper-cases the core bindings written in any case; custom bindings (URIs) stay as written. */
export function canonicalBinding(binding: string): string {
  const upper = binding.trim().toUpperCase();
  return CORE_BINDINGS.includes(upper) ? upper : binding.trim();
}

export type UrlVerdict = "ok" | "placeholder" | "notAbsolute";

const PLACEHOLDER = /\{[^}]*\}|<[^>]*>|\$\{/;
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+/i;
const HOST_PORT = /^(\[[0-9a-f:.]+\]|[\w.-]+):\d{1,5}$/i;

/** Is this URL something a client can call? gRPC also accepts `host:port` (A2A#1997). */
export function judgeUrl(url: string, binding: string): UrlVerdict {
  if (PLACEHOLDER.test(url)) return "placeholder";
  if (ABSOLUTE.test(url)) return "ok";
  if (canonicalBinding(binding) === "GRPC" && HOST_PORT.test(url)) return "ok";
  return "notAbsolute";
}

/** The endpoints seen so far: a card whose every endpoint is uncallable names nowhere to send a task. */
interface EndpointTally {
  callable: number;
  uncallable: Array<{ pointer: string; url: string }>;
}

function reportUrl(url: unknown, binding: string, pointer: string, field: string, sink: ProblemSink, tally: EndpointTally): void {
  if (typeof url !== "string") return; // wrong types are the schema's to report
  const verdict = judgeUrl(url, binding);
  if (verdict === "ok") {
    tally.callable++;
    return;
  }
  tally.uncallable.push({ pointer, url });
  if (verdict === "placeholder") sink.add("urlPlaceholder", pointer, { field, url });
  else sink.add("urlNotAbsolute", pointer, { field, url });
}

function reportBindingCase(binding: string, pointer: string, sink: ProblemSink): void {
  const canonical = canonicalBinding(binding);
  if (canonical !== binding && CORE_BINDINGS.includes(canonical)) {
    sink.add("bindingNotUppercase", pointer, { binding, suggested: canonical });
  }
}

export function checkEndpoints(card: JsonObject, shape: CardShape, sink: ProblemSink): void {
  const tally: EndpointTally = { callable: 0, uncallable: [] };
  // A hybrid card is read through its 1.0 interfaces (as the SDKs do); its 0.3 url is still checked.
  if (shape === "1.0" || shape === "hybrid") checkSupportedInterfaces(card, sink, tally);
  const legacy: EndpointTally = { callable: 0, uncallable: [] };
  if (shape !== "1.0" && shape !== "unknown") checkLegacyEndpoints(card, shape, sink, shape === "hybrid" ? legacy : tally);
  const first = tally.uncallable[0];
  if (tally.callable === 0 && first) {
    const more = tally.uncallable.length - 1;
    const others = more === 0 ? "" : more === 1 ? ", and so is the other endpoint it lists" : `, and so are the ${more} other endpoints it lists`;
    sink.add("noCallableInterface", first.pointer, { url: first.url, others });
  }
}

function checkSupportedInterfaces(card: JsonObject, sink: ProblemSink, tally: EndpointTally): void {
  const interfaces = own(card, "supportedInterfaces");
  if (!Array.isArray(interfaces)) return;
  interfaces.forEach((entry, i) => {
    if (!isObject(entry)) return;
    const pointer = joinPointer("/supportedInterfaces", i);
    const field = `supportedInterfaces[${i}]`;
    const binding = readInterfaceBinding(entry, pointer, field, sink);
    reportUrl(own(entry, "url"), binding ?? "", joinPointer(pointer, "url"), field + ".url", sink, tally);
    checkInterfaceVersion(entry, pointer, field, sink);
  });
}

function readInterfaceBinding(entry: JsonObject, pointer: string, field: string, sink: ProblemSink): string | undefined {
  if (has(entry, "protocolBinding")) {
    const binding = entry.protocolBinding;
    if (typeof binding !== "string") {
      sink.add("wrongType", joinPointer(pointer, "protocolBinding"), {
        field: field + ".protocolBinding",
        expected: "string",
        found: describeJsonType(binding),
      });
      return undefined;
    }
    reportBindingCase(binding, joinPointer(pointer, "protocolBinding"), sink);
    return binding;
  }
  const transport = own(entry, "transport");
  if (typeof transport === "string") {
    sink.add("transportInsteadOfProtocolBinding", joinPointer(pointer, "transport"), { field, transport });
    reportBindingCase(transport, joinPointer(pointer, "transport"), sink);
    return transport;
  }
  sink.add("missingBinding", pointer, { field });
  return undefined;
}

function checkLegacyEndpoints(card: JsonObject, shape: CardShape, sink: ProblemSink, tally: EndpointTally): void {
  const preferred = own(card, "preferredTransport");
  if (typeof preferred === "string") reportBindingCase(preferred, "/preferredTransport", sink);
  const mainBinding = typeof preferred === "string" ? preferred : "JSONRPC";
  if (has(card, "url")) reportUrl(card.url, mainBinding, "/url", "url", sink, tally);
  if (shape === "0.1" || shape === "0.2") return;
  const additional = own(card, "additionalInterfaces");
  if (!Array.isArray(additional)) return;
  additional.forEach((entry, i) => {
    if (!isObject(entry)) return;
    const pointer = joinPointer("/additionalInterfaces", i);
    const transport = own(entry, "transport");
    if (typeof transport === "string") reportBindingCase(transport, joinPointer(pointer, "transport"), sink);
    reportUrl(own(entry, "url"), typeof transport === "string" ? transport : "", joinPointer(pointer, "url"), `additionalInterfaces[${i}].url`, sink, tally);
  });
}
