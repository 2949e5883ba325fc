import { NORTHWIND } from "../../profile";
import { testInvariant } from "../rule-tester";
import { makeCard } from "../test-card";
import { omitFields } from "../test-helpers";
import { requiredExtensions as inv } from "./index";

const URI = "https://contoso.example/a2a/ext/case-number/v1";
const requires = makeCard({ extensions: [{ uri: URI, required: true, description: "Every request carries a case number.", pointer: "/capabilities/extensions/0" }] });
const optional = makeCard({ extensions: [{ uri: URI, required: false, pointer: "/capabilities/extensions/0" }] });
const REQUEST = { kind: "request", reason: "extension" } as const;

testInvariant(inv, {
  taskClass: "request-response",
  valid: [
    { name: "no extension at all", messageId: "noRequiredExtensions" },
    { name: "an optional extension binds nothing", card: optional, messageId: "noRequiredExtensions" },
    { name: "the client supports the required extension", card: requires, profile: { ...NORTHWIND, supportedExtensions: [URI] }, messageId: "extensionsSupported", evidence: { card: ["/capabilities/extensions/0"], profile: ["/supportedExtensions"] } },
  ],
  invalid: [
    // A2A 1.0: the agent MUST answer ExtensionSupportRequiredError when a required extension is not declared.
    {
      name: "a required extension the client does not support",
      card: requires,
      messageId: "requiredExtensionUnsupported",
      cuts: REQUEST,
      cause: { acquirable: [], cardClaim: "declarations", contradiction: undefined },
      data: { extensions: [URI], description: "Every request carries a case number." },
    },
    { name: "every task class, fire-and-forget too", card: requires, taskClass: "fire-and-forget", messageId: "requiredExtensionUnsupported", cuts: REQUEST },
    { name: "another version of the extension is another extension", card: requires, profile: { ...NORTHWIND, supportedExtensions: ["https://contoso.example/a2a/ext/case-number/v2"] }, messageId: "requiredExtensionUnsupported", cuts: REQUEST },
  ],
  unknown: [{ name: "supported extensions left out", card: requires, profile: omitFields(NORTHWIND, "supportedExtensions"), messageId: "supportedExtensionsUnknown", missing: ["/supportedExtensions"], atStake: REQUEST }],
});
