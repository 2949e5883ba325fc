import * as z from "../../zod";
import { isObject, readBoolish } from "../json-value";

/**
 * Building blocks shared by the per-shape schemas. Three tiers per shape:
 * - `critical`: fields the negotiation reads; an issue here is an `error`.
 * - `required`: fields the card's A2A version marks REQUIRED that negotiation does not read; an
 *   issue is an `error` too (a conforming client refuses the card).
 * - `spec`: what the spec asks for beyond that (optional fields' types); an issue is a `warning`.
 * Objects are loose: unknown keys are ignorable (D10 §5.7) and common in the wild.
 * `params.expected` names the accepted type for messages when zod's own `expected` is absent.
 */

/** A boolean, or a string boolean ("True"/"False": Python str(bool)); the string is a warning elsewhere. */
export const boolish = z.custom<boolean | string>((v) => readBoolish(v) !== undefined, {
  params: { expected: "boolean" },
});

/** The rule's own field: a boolean (spec) or `{supported, securityScheme}` (the incidents). */
export const pushNotificationsValue = z.custom<unknown>((v) => readBoolish(v) !== undefined || isObject(v), {
  params: { expected: "boolean or object" },
});

export const pushNotificationsObject = z.looseObject({
  supported: z.nullish(boolish),
  securityScheme: z.nullish(z.string()),
});

export const modeList = z.array(z.string());
/** Required by the spec; an empty list (as some SDKs serve it) reads as "modes unknown", a warning from checkModes. */
export const requiredModeList = z.array(z.string());

export const extension = z.looseObject({ required: z.nullish(boolish) });

export const capabilities = z.looseObject({
  streaming: z.nullish(boolish),
  pushNotifications: z.nullish(pushNotificationsValue),
  extensions: z.nullish(z.array(extension)),
});

export const criticalSkill = z.looseObject({
  inputModes: z.nullish(modeList),
  outputModes: z.nullish(modeList),
  security: z.nullish(z.array(z.looseObject({}))),
  securityRequirements: z.nullish(z.array(z.looseObject({}))),
});

export const securitySchemes = z.record(z.string(), z.looseObject({}));
export const requirementList = z.array(z.looseObject({}));

/** Fields every shape's critical tier shares. */
export const criticalBase = {
  name: z.string(),
  capabilities,
  skills: z.array(criticalSkill),
  securitySchemes: z.nullish(securitySchemes),
  resubscribeOnlyOutputModes: z.nullish(modeList),
};

export const legacyInterface = z.looseObject({ url: z.string(), transport: z.string() });

/** 0.3 endpoint fields (also the 0.3 projection inside a hybrid card). */
export const endpoint03 = {
  preferredTransport: z.nullish(z.string()),
  additionalInterfaces: z.nullish(z.array(legacyInterface)),
};

export const supportedInterface = z.looseObject({ url: z.string() });

// --- required tier -------------------------------------------------------------------------
// Fields the card's own A2A version marks REQUIRED that negotiation does not read: a conforming
// client refuses a card without them (A2A 1.0 §5.7: "MUST be present and set"; the 0.x JSON
// Schemas' `required` lists, which the 0.x Python SDK's models enforce), so an issue is an error.

/** A skill as 0.2.x and 0.3 require it (id, name, description, tags). */
export const requiredSkill = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
});

/** 0.1 made only id and name required on a skill. */
export const requiredSkill01 = z.looseObject({ id: z.string(), name: z.string() });

/** 1.0: required arrays must be non-empty (D10 §5.7). */
export const requiredSkill10 = z.extend(requiredSkill, { tags: z.array(z.string()).check(z.minLength(1)) });

/** A provider, when there is one, names its organization and its URL (0.2 and later; 1.0 REQUIRED). */
export const requiredProvider = z.nullish(z.looseObject({ organization: z.string(), url: z.string() }));

/** 0.1 required only the organization. */
export const requiredProvider01 = z.nullish(z.looseObject({ organization: z.string() }));

/** A required list of modes that must hold at least one (1.0). */
export const nonEmptyModeList = z.array(z.string()).check(z.minLength(1));

// --- spec tier -----------------------------------------------------------------------------

/** What the spec wants of a skill beyond its required fields. */
export const specSkill = z.looseObject({
  examples: z.nullish(z.array(z.string())),
});

export const specBase = {
  documentationUrl: z.nullish(z.string()),
  iconUrl: z.nullish(z.string()),
};

export const signatures = z.array(z.looseObject({ protected: z.string(), signature: z.string() }));
