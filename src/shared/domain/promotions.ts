import { type Cents, percentOf } from "./money.ts";
import { type CouponScope, type DiscountSource, discountBase } from "./pricing.ts";

/** The admin form's and the API's texts (English; the message translator has the Arabic). */
export const PROMOTION_MESSAGES = {
  NAME_REQUIRED: "Name is required.",
  NAME_AR_REQUIRED: "Arabic name is required.",
  DATES_BACKWARDS: "The end date must not be before the start date.",
  DATE_INVALID: "Enter a date as YYYY-MM-DD.",
  PERCENT: "Percent must be a whole number between 1 and 100.",
  AMOUNT: "Enter an amount between 0.01 and 100,000.00.",
  MIN_AMOUNT: "Enter an amount between 0.00 and 100,000.00.",
  GRAMS: "Enter a weight in grams between 1 and 1,000,000.",
  TIERS_REQUIRED: "Add at least one tier.",
  TIERS_OVERLAP: "Tiers must each start at a larger weight than the one before.",
  TIER_DISCOUNT: "Give each tier a percent or an amount, not both.",
  TARGET_REQUIRED: "Choose a category or a product.",
  PRODUCT_REQUIRED: "Choose a product.",
  KIND: "Choose what the promotion does.",
  ZONES: "Choose delivery zones from the list.",
  NOT_FOUND: "Promotion not found.",
  STANDING_KIND: "The standing cart discount stays a cart discount.",
} as const;

export const PROMOTION_KINDS = ["cart_percent", "free_delivery", "volume", "buy_get"] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** A tier of a volume promotion: from `minGrams` of the target in the cart, this discount. */
export type VolumeTier = { minGrams: number; percent: number | null; amountCents: Cents | null };

export type PromotionRule =
  /** A percent off every sweet in the cart (the standing cart discount is one). */
  | { kind: "cart_percent"; percent: number }
  /** No delivery fee when the sweets' subtotal reaches the amount; in the listed zones (none = all). */
  | { kind: "free_delivery"; minSubtotalCents: Cents; zoneIds: number[] }
  /** A percent or an amount off the target's lines once the cart holds enough of it. */
  | {
      kind: "volume";
      target: { type: "category" | "product"; id: number };
      tiers: VolumeTier[];
    }
  /** For every `buyGrams` of the product, `freeGrams` more of it cost nothing. */
  | { kind: "buy_get"; productId: number; buyGrams: number; freeGrams: number };

export type Promotion = {
  id: number;
  name: string;
  nameAr: string;
  /** First and last day (business dates, inclusive); null = open-ended. */
  startsOn: string | null;
  endsOn: string | null;
  rule: PromotionRule;
};

/** A priced line as the promotions see it. Gift cards are lines with `discountable: false`. */
export type PromotionLine = {
  productId: number;
  categoryId: number | null;
  grams: number;
  qty: number;
  lineTotalCents: Cents;
  discountable?: boolean;
  /**
   * A kitchen dish (`productId` is then the dish's id): the promotions name sweets, so only a
   * cart-wide percent takes a dish, and only when the owner extends the cart discount to
   * dishes; a coupon takes it when its scope says so. Dishes never count towards a threshold.
   */
  dish?: boolean;
};

export type AppliedPromotion = { id: number; name: string; nameAr: string; amountCents: Cents };

export type NextPromotion = { id: number; name: string; nameAr: string; missingCents: Cents };

export type PromotedTotals = {
  subtotal: Cents;
  /** Off the lines (automatic promotions or the coupon, whichever is larger). */
  discount: Cents;
  /** The percent shown beside the discount: the coupon's, or the cart-percent rule's when it stands alone; else 0. */
  discountPercent: number;
  discountSource: DiscountSource;
  /** The delivery fee charged (0 when a free-delivery promotion applies). */
  deliveryFee: Cents;
  giftWrap: Cents;
  total: Cents;
  /** Every promotion that took money off, delivery included. */
  promotions: AppliedPromotion[];
  /** The nearest free delivery not reached yet, and how much more the sweets must cost for it. */
  next: NextPromotion | null;
};

export type PromotionInput = {
  lines: readonly PromotionLine[];
  promotions: readonly Promotion[];
  /** Today in the business time zone (YYYY-MM-DD): promotions outside their dates are skipped. */
  today: string;
  couponPercent?: number | null;
  /** What the coupon is taken from: the whole cart (default), its sweets or its dishes. */
  couponScope?: CouponScope;
  /** The owner extends the cart-wide percent discounts to dishes (default: sweets only). */
  dishesDiscounted?: boolean;
  /** The delivery fee before promotions (0 for a pickup). */
  deliveryFeeCents: Cents;
  /** The delivery zone, null when unknown or for a pickup (only all-zone free delivery applies). */
  zoneId?: number | null;
  giftWrapCents?: Cents;
};

