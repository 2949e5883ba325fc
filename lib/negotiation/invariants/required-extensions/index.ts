import { cardRef, cutFinding, makeFinding, profileRef, unknownFinding } from "../finding";
import type { Invariant, InvariantMeta, MessageData } from "../types";

/**
 * An extension the card marks `required: true` must be one the client supports (exact URI; the
 * version is part of the URI): otherwise the server answers every request with
 * ExtensionSupportRequiredError, whatever the task class.
 */
type MessageId = "noRequiredExtensions" | "extensionsSupported" | "supportedExtensionsUnknown" | "requiredExtensionUnsupported";

const meta: InvariantMeta<MessageId> = {
  id: "required-extensions",
  origin: "parley",
  title: "Required extensions the client supports",
  shortTitle: "Extensions",
  description: "Refuse a card that requires an extension the client does not support",
  specRef: "docs/rule.md#required-extensions",
  cardFields: ["/capabilities/extensions"],
  profileFields: ["/supportedExtensions"],
  concerns: () => true,
  reads: [],
  messages: {
    noRequiredExtensions: "The card requires no extension.",
    extensionsSupported: "The card requires {{extensions}}, which the client supports (and sends in A2A-Extensions).",
    supportedExtensionsUnknown:
      "The card requires {{extensions}}, and the profile does not say which extensions the client supports: declare supportedExtensions to evaluate this.",
    requiredExtensionUnsupported:
      "The card requires {{extensions}}{{about}}, which the client does not support: the server answers every request with ExtensionSupportRequiredError.",
  },
  wording: {
    // The one missing extension's own description, as the card writes it, in brackets after its URI.
    about: (data) => (typeof data.description === "string" ? ` (${data.description})` : ""),
  },
  generalFixes: ["Profile: list the extension URI in supportedExtensions once the client implements it; or the card marks it required: false."],
  fixes: {
    requiredExtensionUnsupported: [
      "Profile: add {{extensions}} to supportedExtensions once the client implements it (see its URI for the spec).",
      "Card: mark {{extensions}} required: false if the server can serve clients without it.",
    ],
    supportedExtensionsUnknown: ["Profile: declare supportedExtensions, the extension URIs the client implements ([] for none)."],
  },
};

export const requiredExtensions: Invariant<MessageId> = {
  meta,
  check({ card, profile, taskClass }) {
    const required = card.extensions.filter((e) => e.required);
    if (required.length === 0) return makeFinding(meta, taskClass, "holds", "noRequiredExtensions", {}, []);
    const supported = profile.supportedExtensions;
    const refs = required.map((e) => cardRef(e.pointer, e.uri));
    const extensions = required.map((e) => e.uri);
    if (supported === undefined) {
      refs.push(profileRef("/supportedExtensions"));
      return unknownFinding(meta, taskClass, "supportedExtensionsUnknown", { extensions }, refs, ["/supportedExtensions"], {
        kind: "request",
        reason: "extension",
      });
    }
    const missing = required.filter((e) => !supported.includes(e.uri.trim()));
    // refs is this check's own list (a map of the required extensions): extended in place, not spread into a copy.
    const evidence = refs;
    evidence.push(profileRef("/supportedExtensions", supported));
    if (missing.length === 0) return makeFinding(meta, taskClass, "holds", "extensionsSupported", { extensions }, evidence);
    const described = missing.filter((e) => e.description);
    // With one missing extension that describes itself, the card's description (its first 200
    // characters) goes in the data; the message words it (meta.wording).
    const data: MessageData = { extensions: missing.map((e) => e.uri) };
    if (described.length === 1 && missing.length === 1) data.description = described[0]!.description!.slice(0, 200);
    return cutFinding(
      meta,
      taskClass,
      "requiredExtensionUnsupported",
      data,
      evidence,
      { kind: "request", reason: "extension" },
      { acquirable: [], cardClaim: "declarations" },
    );
  },
};
