import { cardRef, cardUnclearFinding, cutFinding, makeFinding, profileRef, unknownFinding } from "../finding";
import { pickInterface, speaksBinding, spoken } from "../interfaces";
import type { CardInterface } from "../../card/model";
import type { CutCause, EvidenceRef, Finding, Invariant, InvariantMeta } from "../types";
import type { ClientProfile } from "../../profile";
import type { TaskClass } from "../../task-classes";

/**
 * Every path rides one of the card's interfaces: the client must speak its binding (JSONRPC,
 * jsonrpc: case-insensitive) and its protocol version (Major.Minor). The interface called is the
 * first shared one in the card's order. Renegotiation cannot fix a missing binding (a client cannot
 * make a server speak another) and it is no contradiction in the card, so only another discovery
 * channel (which may know another endpoint) or a stale card changes it.
 */
type MessageId =
  | "noInterfaces"
  | "transportsUnknown"
  | "versionsUnknown"
  | "sharedBinding"
  | "noSharedBinding"
  | "noSharedVersion"
  | "noSharedVersionUnstated"
  | "versionHeaderUnclear"
  | "versionHeaderUnknown";

const meta: InvariantMeta<MessageId> = {
  id: "shared-transport",
  origin: "parley",
  title: "Shared transport",
  shortTitle: "Transport",
  description: "Refuse a card whose interfaces use no protocol binding and version the client speaks",
  specRef: "docs/rule.md#shared-transport",
  cardFields: ["/supportedInterfaces", "/url", "/preferredTransport", "/additionalInterfaces", "/protocolVersion"],
  profileFields: ["/transports", "/protocolVersions", "/a2aVersionHeader"],
  concerns: () => true,
  reads: [],
  messages: {
    noInterfaces: "The card names no endpoint a client can call (no interface or url, or only templates and placeholders), so there is no binding to share.",
    transportsUnknown: "The profile does not say which transports the client speaks: declare transports to evaluate this.",
    versionsUnknown:
      "The client speaks the card's {{bindings}} binding, but the profile does not say which A2A protocol versions it speaks: declare protocolVersions to evaluate this.",
    sharedBinding: "The client calls {{url}} over {{binding}}, A2A {{version}}: the interface it picks among those it speaks (per binding, as its profile's interfaceChoice says).",
    noSharedBinding:
      "The card is served over {{cardBindings}} only and the client speaks {{clientTransports}}: no binding is shared, so nothing can reach the server.",
    noSharedVersion:
      "The card's {{bindings}} interfaces speak A2A {{cardVersions}} and the client speaks {{clientVersions}}: no version is shared, so nothing can reach the server.",
    noSharedVersionUnstated:
      "The card's {{bindings}} interfaces state no protocol version, which is read as A2A {{cardVersions}}, and the client speaks {{clientVersions}}: no version is shared, so nothing can reach the server.",
    versionHeaderUnclear:
      "The client calls {{url}} over {{binding}}, whose protocolVersion is {{version}} (with patch digits), and sends A2A-Version: {{header}}: a server that compares the header with the version as written refuses it, one that compares the major version takes it, and the card cannot tell which this server is.",
    versionHeaderUnknown:
      "The client calls {{url}} over {{binding}}, whose protocolVersion is {{version}} (with patch digits), and the profile does not say which A2A-Version header the client sends: declare a2aVersionHeader to evaluate this.",
  },
  generalFixes: ["Profile or card: share one protocol binding (JSONRPC, GRPC or HTTP+JSON) at one A2A version."],
  fixes: {
    noSharedBinding: [
      "Profile: add one of {{cardBindings}} to transports once the client speaks it.",
      "Card: add an interface over one of {{clientTransports}}.",
    ],
    noSharedVersion: [
      "Profile: add one of {{cardVersions}} to protocolVersions once the client speaks it.",
      "Card: add an interface at A2A {{clientVersions}}.",
    ],
    noSharedVersionUnstated: [
      "Card: state the version the server speaks (protocolVersion); if it is one of {{clientVersions}}, say so and the cut goes away.",
      "Profile: add one of {{cardVersions}} to protocolVersions once the client speaks it.",
    ],
    transportsUnknown: ["Profile: declare transports (e.g. [\"JSONRPC\"])."],
    versionsUnknown: ["Profile: declare protocolVersions (e.g. [\"1.0\", \"0.3\"])."],
    noInterfaces: ["Card: declare supportedInterfaces (1.0) or url (0.x)."],
    versionHeaderUnclear: [
      "Card: write the interface's protocolVersion as Major.Minor ({{suggested}}), as A2A defines it: every server then takes the client's header.",
      "Live: run `parley probe` against the agent: it calls the interface with the SDK's header and tells whether the server takes it.",
    ],
    versionHeaderUnknown: ["Profile: declare a2aVersionHeader (\"1.0\" for both A2A SDKs, or \"as-declared\")."],
  },
};

