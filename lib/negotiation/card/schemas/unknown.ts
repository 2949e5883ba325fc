import * as z from "../../zod";
import { capabilities, requiredModeList } from "./fields";

/** Not recognisably A2A: report what an A2A card would need, in 1.0 terms. */
export const cardUnknown = {
  critical: z.looseObject({
    name: z.string(),
    capabilities,
    skills: z.array(z.unknown()),
    defaultInputModes: requiredModeList,
    defaultOutputModes: requiredModeList,
  }),
  required: z.looseObject({}),
  spec: z.looseObject({}),
};
