import * as z from "../../zod";
import { card02 } from "./v0-2";
import { endpoint03, signatures } from "./fields";

/** 0.3.0 (J03): 0.2 plus `preferredTransport`, `additionalInterfaces`, signatures, mutualTLS. */
export const card03 = {
  critical: z.extend(card02.critical, { ...endpoint03 }),
  // 0.3's schema requires protocolVersion with the default "0.3.0": a card without it reads as 0.3.0.
  required: card02.required,
  spec: z.extend(card02.spec, { signatures: z.nullish(signatures) }),
};
