import { z } from "zod";
import { GIFT_CARD_MESSAGES as M } from "../domain/gift-cards.ts";
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
  created_at: z.string(),
  voided_at: z.string().nullable(),
});
export type GiftCardDto = z.infer<typeof giftCardDtoSchema>;
