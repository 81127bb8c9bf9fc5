import { describe, expect, it } from "vitest";
import { orderTotals } from "./pricing.ts";
import {
  freeGramsOf,
  type Promotion,
  type PromotionInput,
  type PromotionLine,
  priceWithPromotions,
  reachedTier,
  tiersOverlap,
} from "./promotions.ts";

const TODAY = "2026-03-10";

const promo = (id: number, rule: Promotion["rule"], dates: Partial<Promotion> = {}): Promotion => ({
  id,
  name: `P${id}`,
  nameAr: `ع${id}`,
  startsOn: null,
  endsOn: null,
  rule,
  ...dates,
});

const standing = promo(1, { kind: "cart_percent", percent: 20 });
const freeOver60 = promo(2, { kind: "free_delivery", minSubtotalCents: 6000, zoneIds: [] });
const baklava2kg = promo(3, {
  kind: "volume",
  target: { type: "category", id: 7 },
  tiers: [
    { minGrams: 2000, percent: 10, amountCents: null },
    { minGrams: 5000, percent: 25, amountCents: null },
  ],
});
const buy1get250 = promo(4, { kind: "buy_get", productId: 9, buyGrams: 1000, freeGrams: 250 });

const line = (
  productId: number,
  grams: number,
  qty: number,
  lineTotalCents: number,
  categoryId: number | null = null,
  discountable = true,
): PromotionLine => ({ productId, categoryId, grams, qty, lineTotalCents, discountable });

const price = (input: Partial<PromotionInput> & Pick<PromotionInput, "lines">) =>
  priceWithPromotions({ promotions: [], today: TODAY, deliveryFeeCents: 1500, ...input });

