import { cardRef, makeFinding, profileRef } from "./finding";
import type { Invariant, InvariantMeta } from "./types";

/**
 * Parley's own invariant: the client and the card must share a protocol binding, or no path of any
 * task class is reachable. Bindings compare case-insensitively (JSONRPC, jsonrpc).
 */
type MessageId = "noInterfaces" | "transportsUnknown" | "sharedBinding" | "noSharedBinding";

const meta: InvariantMeta<MessageId> = {
  id: "shared-transport",
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
    sharedBinding: "The client and the card share the {{bindings}} binding.",
    noSharedBinding:
      "The card is served over {{cardBindings}} only and the client speaks {{clientTransports}}: no binding is shared, so nothing can reach the server.",
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
      return makeFinding(meta, taskClass, "not-evaluated", "transportsUnknown", {}, [profileRef("/transports")], {
        missing: ["/transports"],
      });
    }
    const shared: string[] = [];
    const cardBindings: string[] = [];
    for (const iface of card.interfaces) {
      const binding = iface.binding.toUpperCase();
      if (!cardBindings.includes(binding)) cardBindings.push(binding);
      if (!shared.includes(binding) && transports.some((t) => t.toUpperCase() === binding)) shared.push(binding);
    }
    const evidence = [
      ...card.interfaces.map((iface) => cardRef(iface.pointer, iface.binding)),
      profileRef("/transports", transports),
    ];
    if (shared.length > 0) return makeFinding(meta, taskClass, "holds", "sharedBinding", { bindings: shared }, evidence);
    return makeFinding(
      meta,
      taskClass,
      "violated",
      "noSharedBinding",
      { cardBindings, clientTransports: transports },
      evidence,
      { cuts: { kind: "transport" } },
    );
  },
};
