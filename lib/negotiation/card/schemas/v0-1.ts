import * as z from "../../zod";
import { criticalBase, modeList, specBase, specSkill01 } from "./fields";

/** 0.1.0 (J01/D01): one JSON-RPC `url`, `authentication.schemes` by name, optional modes. */
export const card01 = {
  critical: z.looseObject({
    ...criticalBase,
    url: z.string(),
    defaultInputModes: z.nullish(modeList),
    defaultOutputModes: z.nullish(modeList),
  }),
  spec: z.looseObject({
    ...specBase,
    description: z.nullish(z.string()),
    skills: z.array(specSkill01),
    authentication: z.nullish(z.looseObject({ schemes: z.array(z.string()), credentials: z.nullish(z.string()) })),
  }),
};