export const sharedTransport: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    // The usual answer first: the interface the client will call (the first callable one whose
    // binding and version it speaks, pickInterface's), with no list made. Only when there is none
    // does a second walk gather what the failure findings report.
    const transports = profile.transports;
    const versions = profile.protocolVersions;
    const iface = pickInterface(card, profile);
    if (iface) {
      const header = headerConcern(iface, profile, taskClass);
      if (header) return header;
      const data = { binding: iface.binding, url: iface.url, version: iface.speaks ?? "unstated", bindings: [iface.binding], pointer: iface.pointer };
      return makeFinding(meta, taskClass, "holds", "sharedBinding", data, [cardRef(iface.pointer, iface.url), profileRef("/transports", transports), profileRef("/protocolVersions", versions)]);
    }
    const client = transports === undefined ? undefined : spoken(profile);
    // How many interfaces can be called, and those of a binding the client speaks (the failure
    // findings below report them); the callable ones are listed only for the finding that names them.
    let callable = 0;
    const sameBinding: CardInterface[] = [];
    for (const iface of card.interfaces) {
      if (!iface.callable) continue;
      callable++;
      if (client !== undefined && speaksBinding(client, iface)) sameBinding.push(iface);
    }
    if (callable === 0) {
      return makeFinding(meta, taskClass, "not-evaluated", "noInterfaces", {}, [cardRef(card.interfaces[0]?.pointer ?? "/supportedInterfaces")]);
    }
    if (transports === undefined) {
      return unknownFinding(meta, taskClass, "transportsUnknown", {}, [profileRef("/transports")], ["/transports"], { kind: "transport" });
    }
    if (sameBinding.length === 0) {
      const candidates = card.interfaces.filter((iface) => iface.callable);
      const cardBindings = unique(candidates.map((iface) => iface.binding.toUpperCase()));
      const evidence = candidates.map((iface) => bindingRef(iface));
      evidence.push(profileRef("/transports", transports));
      return cutFinding(meta, taskClass, "noSharedBinding", { cardBindings, clientTransports: transports }, evidence, TRANSPORT, CARD_DECLARES);
    }
    const bindings = uniqueOf(sameBinding, bindingOf);
    if (versions === undefined) {
      return unknownFinding(meta, taskClass, "versionsUnknown", { bindings }, [profileRef("/protocolVersions")], ["/protocolVersions"], { kind: "transport" });
    }
    // Bindings are shared and both lists known, yet the walk found no interface to call: no version is shared.
    // Each interface's version where it is written; one that states none is shown by its URL (it is read as 0.3).
    const cardVersions = uniqueOf(sameBinding, versionOf);
    // Sized once: one ref per interface, then the client's versions.
    const evidence = new Array<EvidenceRef>(sameBinding.length + 1);
    // When no interface writes its version, say that the versions are Parley's reading, not the card's words.
    let stated = false;
    for (let i = 0; i < sameBinding.length; i++) {
      const iface = sameBinding[i]!;
      if (iface.speaksFrom) {
        stated = true;
        evidence[i] = cardRef(iface.speaksFrom.pointer, iface.speaksFrom.value);
      } else evidence[i] = cardRef(iface.pointer, iface.url);
    }
    evidence[sameBinding.length] = profileRef("/protocolVersions", versions);
    const messageId = stated ? "noSharedVersion" : "noSharedVersionUnstated";
    return cutFinding(meta, taskClass, messageId, { bindings, cardVersions, clientVersions: versions }, evidence, TRANSPORT, CARD_DECLARES);
  },
};

/**
 * The A2A-Version header against an interface whose protocolVersion carries patch digits ("1.0.0"):
 * both SDK clients send "1.0" for any 1.x interface; the JS SDK server checks the header against
 * the version as written (so "1.0.0" refuses "1.0"), the Python SDK server the major version only.
 * Unless the client sends the version as written, the card cannot tell whether calls get through:
 * the transport is at stake (not evaluated, from the card), and `parley probe` decides.
 */
function headerConcern(iface: CardInterface, profile: ClientProfile, taskClass: TaskClass): Finding | undefined {
  const from = iface.speaksFrom;
  if (from === undefined || iface.speaks === undefined || iface.speaks.startsWith("0.")) return undefined;
  const written = from.value.trim();
  const patch = /^(\d+\.\d+)\.\d+/.exec(written);
  if (!patch) return undefined;
  const header = profile.a2aVersionHeader;
  if (header === "as-declared" || header === written) return undefined;
  const data = { binding: iface.binding, url: iface.url, version: written, suggested: patch[1]!, pointer: iface.pointer };
  const evidence = [cardRef(iface.pointer, iface.url), cardRef(from.pointer, from.value), profileRef("/a2aVersionHeader", header)];
  if (header === undefined) return unknownFinding(meta, taskClass, "versionHeaderUnknown", data, evidence, ["/a2aVersionHeader"], TRANSPORT);
  return cardUnclearFinding(meta, taskClass, "versionHeaderUnclear", { ...data, header, probe: "versionHeader" }, evidence, [from.pointer], TRANSPORT);
}

/** The path these findings cut, and what a cut rests on: shared, as input-modes' causes are. */
const TRANSPORT = { kind: "transport" } as const;
const CARD_DECLARES: CutCause = { acquirable: [], cardClaim: "declarations" };

/** Where an interface's binding is written, with its value as written (a 0.x card's default JSONRPC marked absent). */
function bindingRef(iface: CardInterface): EvidenceRef {
  const ref = cardRef(iface.bindingFrom.pointer, iface.bindingFrom.value);
  if (iface.bindingFrom.absent) ref.absent = true;
  return ref;
}

/** What `read` gives for the interfaces, without repeats, in order; no intermediate list for the usual handful. */
function uniqueOf(ifaces: readonly CardInterface[], read: (iface: CardInterface) => string): string[] {
  // One interface, the usual failing card's: its value, in a list of one.
  if (ifaces.length === 1) return [read(ifaces[0]!)];
  if (ifaces.length > 16) return unique(ifaces.map(read));
  const out: string[] = [];
  for (const iface of ifaces) {
    const value = read(iface);
    if (!out.includes(value)) out.push(value);
  }
  return out;
}

const bindingOf = (iface: CardInterface) => iface.binding.toUpperCase();
const versionOf = (iface: CardInterface) => iface.speaks ?? "unstated";

/** The values without repeats, in order: a scan for the usual handful, a set for a hostile card's thousands. */
function unique(values: string[]): string[] {
  if (values.length > 16) return [...new Set(values)];
  const out: string[] = [];
  for (const value of values) if (!out.includes(value)) out.push(value);
  return out;
}
