import { z } from "zod";
import { boolish, criticalBase, requiredModeList, requirementList, specBase, specSkill } from "./fields";

/** 0.2.x (J020–J026): `url`, required modes, OpenAPI-style schemes, `security` map list. */
export const card02 = {
  critical: z.looseObject({
    ...criticalBase,
    url: z.string(),
    defaultInputModes: requiredModeList,
    defaultOutputModes: requiredModeList,
    security: requirementList.nullish(),
  }),
  spec: z.looseObject({
    ...specBase,
    skills: z.array(specSkill),
    protocolVersion: z.string().nullish(),
    supportsAuthenticatedExtendedCard: boolish.nullish(),
  }),
};
