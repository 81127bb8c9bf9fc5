import { and, eq, gte, isNull, lt, or, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/domain/business-time.ts";
import {
  type CouponProblem,
  type CouponState,
  couponProblem,
  normaliseCouponCode,
} from "../../../shared/domain/coupons.ts";
import { toCents } from "../../../shared/domain/money.ts";
import { orderTotals } from "../../../shared/domain/pricing.ts";
import {
  type CouponCheckInput,
  type CouponCheckResult,
  couponProblemMessage,
} from "../../../shared/schemas/coupon.ts";
import type { Db, Tx } from "../../db/client.ts";
import { type CouponRow, coupons } from "../../db/schema/coupons.ts";
import { RuleError } from "../../rule-error.ts";
import type { SettingsService } from "../settings/service.ts";

const toState = (row: CouponRow): CouponState => ({
  code: row.code,
  discountPercent: row.discountPercent,
  maxUses: row.maxUses,
  uses: row.uses,
  expireAt: row.expireAt,
});

/** 422 on `coupon` (or `code` in the promotion box) with the machine reason and both wordings. */
export function couponRefusal(field: string, reason: CouponProblem): RuleError {
  return new RuleError(422, field, couponProblemMessage(reason, "en"), {
    reason,
    message_ar: couponProblemMessage(reason, "ar"),
  });
}

export async function findCoupon(db: Db | Tx, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(coupons)
    .where(sql`upper(${coupons.code}) = ${normaliseCouponCode(code)}`);
  return row ?? null;
}

/** A coupon that can be applied now, or the reason it cannot (known, not expired, not used up). */
export async function usableCoupon(
  db: Db | Tx,
  code: string,
  now: Date,
): Promise<
  { coupon: CouponRow; problem: null } | { coupon: CouponRow | null; problem: CouponProblem }
> {
  const coupon = await findCoupon(db, code);
  const problem = couponProblem(coupon && toState(coupon), now);
  return problem ? { coupon, problem } : { coupon: coupon!, problem: null };
}

/**
 * Counts one use, atomically: the WHERE re-checks expiry and the cap on the row as it is at
 * write time, so concurrent orders can never take a coupon past max_uses. False when refused.
 */
export async function spendCouponUse(tx: Tx, id: number, now: Date): Promise<boolean> {
  const today = businessDate(now);
  const updated = await tx
    .update(coupons)
    .set({ uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        eq(coupons.id, id),
        or(isNull(coupons.maxUses), lt(coupons.uses, coupons.maxUses)),
        or(isNull(coupons.expireAt), gte(coupons.expireAt, today)),
      ),
    )
    .returning({ id: coupons.id });
  return updated.length === 1;
}

export function createCouponService(db: Db, deps: { settings: SettingsService }) {
  return {
    /** The promotion-code box. Counting a use happens only when an order is placed. */
    async check(input: CouponCheckInput, now = new Date()): Promise<CouponCheckResult> {
      const found = await usableCoupon(db, input.code, now);
      if (found.problem) throw couponRefusal("code", found.problem);
      const { coupon } = found;
      const shop = await deps.settings.get();
      // Coupon and standing discount never stack: it applies only if it is the larger one.
      const applies =
        input.subtotal === undefined
          ? coupon.discountPercent > shop.cartDiscountPercent
          : orderTotals({
              subtotalCents: toCents(input.subtotal),
              standingDiscountPercent: shop.cartDiscountPercent,
              couponPercent: coupon.discountPercent,
              deliveryFeeCents: shop.deliveryFeeCents,
            }).discountSource === "coupon";
      return {
        code: normaliseCouponCode(coupon.code),
        discount_percent: coupon.discountPercent,
        applies_to: coupon.appliesTo,
        applies,
      };
    },

    /** Demo coupons: one active 10%, one active 30%, one expired. Idempotent. */
    async seedDemo(now = new Date()): Promise<void> {
      const inAYear = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
      await db
        .insert(coupons)
        .values([
          {
            code: "WELCOME10",
            discountPercent: 10,
            maxUses: null,
            expireAt: businessDate(inAYear),
          },
          { code: "FEAST30", discountPercent: 30, maxUses: 100, expireAt: businessDate(inAYear) },
          { code: "RAMADAN2024", discountPercent: 25, maxUses: 50, expireAt: "2024-04-09" },
        ])
        .onConflictDoNothing();
    },
  };
}
export type CouponService = ReturnType<typeof createCouponService>;
