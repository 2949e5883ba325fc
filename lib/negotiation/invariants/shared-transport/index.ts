import { cardRef, cutFinding, makeFinding, profileRef, unknownFinding } from "../finding";
import type { Invariant, InvariantMeta } from "../types";

/**
 * Every path rides one of the card's interfaces: with no protocol binding the client speaks, no
 * path of any task class is reachable. Bindings compare case-insensitively (JSONRPC, jsonrpc).
 * Renegotiation cannot fix it (a client cannot make a server speak another binding) and it is no
 * contradiction in the card, so only another discovery channel (which may know another endpoint)
 * or a stale card changes it.
 */
type MessageId = "noInterfaces" | "transportsUnknown" | "sharedBinding" | "noSharedBinding";

const meta: InvariantMeta<MessageId> = {
  id: "shared-transport",
  origin: "parley",
  title: "Shared transport",
  shortTitle: "Transport",
  description: "Refuse a card whose interfaces use no protocol binding the client speaks",
  specRef: "docs/rule.md#shared-transport",
  cardFields: ["/supportedInterfaces", "/url", "/preferredTransport", "/additionalInterfaces"],
  profileFields: ["/transports"],
  concerns: () => true,
  messages: {
    noInterfaces: "The card names no endpoint (no interface or url), so there is no binding to share.",
    transportsUnknown: "The profile does not say which transports the client speaks: declare transports to evaluate this.",
    sharedBinding: "The client and the card share the {{bindings}} binding; the client calls {{url}}.",
    noSharedBinding:
      "The card is served over {{cardBindings}} only and the client speaks {{clientTransports}}: no binding is shared, so nothing can reach the server.",
  },
  fixes: {
    noSharedBinding: [
      "Profile: add one of {{cardBindings}} to transports once the client speaks it.",
      "Card: add an interface over one of {{clientTransports}}.",
    ],
    transportsUnknown: ["Profile: declare transports (e.g. [\"JSONRPC\"])."],
    noInterfaces: ["Card: declare supportedInterfaces (1.0) or url (0.x)."],
  },
};

export const sharedTransport: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    if (card.interfaces.length === 0) {
      return makeFinding(meta, taskClass, "not-evaluated", "noInterfaces", {}, [cardRef("/supportedInterfaces")]);
    }
    const transports = profile.transports;
    if (transports === undefined) {
      return unknownFinding(meta, taskClass, "transportsUnknown", {}, [profileRef("/transports")], ["/transports"], { kind: "transport" });
    }
    const shared: string[] = [];
    const cardBindings: string[] = [];
    let url = "";
    for (const iface of card.interfaces) {
      const binding = iface.binding.toUpperCase();
      if (!cardBindings.includes(binding)) cardBindings.push(binding);
      if (!shared.includes(binding) && transports.some((t) => t.toUpperCase() === binding)) {
        if (shared.length === 0) url = iface.url;
        shared.push(binding);
      }
    }
    const evidence = [...card.interfaces.map((iface) => cardRef(iface.pointer, iface.binding)), profileRef("/transports", transports)];
    if (shared.length > 0) return makeFinding(meta, taskClass, "holds", "sharedBinding", { bindings: shared, url }, evidence);
    return cutFinding(meta, taskClass, "noSharedBinding", { cardBindings, clientTransports: transports }, evidence, { kind: "transport" }, {
      acquirable: [],
      cardClaim: "declarations",
    });
  },
};
