import * as z from "../../zod";
import { boolish, criticalBase, requiredModeList, requirementList, specBase, specSkill } from "./fields";

/** 0.2.x (J020–J026): `url`, required modes, OpenAPI-style schemes, `security` map list. */
export const card02 = {
  critical: z.looseObject({
    ...criticalBase,
    url: z.string(),
    defaultInputModes: requiredModeList,
    defaultOutputModes: requiredModeList,
    security: z.nullish(requirementList),
  }),
  spec: z.looseObject({
    ...specBase,
    skills: z.array(specSkill),
    protocolVersion: z.nullish(z.string()),
    supportsAuthenticatedExtendedCard: z.nullish(boolish),
  }),
};