describe("priceWithPromotions", () => {
  it("with the standing 20% rule alone it equals the old cart formula", () => {
    for (const [subtotal, coupon] of [
      [10000, null],
      [3900, 10],
      [3900, 20],
      [3900, 30],
      [1, 50],
    ] as const) {
      const got = price({
        lines: [line(1, 1000, 1, subtotal)],
        promotions: [standing],
        couponPercent: coupon,
      });
      const old = orderTotals({ subtotalCents: subtotal, couponPercent: coupon });
      expect({
        subtotal: got.subtotal,
        discount: got.discount,
        discountPercent: got.discountPercent,
        deliveryFee: got.deliveryFee,
        total: got.total,
        discountSource: got.discountSource,
      }).toEqual({
        subtotal: old.subtotal,
        discount: old.discount,
        discountPercent: old.discountPercent,
        deliveryFee: old.deliveryFee,
        total: old.total,
        discountSource: old.discountSource,
      });
    }
  });

  it.each<[string, Partial<PromotionInput> & Pick<PromotionInput, "lines">, object]>([
    [
      "empty cart: nothing, no delivery",
      { lines: [], promotions: [standing, freeOver60] },
      { total: 0, deliveryFee: 0, promotions: [], next: null },
    ],
    [
      "below free delivery: the progress names what is missing",
      { lines: [line(1, 1000, 1, 4800)], promotions: [freeOver60] },
      {
        deliveryFee: 1500,
        total: 6300,
        next: { id: 2, name: "P2", nameAr: "ع2", missingCents: 1200 },
      },
    ],
    [
      "free delivery reached (on the subtotal before discounts)",
      { lines: [line(1, 1000, 1, 6000)], promotions: [standing, freeOver60] },
      {
        discount: 1200,
        deliveryFee: 0,
        total: 4800,
        next: null,
        promotions: [
          { id: 1, name: "P1", nameAr: "ع1", amountCents: 1200 },
          { id: 2, name: "P2", nameAr: "ع2", amountCents: 1500 },
        ],
      },
    ],
    [
      "free delivery for another zone does not apply",
      {
        lines: [line(1, 1000, 1, 9000)],
        zoneId: 5,
        promotions: [promo(2, { kind: "free_delivery", minSubtotalCents: 6000, zoneIds: [4] })],
      },
      { deliveryFee: 1500, next: null, promotions: [] },
    ],
    [
      "free delivery for this zone applies",
      {
        lines: [line(1, 1000, 1, 9000)],
        zoneId: 4,
        promotions: [promo(2, { kind: "free_delivery", minSubtotalCents: 6000, zoneIds: [4] })],
      },
      { deliveryFee: 0, total: 9000 },
    ],
    [
      "a pickup (fee 0) lists no free delivery and no progress",
      { lines: [line(1, 1000, 1, 1000)], deliveryFeeCents: 0, promotions: [freeOver60] },
      { deliveryFee: 0, next: null, promotions: [] },
    ],
    [
      "volume tier reached adds to the standing discount",
      {
        lines: [line(1, 1000, 2, 4000, 7), line(2, 1000, 1, 1000, 8)],
        promotions: [standing, baklava2kg],
      },
      { discount: 1000 + 400, discountSource: "standing", discountPercent: 0, total: 5100 },
    ],
    [
      "the higher tier replaces the lower",
      { lines: [line(1, 1000, 5, 10000, 7)], promotions: [baklava2kg] },
      { discount: 2500 },
    ],
    [
      "volume below the first tier: nothing",
      { lines: [line(1, 500, 3, 3000, 7)], promotions: [baklava2kg] },
      { discount: 0, discountSource: "none" },
    ],
    [
      "buy 1 kg get 250 g: 2.5 kg holds two sets of 1.25 kg",
      { lines: [line(9, 500, 5, 5000)], promotions: [buy1get250] },
      { discount: 1000 },
    ],
    [
      "a coupon larger than all automatic discounts replaces them; free delivery stays",
      {
        lines: [line(1, 1000, 2, 8000, 7)],
        promotions: [standing, baklava2kg, freeOver60],
        couponPercent: 40,
      },
      {
        discount: 3200,
        discountSource: "coupon",
        discountPercent: 40,
        deliveryFee: 0,
        promotions: [{ id: 2, name: "P2", nameAr: "ع2", amountCents: 1500 }],
      },
    ],
    [
      "a coupon equal to the automatic discount: the automatic one (no use spent)",
      { lines: [line(1, 1000, 1, 5000)], promotions: [standing], couponPercent: 20 },
      { discount: 1000, discountSource: "standing" },
    ],
    [
      "a coupon smaller than standing + volume loses",
      {
        lines: [line(1, 1000, 2, 4000, 7)],
        promotions: [standing, baklava2kg],
        couponPercent: 25,
      },
      { discount: 1200, discountSource: "standing" },
    ],
    [
      "two cart-percent rules: only the larger",
      {
        lines: [line(1, 1000, 1, 10000)],
        promotions: [standing, promo(5, { kind: "cart_percent", percent: 30 })],
      },
      {
        discount: 3000,
        discountPercent: 30,
        promotions: [{ id: 5, name: "P5", nameAr: "ع5", amountCents: 3000 }],
      },
    ],
    [
      "never below zero: amounts larger than the sweets are capped",
      {
        lines: [line(1, 1000, 2, 1000, 7)],
        promotions: [
          standing,
          promo(6, {
            kind: "volume",
            target: { type: "category", id: 7 },
            tiers: [{ minGrams: 1000, percent: null, amountCents: 5000 }],
          }),
        ],
      },
      { discount: 1000, total: 1500 },
    ],
    [
      "gift cards are never discounted and do not count towards free delivery",
      {
        lines: [line(1, 1000, 1, 1000), line(99, 0, 1, 10000, null, false)],
        promotions: [standing, freeOver60],
        couponPercent: 50,
      },
      {
        subtotal: 11000,
        discount: 500,
        deliveryFee: 1500,
        total: 12000,
        next: { id: 2, name: "P2", nameAr: "ع2", missingCents: 5000 },
      },
    ],
    [
      "promotions outside their dates do not apply (first and last day do)",
      {
        lines: [line(1, 1000, 1, 10000)],
        promotions: [
          promo(1, { kind: "cart_percent", percent: 20 }, { startsOn: "2026-03-11" }),
          promo(2, { kind: "cart_percent", percent: 10 }, { endsOn: "2026-03-09" }),
          promo(3, { kind: "cart_percent", percent: 5 }, { startsOn: TODAY, endsOn: TODAY }),
        ],
      },
      { discount: 500, discountPercent: 5 },
    ],
    [
      "gift wrapping is charged in full",
      { lines: [line(1, 1000, 1, 10000)], promotions: [standing], giftWrapCents: 300 },
      { total: 8000 + 1500 + 300, giftWrap: 300 },
    ],
  ])("%s", (_name, input, expected) => {
    expect(price(input)).toMatchObject(expected);
  });
});

describe("freeGramsOf", () => {
  it.each([
    [999, 1000, 250, 0],
    [1000, 1000, 250, 0],
    [1100, 1000, 250, 100],
    [1250, 1000, 250, 250],
    [2000, 1000, 250, 250],
    [2500, 1000, 250, 500],
    [0, 1000, 250, 0],
  ])("%i g (buy %i get %i): %i free", (grams, buy, free, expected) => {
    expect(freeGramsOf(grams, buy, free)).toBe(expected);
  });
});

