import { card02 } from "./v0-2";
import { endpoint03, signatures } from "./fields";

/** 0.3.0 (J03): 0.2 plus `preferredTransport`, `additionalInterfaces`, signatures, mutualTLS. */
export const card03 = {
  critical: card02.critical.extend({ ...endpoint03 }),
  spec: card02.spec.extend({ signatures: signatures.nullish() }),
};
