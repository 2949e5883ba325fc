import * as z from "../../zod";
import {
  boolish,
  criticalBase,
  nonEmptyModeList,
  requiredModeList,
  requiredProvider,
  requiredSkill10,
  requirementList,
  signatures,
  specBase,
  specSkill,
  supportedInterface,
} from "./fields";

/** 1.0 (P10): `supportedInterfaces`, wrapper-keyed schemes, `securityRequirements`. */
export const card10 = {
  critical: z.looseObject({
    ...criticalBase,
    supportedInterfaces: z.array(supportedInterface).check(z.minLength(1)),
    defaultInputModes: requiredModeList,
    defaultOutputModes: requiredModeList,
    securityRequirements: z.nullish(requirementList),
    // Stale 0.3 name, still read (warned elsewhere).
    security: z.nullish(requirementList),
  }),
  // a2a.proto v1.0.1, `field_behavior = REQUIRED`; required arrays hold at least one entry (§5.7).
  // The interfaces' REQUIRED fields are checked by checks/endpoints.ts and checks/versions.ts.
  required: z.looseObject({
    description: z.string(),
    version: z.string(),
    provider: requiredProvider,
    skills: z.array(requiredSkill10).check(z.minLength(1)),
    defaultInputModes: nonEmptyModeList,
    defaultOutputModes: nonEmptyModeList,
  }),
  spec: z.looseObject({
    ...specBase,
    skills: z.array(specSkill),
    signatures: z.nullish(signatures),
    capabilities: z.looseObject({ extendedAgentCard: z.nullish(boolish) }),
  }),
};
