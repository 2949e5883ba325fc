import * as z from "../../zod";
import { boolish, criticalBase, requiredModeList, requiredProvider, requiredSkill, requirementList, specBase, specSkill } from "./fields";

/** 0.2.x (J020–J026): `url`, required modes, OpenAPI-style schemes, `security` map list. */
export const card02 = {
  critical: z.looseObject({
    ...criticalBase,
    url: z.string(),
    defaultInputModes: requiredModeList,
    defaultOutputModes: requiredModeList,
    security: z.nullish(requirementList),
  }),
  // The 0.2.x JSON Schemas' `required` lists (no minimum lengths: an empty list is a warning). The
  // card's protocolVersion became required only in 0.2.5, so a 0.2 card may lack it.
  required: z.looseObject({
    description: z.string(),
    version: z.string(),
    provider: requiredProvider,
    skills: z.array(requiredSkill),
    capabilities: z.looseObject({ extensions: z.nullish(z.array(z.looseObject({ uri: z.string() }))) }),
  }),
  spec: z.looseObject({
    ...specBase,
    skills: z.array(specSkill),
    protocolVersion: z.nullish(z.string()),
    supportsAuthenticatedExtendedCard: z.nullish(boolish),
  }),
};
