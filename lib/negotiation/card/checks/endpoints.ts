import type { CardFields } from "../card-fields";
import type { CardShape } from "../model";
import { isObject, type JsonObject } from "../json-value";
import { describeJsonType, type ProblemSink } from "../problems";
import { checkInterfaceVersion } from "./versions";
import { rememberBounded } from "../../bounded-memo";

export const CORE_BINDINGS = ["JSONRPC", "GRPC", "HTTP+JSON"];

/** Upper-cases the core bindings written in any case; custom bindings (URIs) stay as written. */
export function canonicalBinding(binding: string): string {
  // Nearly every card writes a core binding as the spec spells it: no trimmed or upper-cased copy.
  if (binding === "JSONRPC" || binding === "GRPC" || binding === "HTTP+JSON") return binding;
  const upper = binding.trim().toUpperCase();
  return CORE_BINDINGS.includes(upper) ? upper : binding.trim();
}

export type UrlVerdict = "ok" | "placeholder" | "notAbsolute";

const PLACEHOLDER = /\{[^}]*\}|<[^>]*>|\$\{/;
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+/i;
const HOST_PORT = /^(\[[0-9a-f:.]+\]|[\w.-]+):\d{1,5}$/i;

/** What a URL's text alone says, before its binding is known. */
const enum UrlForm {
  Placeholder,
  Absolute,
  HostPort,
  Other,
}

/**
 * Forms of the URLs seen lately: validation and normalization both judge every endpoint, and
 * batches review the same cards over and over. Bounded in count and in URL length, so hostile
 * cards cannot grow it.
 */
const urlForms = new Map<string, UrlForm>();

function urlForm(url: string): UrlForm {
  const cacheable = url.length <= 512;
  let form = cacheable ? urlForms.get(url) : undefined;
  if (form !== undefined) return form;
  form = PLACEHOLDER.test(url) ? UrlForm.Placeholder : ABSOLUTE.test(url) ? UrlForm.Absolute : HOST_PORT.test(url) ? UrlForm.HostPort : UrlForm.Other;
  return cacheable ? rememberBounded(urlForms, 2000, url, form) : form;
}

/** Is this URL something a client can call? gRPC also accepts `host:port` (A2A#1997). */
export function judgeUrl(url: string, binding: string): UrlVerdict {
  const form = urlForm(url);
  if (form === UrlForm.Placeholder) return "placeholder";
  if (form === UrlForm.Absolute) return "ok";
  if (form === UrlForm.HostPort && canonicalBinding(binding) === "GRPC") return "ok";
  return "notAbsolute";
}

/**
 * The endpoints seen so far: a card whose every endpoint is uncallable names nowhere to send a
 * task. Counts and the first uncallable one are all the report needs: no list per card.
 */
class EndpointTally {
  callable = 0;
  uncallable = 0;
  firstPointer = "";
  firstUrl = "";
  /** The first uncallable URL is absolute but not http(s), for a binding carried over HTTP. */
  firstNotHttp = false;
}

/** The bindings A2A carries over HTTP: their endpoint is an http(s) URL. */
function carriedOverHttp(binding: string): boolean {
  const canonical = canonicalBinding(binding);
  return canonical === "JSONRPC" || canonical === "HTTP+JSON";
}

const HTTP_URL = /^https?:\/\//i;

/**
 * Where a URL sits: the card's own `url` (list undefined), or entry `index` of an interface list.
 * Its pointer and field name are spelled out only for a URL that gets reported: most URLs are fine.
 */
type UrlList = "supportedInterfaces" | "additionalInterfaces" | undefined;

function reportUrl(url: unknown, binding: string, list: UrlList, index: number, sink: ProblemSink, tally: EndpointTally): void {
  if (typeof url !== "string") return; // wrong types are the schema's to report
  const verdict = judgeUrl(url, binding);
  // An absolute URL of another scheme (ftp://, ws://) cannot carry JSON-RPC or HTTP+JSON.
  const notHttp = verdict === "ok" && carriedOverHttp(binding) && !HTTP_URL.test(url);
  if (verdict === "ok" && !notHttp) {
    tally.callable++;
    return;
  }
  const pointer = list === undefined ? "/url" : `/${list}/${index}/url`;
  const field = list === undefined ? "url" : `${list}[${index}].url`;
  if (tally.uncallable++ === 0) {
    tally.firstPointer = pointer;
    tally.firstUrl = url;
    tally.firstNotHttp = notHttp;
  }
  // A 1.0 interface's url is an http(s) URL for these bindings ("a valid absolute HTTPS URL in
  // production"): an error. The 0.x schemas do not check URL formats: a warning there.
  if (notHttp) sink.add(list === "supportedInterfaces" ? "urlNotHttp" : "legacyUrlNotHttp", pointer, { field, url, binding: canonicalBinding(binding) });
  else if (verdict === "placeholder") sink.add("urlPlaceholder", pointer, { field, url });
  else sink.add("urlNotAbsolute", pointer, { field, url });
}

/** The upper-case spelling of a core binding written in another case, else undefined. */
function bindingCaseFix(binding: string): string | undefined {
  const canonical = canonicalBinding(binding);
  return canonical !== binding && CORE_BINDINGS.includes(canonical) ? canonical : undefined;
}

function reportBindingCase(binding: string, pointer: string, sink: ProblemSink): void {
  const suggested = bindingCaseFix(binding);
  if (suggested) sink.add("bindingNotUppercase", pointer, { binding, suggested });
}

/** `fields`: the card's (readCardFields), where its interfaces, url, preferredTransport and additionalInterfaces are read. */
export function checkEndpoints(card: JsonObject, fields: CardFields, shape: CardShape, sink: ProblemSink): void {
  const tally = new EndpointTally();
  // A hybrid card is read through its 1.0 interfaces (as the SDKs do); its 0.3 url is still checked.
  if (shape === "1.0" || shape === "hybrid") checkSupportedInterfaces(fields, sink, tally);
  if (shape !== "1.0" && shape !== "unknown") checkLegacyEndpoints(fields, shape, sink, shape === "hybrid" ? new EndpointTally() : tally);
  if (tally.callable === 0 && tally.uncallable > 0) {
    // How many other endpoints are uncallable too: a count, worded by explain/.
    const data = { url: tally.firstUrl, otherEndpoints: tally.uncallable - 1 };
    sink.add("noCallableInterface", tally.firstPointer, tally.firstNotHttp ? { ...data, notHttp: true } : data);
  }
}

function checkSupportedInterfaces(fields: CardFields, sink: ProblemSink, tally: EndpointTally): void {
  const interfaces = fields.supportedInterfaces;
  if (!Array.isArray(interfaces)) return;
  for (let i = 0; i < interfaces.length; i++) {
    const entry: unknown = interfaces[i];
    if (!isObject(entry)) continue;
    const binding = readInterfaceBinding(entry, i, sink);
    reportUrl(entry.url, binding ?? "", "supportedInterfaces", i, sink, tally);
    checkInterfaceVersion(entry, i, sink);
  }
}

function readInterfaceBinding(entry: JsonObject, i: number, sink: ProblemSink): string | undefined {
  if (entry.protocolBinding !== undefined) {
    const binding = entry.protocolBinding;
    if (typeof binding !== "string") {
      sink.add("wrongType", `/supportedInterfaces/${i}/protocolBinding`, {
        field: `supportedInterfaces[${i}].protocolBinding`,
        expected: "string",
        found: describeJsonType(binding),
      });
      return undefined;
    }
    const suggested = bindingCaseFix(binding);
    if (suggested) sink.add("bindingNotUppercase", `/supportedInterfaces/${i}/protocolBinding`, { binding, suggested });
    return binding;
  }
  const transport = entry.transport;
  if (typeof transport === "string") {
    sink.add("transportInsteadOfProtocolBinding", `/supportedInterfaces/${i}/transport`, { field: `supportedInterfaces[${i}]`, transport });
    reportBindingCase(transport, `/supportedInterfaces/${i}/transport`, sink);
    return transport;
  }
  sink.add("missingBinding", `/supportedInterfaces/${i}`, { field: `supportedInterfaces[${i}]` });
  return undefined;
}

function checkLegacyEndpoints(fields: CardFields, shape: CardShape, sink: ProblemSink, tally: EndpointTally): void {
  const preferred = fields.preferredTransport;
  if (typeof preferred === "string") reportBindingCase(preferred, "/preferredTransport", sink);
  const mainBinding = typeof preferred === "string" ? preferred : "JSONRPC";
  if (fields.url !== undefined) reportUrl(fields.url, mainBinding, undefined, 0, sink, tally);
  if (shape === "0.1" || shape === "0.2") return;
  const additional = fields.additionalInterfaces;
  if (!Array.isArray(additional)) return;
  for (let i = 0; i < additional.length; i++) {
    const entry: unknown = additional[i];
    if (!isObject(entry)) continue;
    const transport = entry.transport;
    if (typeof transport === "string") {
      const suggested = bindingCaseFix(transport);
      if (suggested) sink.add("bindingNotUppercase", `/additionalInterfaces/${i}/transport`, { binding: transport, suggested });
    }
    reportUrl(entry.url, typeof transport === "string" ? transport : "", "additionalInterfaces", i, sink, tally);
  }
}
