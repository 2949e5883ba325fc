import { describe, expect, it } from "vitest";
import type { CardSecurityScheme } from "../../card/model";
import { explainFinding } from "../../explain/findings";
import { NORTHWIND } from "../../profile";
import { testInvariant } from "../rule-tester";
import { makeCard, requirement } from "../test-card";
import { omitFields, runCheck } from "../test-helpers";
import { securitySatisfiable as inv } from "./index";

const scheme = (name: string, kind: CardSecurityScheme["kind"]): CardSecurityScheme => ({ name, kind, pointer: `/securitySchemes/${name}` });
const mtlsOnly = makeCard({ securitySchemes: [scheme("cert", "mutualTLS")], securityRequirements: [requirement(0, "cert")] });
const oauthAndKey = makeCard({ securitySchemes: [scheme("oauth", "oauth2"), scheme("key", "apiKey")], securityRequirements: [requirement(0, "oauth", "key")] });
const tokensOnly = { ...NORTHWIND, securitySchemes: ["http" as const, "oauth2" as const] };
const REQUEST = { kind: "request", reason: "security" } as const;

testInvariant(inv, {
  taskClass: "request-response",
  valid: [
    { name: "no requirement: open", messageId: "open" },
    { name: "an empty alternative ({}) makes it open", card: makeCard({ securitySchemes: [scheme("cert", "mutualTLS")], securityRequirements: [requirement(0, "cert"), requirement(1)] }), profile: tokensOnly, messageId: "open" },
    { name: "Northwind presents a client certificate", card: mtlsOnly, messageId: "satisfiable", data: { kinds: ["mutualTLS"] } },
    { name: "one alternative of several is enough", card: makeCard({ securitySchemes: [scheme("cert", "mutualTLS"), scheme("bearer", "http")], securityRequirements: [requirement(0, "cert"), requirement(1, "bearer")] }), profile: tokensOnly, messageId: "satisfiable", data: { requirement: "bearer (http)" } },
  ],
  invalid: [
    // Issue 28 (spec audit): a skill's security adds to the card's, it never lifts it — card-level
    // security applies to every interaction, and a request names no skill.
    {
      name: "a skill with open requirements does not lift the card's mTLS",
      card: makeCard({ ...mtlsOnly, skills: [{ id: "public", securityRequirements: [], pointer: "/skills/0" }] }),
      profile: tokensOnly,
      skill: "public",
      messageId: "noSatisfiableRequirement",
      cuts: REQUEST,
    },
    {
      name: "card mTLS + skill bearer, client without a certificate",
      card: makeCard({
        securitySchemes: [scheme("cert", "mutualTLS"), scheme("bearer", "http")],
        securityRequirements: [requirement(0, "cert")],
        skills: [{ id: "search", securityRequirements: [{ schemes: ["bearer"], pointer: "/skills/0/securityRequirements/0" }], pointer: "/skills/0" }],
      }),
      profile: tokensOnly,
      skill: "search",
      messageId: "noSatisfiableRequirement",
      cuts: REQUEST,
      data: { lacking: ["cert (mutualTLS)"] },
    },
    {
      name: "card open, skill bearer, client without tokens",
      card: makeCard({
        securitySchemes: [scheme("bearer", "http")],
        skills: [{ id: "search", securityRequirements: [{ schemes: ["bearer"], pointer: "/skills/0/securityRequirements/0" }], pointer: "/skills/0" }],
      }),
      profile: { ...NORTHWIND, securitySchemes: ["mutualTLS"] },
      skill: "search",
      messageId: "noSatisfiableRequirement",
      cuts: REQUEST,
      data: { skill: "search" },
    },
    {
      name: "every alternative needs mTLS, the client has tokens only",
      card: mtlsOnly,
      profile: tokensOnly,
      messageId: "noSatisfiableRequirement",
      cuts: REQUEST,
      cause: { acquirable: [], cardClaim: "declarations" },
      data: { lacking: ["cert (mutualTLS)"] },
      evidence: { card: ["/securityRequirements/0", "/securitySchemes/cert"], profile: ["/securitySchemes"] },
    },
    // Schemes in one alternative are AND-ed: OAuth2 alone is not enough when an API key is also required.
    { name: "an alternative needing two schemes, the client has one", card: oauthAndKey, profile: tokensOnly, messageId: "noSatisfiableRequirement", cuts: REQUEST, data: { lacking: ["key (apiKey)"] } },
    { name: "a requirement naming an undeclared scheme cannot be met", card: makeCard({ securityRequirements: [requirement(0, "ghost")] }), messageId: "noSatisfiableRequirement", cuts: REQUEST, data: { lacking: ["ghost (undeclared)"] } },
  ],
  unknown: [
    { name: "security schemes left out of the profile", card: mtlsOnly, profile: omitFields(NORTHWIND, "securitySchemes"), messageId: "schemesUnknown", missing: ["/securitySchemes"], atStake: REQUEST },
    // Issue 28: a scheme Parley cannot read is not one the client cannot satisfy (the card decides nothing: defer).
    {
      name: "the only alternative needs an unreadable scheme",
      card: makeCard({ securitySchemes: [scheme("odd", "unknown")], securityRequirements: [requirement(0, "odd")] }),
      profile: tokensOnly,
      messageId: "schemeUnreadable",
      missing: [],
      atStake: REQUEST,
      data: { unreadable: ["odd"] },
    },
  ],
});

describe("the sentence when no alternative can be satisfied", () => {
  it("names the schemes the client cannot present, each once", () => {
    const twoAlternatives = makeCard({
      securitySchemes: [scheme("oauth", "oauth2"), scheme("key", "apiKey"), scheme("cert", "mutualTLS")],
      securityRequirements: [requirement(0, "oauth", "key"), requirement(1, "key", "cert")],
    });
    expect(explainFinding(runCheck(inv, twoAlternatives, tokensOnly, "request-response"))).toBe(
      "The client can present http and oauth2, but every security alternative of the card needs a scheme it cannot present: key (apiKey) and cert (mutualTLS). The server refuses every request.",
    );
  });

  it("reads right for a client that presents no scheme at all", () => {
    expect(explainFinding(runCheck(inv, mtlsOnly, { ...NORTHWIND, securitySchemes: [] }, "request-response"))).toBe(
      "The client can present none, but every security alternative of the card needs a scheme it cannot present: cert (mutualTLS). The server refuses every request.",
    );
  });
});
