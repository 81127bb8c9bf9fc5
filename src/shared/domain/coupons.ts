import { BUSINESS_TIME_ZONE, businessDate } from "./business-time.ts";

export type CouponState = {
  code: string;
  discountPercent: number;
  maxUses: number | null;
  uses: number;
  /** A calendar date (YYYY-MM-DD); the coupon works through the whole of that day. */
  expireAt: string | null;
};

export type CouponProblem = "unknown" | "expired" | "used_up";

const DATE_PREFIX = /^(\d{4}-\d{2}-\d{2})/;

/**
 * Expired when expire_at is before today, so a coupon is still good on its last
 * day. A database may hand the date back as a full timestamp; only the date part counts.
 */
export function isExpired(expireAt: string | null, now: Date, tz = BUSINESS_TIME_ZONE): boolean {
  if (expireAt === null) return false;
  const date = DATE_PREFIX.exec(expireAt.trim())?.[1];
  if (!date) throw new RangeError(`Not a date: ${expireAt}`);
  // YYYY-MM-DD strings order the same way as the dates they name.
  return date < businessDate(now, tz);
}

/** Why a coupon cannot be applied now, or null when it can. Expiry is reported before use count. */
export function couponProblem(coupon: CouponState | null, now: Date): CouponProblem | null {
  if (coupon === null) return "unknown";
  if (isExpired(coupon.expireAt, now)) return "expired";
  if (coupon.maxUses !== null && coupon.uses >= coupon.maxUses) return "used_up";
  return null;
}

/** Codes are typed by shoppers; case and stray spaces must not make a valid code unknown. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}
