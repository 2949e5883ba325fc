import type * as z from "../../zod";
import type { CardShape } from "../model";
import { card01 } from "./v0-1";
import { card02 } from "./v0-2";
import { card03 } from "./v0-3";
import { card10 } from "./v1-0";
import { cardHybrid } from "./hybrid";
import { cardUnknown } from "./unknown";

export interface ShapeSchemas {
  /** Issues here are errors: negotiation reads these fields. */
  critical: z.ZodMiniType;
  /** Issues here are errors too: the card's A2A version marks these REQUIRED (a conforming client refuses the card). */
  required: z.ZodMiniType;
  /** Issues here are warnings: the spec wants them, negotiation does not read them. */
  spec: z.ZodMiniType;
}

export const CARD_SCHEMAS: Record<CardShape, ShapeSchemas> = {
  "0.1": card01,
  "0.2": card02,
  "0.3": card03,
  "1.0": card10,
  hybrid: cardHybrid,
  unknown: cardUnknown,
};

export { pushNotificationsObject } from "./fields";
