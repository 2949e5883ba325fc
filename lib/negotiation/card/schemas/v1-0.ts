import { z } from "zod";
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
    supportedInterfaces: z.array(supportedInterface).min(1),
    defaultInputModes: requiredModeList,
    defaultOutputModes: requiredModeList,
    securityRequirements: requirementList.nullish(),
    // Stale 0.3 name, still read (warned elsewhere).
    security: requirementList.nullish(),
  }),
  spec: z.looseObject({
    ...specBase,
    skills: z.array(specSkill10).min(1),
    signatures: signatures.nullish(),
    capabilities: z.looseObject({ extendedAgentCard: boolish.nullish() }),
  }),
};