describe("tiers", () => {
  it.each([
    [[1000, 2000], false],
    [[1000, 1000], true],
    [[2000, 1000], true],
    [[500], false],
  ])("%j overlap: %s", (starts, overlap) => {
    expect(tiersOverlap(starts.map((minGrams) => ({ minGrams })))).toBe(overlap);
  });

  it("the highest reached tier wins", () => {
    const tiers = [
      { minGrams: 1000, percent: 5, amountCents: null },
      { minGrams: 3000, percent: 10, amountCents: null },
    ];
    expect(reachedTier(tiers, 999)).toBeNull();
    expect(reachedTier(tiers, 3000)?.percent).toBe(10);
  });
});

describe("a mixed cart of sweets and kitchen dishes", () => {
  // Sweets: 50.00 of category 7 (2 kg) and product 9 (1.25 kg, 25.00); a dish: 2 portions, 30.00.
  const sweetsA = line(1, 1000, 2, 5000, 7);
  const sweetsB = line(9, 1250, 1, 2500);
  // The dish's id 9 is the buy-get product's id too: a dish must never be taken for it.
  const dish: PromotionLine = { ...line(9, 0, 2, 3000), dish: true };
  const cart = [sweetsA, sweetsB, dish];

  it.each([
    // name, promotions, dishesDiscounted, coupon %, scope, discount, source
    ["standing 20% takes the sweets only", [standing], false, null, undefined, 1500, "standing"],
    [
      "standing 20% takes the dishes too when extended",
      [standing],
      true,
      null,
      undefined,
      2100,
      "standing",
    ],
    [
      "volume 10% on category 7 takes its sweets",
      [baklava2kg],
      false,
      null,
      undefined,
      500,
      "standing",
    ],
    [
      "volume on category 7 never takes the dish, even when extended",
      [baklava2kg],
      true,
      null,
      undefined,
      500,
      "standing",
    ],
    [
      "buy-get on product 9 ignores the dish of the same id",
      [buy1get250],
      false,
      null,
      undefined,
      500,
      "standing",
    ],
    [
      "standing + volume + buy-get stack on the sweets",
      [standing, baklava2kg, buy1get250],
      false,
      null,
      undefined,
      2500,
      "standing",
    ],
    ["a whole-cart coupon 30% beats standing 20%", [standing], false, 30, "all", 3150, "coupon"],
    ["a sweets coupon 30% on 75.00", [standing], false, 30, "sweets", 2250, "coupon"],
    [
      "a dishes coupon 30% (9.00) loses to standing (15.00)",
      [standing],
      false,
      30,
      "dishes",
      1500,
      "standing",
    ],
    [
      "a dishes coupon 60% (18.00) beats standing (15.00)",
      [standing],
      false,
      60,
      "dishes",
      1800,
      "coupon",
    ],
    ["a coupon without automatic promotions", [], false, 10, "all", 1050, "coupon"],
    ["no promotions, no coupon", [], false, null, undefined, 0, "none"],
  ] as const)("%s", (_name, promotions, dishesDiscounted, coupon, scope, discount, source) => {
    const got = price({
      lines: cart,
      promotions,
      dishesDiscounted,
      couponPercent: coupon,
      ...(scope ? { couponScope: scope } : {}),
    });
    expect(got.subtotal).toBe(10500);
    expect(got.discount).toBe(discount);
    expect(got.discountSource).toBe(source);
    expect(got.total).toBe(10500 - discount + 1500);
  });

  it("a dish-only cart: no sweets promotion applies, an extended cart discount does", () => {
    expect(price({ lines: [dish], promotions: [standing, baklava2kg] }).discount).toBe(0);
    expect(price({ lines: [dish], promotions: [standing], dishesDiscounted: true }).discount).toBe(
      600,
    );
  });

  it("a sweets coupon on a dish-only cart takes nothing: the standing rule's figure stays", () => {
    const got = price({ lines: [dish], promotions: [], couponPercent: 50, couponScope: "sweets" });
    expect(got.discount).toBe(0);
    expect(got.discountSource).toBe("none");
  });

  it("free delivery counts the sweets only", () => {
    const justUnder = [line(1, 1000, 1, 5900), { ...line(2, 0, 5, 9000), dish: true }];
    const got = price({ lines: justUnder, promotions: [freeOver60] });
    expect(got.deliveryFee).toBe(1500);
    expect(got.next?.missingCents).toBe(100);
  });
});
