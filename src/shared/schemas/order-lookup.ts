import { z } from "zod";
import { text } from "./fields.ts";

/** "Find my order" (issue 25): the texts the form and the server share. */
export const ORDER_LOOKUP_MESSAGES = {
  NUMBER_REQUIRED: "The order number is required.",
  CONTACT_REQUIRED: "The e-mail or phone number is required.",
  TOO_LONG: "This field is too long.",
  /** The one answer to a wrong pair and to an unknown number alike. */
  NOT_FOUND: "We could not find an order with this number and e-mail or phone.",
} as const;

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
