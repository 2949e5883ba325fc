import * as z from "../../zod";
import { card02 } from "./v0-2";
import { endpoint03, signatures } from "./fields";

/** 0.3.0 (J03): 0.2 plus `preferredTransport`, `additionalInterfaces`, signatures, mutualTLS. */
export const card03 = {
  critical: z.extend(card02.critical, { ...endpoint03 }),
  spec: z.extend(card02.spec, { signatures: z.nullish(signatures) }),
};
