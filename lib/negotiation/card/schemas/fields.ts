import * as z from "../../zod";
import { isObject, readBoolish } from "../json-value";

/**
 * Building blocks shared by the per-shape schemas. Two tiers per shape:
 * - `critical`: fields the negotiation reads; an issue here is an `error`.
 * - `spec`: fields the spec requires but negotiation does not read; an issue is a `warning`.
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

// --- spec tier -----------------------------------------------------------------------------

export const specSkill = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  examples: z.nullish(z.array(z.string())),
});

/** 0.1 made only id and name required on a skill. */
export const specSkill01 = z.extend(specSkill, {
  description: z.nullish(z.string()),
  tags: z.nullish(z.array(z.string())),
});

/** 1.0: required arrays must be non-empty (D10 §5.7). */
export const specSkill10 = z.extend(specSkill, { tags: z.array(z.string()).check(z.minLength(1)) });

export const provider = z.looseObject({ url: z.nullish(z.string()) });

export const specBase = {
  description: z.string(),
  version: z.string(),
  documentationUrl: z.nullish(z.string()),
  iconUrl: z.nullish(z.string()),
  provider: z.nullish(provider),
};

export const signatures = z.array(z.looseObject({ protected: z.string(), signature: z.string() }));
