import { z } from "zod";
import { CHECKOUT_REMINDER_MESSAGES as M } from "../domain/checkout-reminders.ts";
import { emailField, text } from "./fields.ts";
import { orderLinesField } from "./order.ts";

export { M as CHECKOUT_REMINDER_MESSAGES };

/**
 * `POST /api/checkout/contact`: the address a shopper gave at checkout, their consent to one
 * reminder (required: without it nothing is kept), their cart and the page's language.
 */
export const checkoutContactSchema = z.object({
  email: emailField,
  consent: z.literal(true, { message: M.CONSENT_REQUIRED }),
  lines: orderLinesField,
  lang: z.enum(["en", "ar"]).default("en"),
});
export type CheckoutContactInput = z.output<typeof checkoutContactSchema>;

/** A restore link's token: 32 random bytes, base64url. */
export const restoreTokenParam = z.object({
  token: text({ message: M.RESTORE_INVALID }).regex(/^[A-Za-z0-9_-]{43}$/, M.RESTORE_INVALID),
});

export const restoredCartSchema = z.object({
  data: z.object({
    lines: z.array(
      z.object({
        productId: z.number().int(),
        grams: z.number().int(),
        qty: z.number().int(),
        contents: z
          .array(z.object({ productId: z.number().int(), grams: z.number().int() }))
          .optional(),
      }),
    ),
  }),
});

export const checkoutReminderStatsSchema = z.object({
  data: z.object({
    /** Reminders e-mailed in the last 30 days. */
    sent: z.number().int(),
    /** Of those, how many were followed by an order with the address within 7 days. */
    ordered: z.number().int(),
  }),
});
