import { businessDate } from "../../../shared/domain/business-time.ts";
import { centsToDollars, toCents } from "../../../shared/domain/money.ts";
import type { PriceListRules } from "../../../shared/domain/price-lists.ts";
import { type Promotion, priceWithPromotions } from "../../../shared/domain/promotions.ts";
import { cheapestDelivery, DOMESTIC_COUNTRY } from "../../../shared/domain/shipping.ts";
import { ORDER_MESSAGES, type PlaceOrder } from "../../../shared/schemas/order.ts";
import type { CartPrice } from "../../../shared/schemas/promotions.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import type { Db } from "../../db/client.ts";
import { HttpError } from "../../http-errors.ts";
import { usableCoupon } from "../coupons/service.ts";
import { dishCartPrices, dishPromotionLines, readDelivery } from "../kitchen/cart.ts";
import type { ShippingOptionsSource } from "./place-order.ts";
import { priceLines } from "./pricing.ts";

export type CartPriceInput = {
  lines: PlaceOrder["lines"];
  /** The cart's dishes, priced beside the sweets by the same code. */
  dishes?: PlaceOrder["dishes"] | undefined;
  coupon?: string | null | undefined;
  country?: string | null | undefined;
  shipping_method?: string | null | undefined;
};

/**
 * The cart's price as an order placed now would be charged: lines from the database (under
 * `list`, a signed-in active trader's price list, else retail), the automatic promotions (none
 * on wholesale prices: the trader's price is its price), a usable coupon (an unusable one is
 * left out, not refused: the code box says why), and delivery. Without a country the cart
 * page's figure: the settings' delivery fee in the domestic zone. A country the shop cannot
 * ship to is priced without delivery (checkout says why). A line under the list's minimum is a
 * 422 keyed `lines.N`; an order total under it is reported (`min_order_total`), since the
 * order itself refuses it.
 */
export async function priceCart(
  db: Db,
  settings: ShopSettings,
  shipping: ShippingOptionsSource,
  promotions: readonly Promotion[],
  input: CartPriceInput,
  now: Date,
  list: PriceListRules | null = null,
): Promise<CartPrice> {
  const wanted = input.dishes ?? [];
  if (input.lines.length === 0 && wanted.length === 0)
    throw new HttpError(422, ORDER_MESSAGES.LINES_REQUIRED, {
      lines: [ORDER_MESSAGES.LINES_REQUIRED],
    });
  const cart =
    input.lines.length > 0 ? await priceLines(db, input.lines, list) : { lines: [], totalGrams: 0 };
  const dishes = wanted.length > 0 ? await dishCartPrices(db, wanted) : [];
  const kitchen = wanted.length > 0 ? await readDelivery(db) : null;
  let feeCents = input.country ? 0 : settings.deliveryFeeCents;
  let zoneId: number | null = null;
  const options = kitchen
    ? null
    : await shipping.options(input.country ?? DOMESTIC_COUNTRY, cart.totalGrams, now);
  if (kitchen && input.shipping_method) {
    // A cart with a dish goes by the kitchen's areas (each at its fee) or its pickup (free).
    const [kind, index] = input.shipping_method.split(":");
    const area = kind === "kitchen" ? kitchen.areas[Number(index)] : undefined;
    feeCents = area ? toCents(area.fee) : 0;
  }
  if (options?.ok) {
    const method =
      (input.shipping_method && options.methods.find((m) => m.id === input.shipping_method)) ||
      cheapestDelivery(options.methods);
    if (method) {
      zoneId = method.zone?.id ?? null;
      if (input.country) feeCents = method.feeCents;
    }
  }
  const found = input.coupon ? await usableCoupon(db, input.coupon, now) : null;
  const coupon = found && !found.problem ? found.coupon : null;
  const totals = priceWithPromotions({
    lines: [...cart.lines, ...dishPromotionLines(dishes)],
    promotions: list ? [] : promotions,
    today: businessDate(now),
    couponPercent: coupon?.discountPercent ?? null,
    couponScope: coupon?.appliesTo ?? "all",
    dishesDiscounted: kitchen?.dish_discount ?? false,
    deliveryFeeCents: feeCents,
    zoneId,
  });
  return {
    subtotal: centsToDollars(totals.subtotal),
    discount: centsToDollars(totals.discount),
    discount_percent: totals.discountPercent,
    discount_source: totals.discountSource,
    delivery_fee: centsToDollars(totals.deliveryFee),
    total: centsToDollars(totals.total),
    coupon: coupon
      ? { code: coupon.code.toUpperCase(), applies: totals.discountSource === "coupon" }
      : null,
    promotions: totals.promotions.map((p) => ({
      id: p.id,
      name: p.name,
      name_ar: p.nameAr,
      amount: centsToDollars(p.amountCents),
    })),
    next_promotion: totals.next
      ? {
          id: totals.next.id,
          name: totals.next.name,
          name_ar: totals.next.nameAr,
          missing: centsToDollars(totals.next.missingCents),
        }
      : null,
    lines: cart.lines.map((line) => ({
      product_id: line.productId,
      grams: line.grams,
      qty: line.qty,
      unit_price: centsToDollars(line.unitPriceCents),
      line_total: centsToDollars(line.lineTotalCents),
      price_source: line.priceSource,
    })),
    min_order_total:
      list && list.minOrderTotalCents > 0 ? centsToDollars(list.minOrderTotalCents) : null,
  };
}
