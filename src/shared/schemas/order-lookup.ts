import { z } from "zod";
import { ORDER_LOOKUP_MESSAGES } from "../domain/validation-messages.ts";
import { text } from "./fields.ts";

export { ORDER_LOOKUP_MESSAGES };

export const orderLookupSchema = z.object({
  number: text({ message: ORDER_LOOKUP_MESSAGES.NUMBER_REQUIRED })
    .trim()
    .min(1, ORDER_LOOKUP_MESSAGES.NUMBER_REQUIRED)
    .max(40, ORDER_LOOKUP_MESSAGES.TOO_LONG),
  contact: text({ message: ORDER_LOOKUP_MESSAGES.CONTACT_REQUIRED })
    .trim()
    .min(1, ORDER_LOOKUP_MESSAGES.CONTACT_REQUIRED)
    .max(254, ORDER_LOOKUP_MESSAGES.TOO_LONG),
});
export type OrderLookupInput = z.infer<typeof orderLookupSchema>;

/** The private order page (path and key), relative to the shop. */
export const orderLookupResponseSchema = z.object({ data: z.object({ url: z.string() }) });