/** Whether a promotion runs on `today` (its first and last day included). */
export function isRunning(promotion: Pick<Promotion, "startsOn" | "endsOn">, today: string) {
  return (
    (promotion.startsOn === null || promotion.startsOn <= today) &&
    (promotion.endsOn === null || promotion.endsOn >= today)
  );
}

const clampPercent = (percent: number): number =>
  Number.isFinite(percent) ? Math.min(100, Math.max(0, percent)) : 0;

const gramsOf = (line: PromotionLine) => line.grams * line.qty;

/** The highest tier the weight reaches, or null. Tiers are sorted by `minGrams` ascending. */
export function reachedTier(tiers: readonly VolumeTier[], grams: number): VolumeTier | null {
  let reached: VolumeTier | null = null;
  for (const tier of tiers) if (grams >= tier.minGrams) reached = tier;
  return reached;
}

/**
 * Free grams for `grams` of a product under "buy X get Y free": the free grams must be in the
 * cart too, so each full X + Y grams gives Y, and a remainder above X gives what it holds
 * beyond X (up to Y).
 */
export function freeGramsOf(grams: number, buyGrams: number, freeGrams: number): number {
  if (buyGrams <= 0 || freeGrams <= 0 || grams <= 0) return 0;
  const sets = Math.floor(grams / (buyGrams + freeGrams));
  const rest = grams - sets * (buyGrams + freeGrams);
  return sets * freeGrams + Math.max(0, Math.min(freeGrams, rest - buyGrams));
}

/** What one discount promotion takes off these lines (before the cap), in cents. */
function discountOf(rule: PromotionRule, lines: readonly PromotionLine[]): Cents {
  switch (rule.kind) {
    case "cart_percent": {
      const base = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
      return percentOf(base, clampPercent(rule.percent));
    }
    case "volume": {
      const target = lines.filter((line) =>
        rule.target.type === "product"
          ? line.productId === rule.target.id
          : line.categoryId === rule.target.id,
      );
      const grams = target.reduce((sum, line) => sum + gramsOf(line), 0);
      const tier = reachedTier(rule.tiers, grams);
      if (!tier) return 0;
      const base = target.reduce((sum, line) => sum + line.lineTotalCents, 0);
      const off =
        tier.percent !== null
          ? percentOf(base, clampPercent(tier.percent))
          : (tier.amountCents ?? 0);
      return Math.min(base, Math.max(0, off));
    }
    case "buy_get": {
      const target = lines.filter((line) => line.productId === rule.productId);
      const grams = target.reduce((sum, line) => sum + gramsOf(line), 0);
      const free = freeGramsOf(grams, rule.buyGrams, rule.freeGrams);
      if (free === 0) return 0;
      const base = target.reduce((sum, line) => sum + line.lineTotalCents, 0);
      // The free grams at the average price per gram the shopper pays for the product.
      return Math.min(base, Math.round((base * free) / grams));
    }
    case "free_delivery":
      return 0;
  }
}

const appliesToZone = (zoneIds: readonly number[], zoneId: number | null) =>
  zoneIds.length === 0 || (zoneId !== null && zoneIds.includes(zoneId));

/**
 * The cart's and the order's totals with the automatic promotions: the same code on the
 * server (orders, the cart's price) and in the browser.
 *
 * The stacking rule:
 * - Only running promotions count; gift cards (`discountable: false`) are never discounted and
 *   do not count towards any threshold.
 * - Of the cart-percent promotions only the largest applies; volume and buy-get promotions add
 *   to it. Their sum never exceeds the sweets' subtotal (plus the dishes' when the owner
 *   extends the cart discount to dishes).
 * - Kitchen dishes in a mixed cart: the sweets get every promotion as in a cart of sweets; a
 *   dish is discounted only by a cart-wide percent the owner extends to dishes, or by a coupon
 *   whose scope takes dishes (no promotion kind names a dish).
 * - A coupon never stacks with them: the shopper gets the larger of the coupon's discount (on
 *   the whole cart, its sweets or its dishes, as the coupon says) and the automatic discount;
 *   on a tie the automatic one (no coupon use is spent for nothing).
 * - Free delivery is not a discount on the sweets: it applies with a coupon too, when the
 *   sweets' subtotal before discounts reaches its amount and the zone is one of its zones.
 * - An empty cart totals 0.
 */
