import * as z from "../../zod";
import { card10 } from "./v1-0";
import { endpoint03 } from "./fields";

/** 1.0 card that also carries the 0.3 projection (Python `agent_card_to_dict`, mastra). */
export const cardHybrid = {
  critical: z.extend(card10.critical, { url: z.nullish(z.string()), ...endpoint03 }),
  required: card10.required,
  spec: card10.spec,
};
