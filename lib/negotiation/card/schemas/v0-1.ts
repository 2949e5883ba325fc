import * as z from "../../zod";
import { criticalBase, modeList, requiredProvider01, requiredSkill01, specBase, specSkill } from "./fields";

/** 0.1.0 (J01/D01): one JSON-RPC `url`, `authentication.schemes` by name, optional modes. */
export const card01 = {
  critical: z.looseObject({
    ...criticalBase,
    url: z.string(),
    defaultInputModes: z.nullish(modeList),
    defaultOutputModes: z.nullish(modeList),
  }),
  // The 0.1.0 JSON Schema's `required` lists: the card's version, each skill's id and name.
  required: z.looseObject({
    version: z.string(),
    provider: requiredProvider01,
    skills: z.array(requiredSkill01),
  }),
  spec: z.looseObject({
    ...specBase,
    description: z.nullish(z.string()),
    skills: z.array(z.extend(specSkill, { description: z.nullish(z.string()), tags: z.nullish(z.array(z.string())) })),
    authentication: z.nullish(z.looseObject({ schemes: z.array(z.string()), credentials: z.nullish(z.string()) })),
  }),
};
