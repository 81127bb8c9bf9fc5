import { z } from "zod";
import {
  ACCOUNT_DELETION_MESSAGES,
  EMAIL_VERIFICATION_MESSAGES,
} from "../domain/account-privacy.ts";
import { PASSWORD_MAX } from "../domain/validation-messages.ts";
import { langField, text } from "./fields.ts";

export { ACCOUNT_DELETION_MESSAGES, EMAIL_VERIFICATION_MESSAGES };

/** A verification token is 32 random bytes in base64url: 43 characters. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** `POST /api/auth/verify-email`: the token from the e-mail's link. */
export const verifyEmailSchema = z.object({
  token: text({ message: EMAIL_VERIFICATION_MESSAGES.TOKEN_REQUIRED })
    .trim()
    .min(1, EMAIL_VERIFICATION_MESSAGES.TOKEN_REQUIRED)
    .regex(TOKEN, EMAIL_VERIFICATION_MESSAGES.TOKEN_INVALID),
});
export type VerifyEmailInput = z.infer<typeof verifyEmailSchema>;

/** `POST /api/account/verification`: "send again", in the page's language. */
export const resendVerificationSchema = z
  .object({ lang: langField.optional() })
  .nullish()
  .transform((value) => value ?? {});

/** `DELETE /api/account`: the password confirms it is the account's owner. */
export const deleteAccountSchema = z.object({
  password: text({ message: ACCOUNT_DELETION_MESSAGES.PASSWORD_REQUIRED })
    .min(1, ACCOUNT_DELETION_MESSAGES.PASSWORD_REQUIRED)
    .max(PASSWORD_MAX, ACCOUNT_DELETION_MESSAGES.PASSWORD_WRONG),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/**
 * `GET /api/account/deletion`: whether the account may be deleted now, and the open orders
 * that stop it (the dialog names them before the customer types her password).
 */
export const accountDeletionCheck = z.object({
  data: z.object({
    allowed: z.boolean(),
    open_orders: z.array(
      z.object({ number: z.string(), status: z.string(), payment_status: z.string() }),
    ),
  }),
});
export type AccountDeletionCheck = z.infer<typeof accountDeletionCheck>["data"];

const money = z.number();

/** `GET /api/account/export`: everything the shop holds about the signed-in customer. */
export const accountExport = z.object({
  exported_at: z.string(),
  profile: z.object({
    id: z.number(),
    name: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    username: z.string().nullable(),
    company: z.string().nullable(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
    location: z.string().nullable(),
    is_admin: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
  /** The account's own address, then each distinct delivery address its orders used. */
  addresses: z.array(
    z.object({
      source: z.enum(["account", "order"]),
      name: z.string().nullable(),
      phone: z.string().nullable(),
      country: z.string().nullable(),
      city: z.string().nullable(),
      address: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      number: z.string(),
      status: z.string(),
      payment_method: z.string(),
      payment_status: z.string(),
      language: z.string(),
      created_at: z.string(),
      name: z.string(),
      phone: z.string(),
      email: z.string().nullable(),
      country: z.string(),
      city: z.string(),
      address: z.string(),
      notes: z.string().nullable(),
      /** A gift's recipient and card message, as she gave them; null when not a gift. */
      gift: z
        .object({
          recipient_name: z.string(),
          recipient_phone: z.string(),
          message: z.string().nullable(),
          wrap: z.boolean(),
        })
        .nullable(),
      gift_wrap: money,
      coupon_code: z.string().nullable(),
      subtotal: money,
      discount: money,
      delivery_fee: money,
      total: money,
      lines: z.array(
        z.object({
          name_en: z.string(),
          name_ar: z.string(),
          grams: z.number(),
          qty: z.number(),
          unit_price: money,
          line_total: money,
        }),
      ),
      history: z.array(z.object({ status: z.string(), at: z.string() })),
    }),
  ),
  newsletter_subscriptions: z.array(
    z.object({ email: z.string(), language: z.string(), subscribed_at: z.string() }),
  ),
});
export type AccountExport = z.infer<typeof accountExport>;
