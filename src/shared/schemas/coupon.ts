import { z } from "zod";
import type { CouponProblem } from "../domain/coupons.ts";
import type { Lang } from "../domain/money.ts";
import { COUPON_SCOPES } from "../domain/pricing.ts";
import { text } from "./fields.ts";

export const COUPON_MESSAGES = {
  CODE_REQUIRED: "Please enter a promotion code.",
  SUBTOTAL: "The subtotal must be a positive amount.",
} as const;

/** The promotion-code box: `POST /api/coupons/check`. */
export const couponCheckSchema = z.object({
  code: text({ message: COUPON_MESSAGES.CODE_REQUIRED })
    .trim()
    .min(1, COUPON_MESSAGES.CODE_REQUIRED)
    .max(60, COUPON_MESSAGES.CODE_REQUIRED),
  /** The cart subtotal in dollars: with it, `applies` says whether the coupon beats the standing discount. */
  subtotal: z
    .number({ message: COUPON_MESSAGES.SUBTOTAL })
    .min(0, COUPON_MESSAGES.SUBTOTAL)
    .max(10_000_000, COUPON_MESSAGES.SUBTOTAL)
    .optional(),
});
export type CouponCheckInput = z.input<typeof couponCheckSchema>;

export const couponCheckResponseSchema = z.object({
  data: z.object({
    code: z.string(),
    discount_percent: z.number().int(),
    /** What it is taken from: the whole cart, its sweets or its kitchen dishes. */
    applies_to: z.enum(COUPON_SCOPES),
    /** False when the standing discount is as large or larger: coupons and it never stack. */
    applies: z.boolean(),
  }),
});
export type CouponCheckResult = z.infer<typeof couponCheckResponseSchema>["data"];

/** Why a code cannot be used, in both languages; the API also sends the machine `reason`. */
export function couponProblemMessage(reason: CouponProblem, lang: Lang): string {
  switch (reason) {
    case "unknown":
      return lang === "ar" ? "رمز الخصم غير معروف." : "This promotion code is not known.";
    case "expired":
      return lang === "ar" ? "انتهت صلاحية رمز الخصم." : "This promotion code has expired.";
    case "used_up":
      return lang === "ar"
        ? "تم استخدام رمز الخصم بالحد الأقصى المسموح."
        : "This promotion code has been used up.";
  }
}