export function priceWithPromotions(input: PromotionInput): PromotedTotals {
  const giftWrapCents = input.giftWrapCents ?? 0;
  const subtotal = input.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  if (subtotal <= 0) {
    return {
      subtotal: 0,
      discount: 0,
      discountPercent: 0,
      discountSource: "none",
      deliveryFee: 0,
      giftWrap: 0,
      total: 0,
      promotions: [],
      next: null,
    };
  }
  const discountable = input.lines.filter((line) => line.discountable !== false);
  const sweetLines = discountable.filter((line) => !line.dish);
  const dishLines = discountable.filter((line) => line.dish);
  const sweets = sweetLines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  const dishes = dishLines.reduce((sum, line) => sum + line.lineTotalCents, 0);
  // A cart-wide percent takes the dishes too only when the owner says so; the other rules
  // name products and categories of sweets, so a dish is never theirs.
  const cartLines = input.dishesDiscounted ? discountable : sweetLines;
  const linesFor = (rule: PromotionRule) => (rule.kind === "cart_percent" ? cartLines : sweetLines);
  const automaticBase = discountBase(sweets, dishes, "standing", input.dishesDiscounted ?? false);
  const running = input.promotions.filter((p) => isRunning(p, input.today));

  // The automatic discounts, each one's amount; of the cart-percent rules the largest only.
  const percentRules = running.filter((p) => p.rule.kind === "cart_percent");
  const bestPercent = percentRules.reduce<Promotion | null>((best, p) => {
    const amount = discountOf(p.rule, cartLines);
    return amount > 0 && (best === null || amount > discountOf(best.rule, cartLines)) ? p : best;
  }, null);
  const automatic: AppliedPromotion[] = [];
  let left = automaticBase;
  for (const p of running) {
    if (p.rule.kind === "free_delivery") continue;
    if (p.rule.kind === "cart_percent" && p !== bestPercent) continue;
    const amount = Math.min(left, discountOf(p.rule, linesFor(p.rule)));
    if (amount <= 0) continue;
    left -= amount;
    automatic.push({ id: p.id, name: p.name, nameAr: p.nameAr, amountCents: amount });
  }
  const automaticCents = automaticBase - left;

  const couponPercent = input.couponPercent == null ? 0 : clampPercent(input.couponPercent);
  const couponBase = discountBase(sweets, dishes, input.couponScope ?? "all", false);
  const couponCents = percentOf(couponBase, couponPercent);
  const couponWins = couponCents > automaticCents;

  const applied: AppliedPromotion[] = couponWins ? [] : automatic;
  const discount = couponWins ? couponCents : automaticCents;
  const onlyPercent =
    !couponWins && automatic.length === 1 && automatic[0]!.id === bestPercent?.id && bestPercent
      ? (bestPercent.rule as { percent: number }).percent
      : 0;
  const discountSource: DiscountSource = couponWins
    ? "coupon"
    : automaticCents > 0
      ? "standing"
      : "none";

  // Free delivery: the running rule for this zone with the lowest threshold reached.
  const zoneId = input.zoneId ?? null;
  const deliveryRules = running
    .filter(
      (p): p is Promotion & { rule: Extract<PromotionRule, { kind: "free_delivery" }> } =>
        p.rule.kind === "free_delivery" && appliesToZone(p.rule.zoneIds, zoneId),
    )
    .sort((a, b) => a.rule.minSubtotalCents - b.rule.minSubtotalCents || a.id - b.id);
  let deliveryFee = input.deliveryFeeCents;
  let next: NextPromotion | null = null;
  const reached = deliveryRules.find((p) => sweets >= p.rule.minSubtotalCents);
  if (reached && deliveryFee > 0) {
    applied.push({
      id: reached.id,
      name: reached.name,
      nameAr: reached.nameAr,
      amountCents: deliveryFee,
    });
    deliveryFee = 0;
  } else if (!reached && deliveryFee > 0) {
    const nearest = deliveryRules[0];
    if (nearest)
      next = {
        id: nearest.id,
        name: nearest.name,
        nameAr: nearest.nameAr,
        missingCents: nearest.rule.minSubtotalCents - sweets,
      };
  }

  return {
    subtotal,
    discount,
    discountPercent: couponWins ? couponPercent : onlyPercent,
    discountSource,
    deliveryFee,
    giftWrap: giftWrapCents,
    total: Math.max(0, subtotal - discount) + deliveryFee + giftWrapCents,
    promotions: applied,
    next,
  };
}

/** Tiers must rise strictly in weight: overlapping or repeated starts are refused. */
export function tiersOverlap(tiers: readonly Pick<VolumeTier, "minGrams">[]): boolean {
  return tiers.some((tier, i) => i > 0 && tier.minGrams <= tiers[i - 1]!.minGrams);
}
