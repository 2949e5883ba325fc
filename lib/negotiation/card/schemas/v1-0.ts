import * as z from "../../zod";
import {
  boolish,
  criticalBase,
  requiredModeList,
  requirementList,
  signatures,
  specBase,
  specSkill10,
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
  spec: z.looseObject({
    ...specBase,
    skills: z.array(specSkill10).check(z.minLength(1)),
    signatures: z.nullish(signatures),
    capabilities: z.looseObject({ extendedAgentCard: z.nullish(boolish) }),
  }),
};
