import { z } from "zod";
import { emailField, langField } from "./fields.ts";

// "E-mail me when it is back": one form for the product page and the server.

export const RESTOCK_MESSAGES = {
  IN_STOCK: "This product is in stock: you can order it now.",
  WEIGHT_UNKNOWN: "This product is not sold in that weight.",
} as const;

export const restockAlertInputSchema = z.object({
  email: emailField,
  /** A weight the product sells; left out = its first. */
  grams: z.coerce
    .number({ message: RESTOCK_MESSAGES.WEIGHT_UNKNOWN })
    .int(RESTOCK_MESSAGES.WEIGHT_UNKNOWN)
    .positive(RESTOCK_MESSAGES.WEIGHT_UNKNOWN)
    .max(100_000, RESTOCK_MESSAGES.WEIGHT_UNKNOWN)
    .optional(),
  /** The language of the e-mail; left out = the page's (cookie, then the browser's). */
  lang: langField.optional(),
});
export type RestockAlertInput = z.input<typeof restockAlertInputSchema>;

/** After 90 days without stock the address is deleted unused. */
export const RESTOCK_ALERT_DAYS = 90;
