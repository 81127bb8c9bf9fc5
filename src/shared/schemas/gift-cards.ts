import { z } from "zod";
import {
  GIFT_CARD_PURCHASE_MAX,
  GIFT_CARD_PURCHASE_MESSAGES,
  GIFT_CARD_MESSAGES as M,
} from "../domain/gift-cards.ts";
import { toCents } from "../domain/money.ts";
import { emailField, text } from "./fields.ts";

// Gift cards: the balance check, the owner's issue form, the cards as the back office sees them.

/** `POST /api/gift-cards/balance`. */
export const giftCardBalanceSchema = z.object({
  code: text({ message: M.CODE_REQUIRED }).trim().min(1, M.CODE_REQUIRED).max(40, M.NOT_USABLE),
});

const toNumber = (v: unknown) =>
  typeof v === "string" && v.trim() !== "" ? Number(v.trim().replace(",", ".")) : v;

/** `POST /api/admin/gift-cards`: a card issued by the owner (goodwill). */
export const giftCardIssueSchema = z.object({
  amount: z.preprocess(
    toNumber,
    z
      .number({ message: M.AMOUNT })
      .min(1, M.AMOUNT)
      .max(1000, M.AMOUNT)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, M.AMOUNT)
      .transform(toCents),
  ),
  recipient_email: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? null : v),
    emailField.nullish(),
  ),
  note: text().trim().max(500).nullish(),
  lang: z.enum(["en", "ar"]).default("en"),
});
export type GiftCardIssueValues = z.output<typeof giftCardIssueSchema>;

export const giftCardListQuerySchema = z.object({
  last_four: text({ message: M.LAST_FOUR })
    .trim()
    .regex(/^[A-Za-z0-9]{4}$/, M.LAST_FOUR)
    .optional(),
});

export const giftCardEntryDtoSchema = z.object({
  kind: z.enum(["issue", "spend", "refund", "void"]),
  /** Dollars, signed: issue and refund add, spend and void take away. */
  amount: z.number(),
  order_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type GiftCardEntryDto = z.infer<typeof giftCardEntryDtoSchema>;

export const giftCardDtoSchema = z.object({
  id: z.number().int(),
  last_four: z.string(),
  initial: z.number(),
  balance: z.number(),
  status: z.enum(["active", "void"]),
  recipient_email: z.string().nullable(),
  note: z.string().nullable(),
  lang: z.enum(["en", "ar"]),
  /** The order that bought it; null for a card the owner issued. */
  order_id: z.number().int().nullable(),
  created_at: z.string(),
  voided_at: z.string().nullable(),
});
export type GiftCardDto = z.infer<typeof giftCardDtoSchema>;

const P = GIFT_CARD_PURCHASE_MESSAGES;

/** One gift card bought in an order (`POST /api/orders` `gift_cards[]`). */
export const giftCardPurchaseInputSchema = z.object({
  /** Dollars: one of the offer's amounts, or within its custom limits (checked at checkout). */
  amount: z.preprocess(
    toNumber,
    z
      .number({ message: P.AMOUNT })
      .positive(P.AMOUNT)
      .max(1000, P.AMOUNT)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, P.AMOUNT)
      .transform(toCents),
  ),
  recipient_name: text({ message: P.RECIPIENT_NAME })
    .trim()
    .min(1, P.RECIPIENT_NAME)
    .max(120, P.RECIPIENT_NAME),
  recipient_email: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    text({ message: P.RECIPIENT_EMAIL })
      .trim()
      .max(254, P.RECIPIENT_EMAIL)
      .pipe(z.email(P.RECIPIENT_EMAIL)),
  ),
  message: text()
    .trim()
    .max(500, P.MESSAGE_TOO_LONG)
    .nullish()
    .transform((v) => (v ? v : null)),
  /** YYYY-MM-DD, a business day from today to a year ahead. */
  send_on: text({ message: P.SEND_ON }).regex(/^\d{4}-\d{2}-\d{2}$/, P.SEND_ON),
  /** The language of the recipient's e-mail. */
  lang: z.enum(["en", "ar"]),
});
export type GiftCardPurchaseInput = z.input<typeof giftCardPurchaseInputSchema>;
export type GiftCardPurchase = z.output<typeof giftCardPurchaseInputSchema>;

export const giftCardPurchasesField = z
  .array(giftCardPurchaseInputSchema)
  .max(GIFT_CARD_PURCHASE_MAX, P.TOO_MANY)
  .default([]);

/** A bought card as its order shows it: no code, ever (only the recipient's e-mail has it). */
export const giftCardPurchaseDtoSchema = z.object({
  amount: z.number(),
  recipient_name: z.string(),
  recipient_email: z.string(),
  message: z.string().nullable(),
  send_on: z.string(),
  lang: z.enum(["en", "ar"]),
  /** Set once the card is issued and its e-mail queued. */
  issued_at: z.string().nullable(),
  /** The issued card's id and last four characters (the back office's link); null before. */
  gift_card_id: z.number().int().nullable(),
  last_four: z.string().nullable(),
});
export type GiftCardPurchaseDto = z.infer<typeof giftCardPurchaseDtoSchema>;

const money = (message: string) =>
  z.preprocess(
    toNumber,
    z
      .number({ message })
      .min(1, message)
      .max(1000, message)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, message)
      .transform(toCents),
  );

/** `PUT /api/admin/gift-cards/offer`: the gift card product's amounts and custom limits. */
export const giftCardOfferInputSchema = z
  .object({
    enabled: z.boolean(),
    amounts: z.array(money(P.OFFER_AMOUNTS)).min(1, P.OFFER_AMOUNTS).max(8, P.OFFER_AMOUNTS),
    custom_min: money(P.OFFER_LIMITS)
      .nullish()
      .transform((v) => v ?? null),
    custom_max: money(P.OFFER_LIMITS)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((v, ctx) => {
    const { custom_min: min, custom_max: max } = v;
    if ((min === null) !== (max === null) || (min !== null && max !== null && min > max))
      ctx.addIssue({ code: "custom", path: ["custom_max"], message: P.OFFER_LIMITS });
  });

/** The offer as the storefront and the back office read it (dollars; null limits = no custom amount). */
export const giftCardOfferDtoSchema = z.object({
  enabled: z.boolean(),
  amounts: z.array(z.number()),
  custom_min: z.number().nullable(),
  custom_max: z.number().nullable(),
});
export type GiftCardOfferDto = z.infer<typeof giftCardOfferDtoSchema>;
