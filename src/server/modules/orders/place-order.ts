import { createHash, createHmac } from "node:crypto";
import { and, eq, gte, isNull, or, sql } from "drizzle-orm";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { addressProblems } from "../../../shared/domain/order-form.ts";
import type { StaffOrderSource } from "../../../shared/domain/order-sources.ts";
import { OFFLINE_PAYMENT_METHODS } from "../../../shared/domain/payments.ts";
import { minimumProblem } from "../../../shared/domain/price-lists.ts";
import { orderTotals } from "../../../shared/domain/pricing.ts";
import { CAPACITY_MESSAGES, dayFullMessage } from "../../../shared/domain/ready-days.ts";
import {
  cheapestDelivery,
  parseMethodId,
  SHIPPING_MESSAGES,
  type ShippingOption,
  type ShippingOptions,
} from "../../../shared/domain/shipping.ts";
import {
  creditLimitProblem,
  dueDateOf,
  orderMinimumMessage,
  TERMS_MESSAGES,
} from "../../../shared/domain/trade-terms.ts";
import {
  ORDER_MESSAGES,
  type PlaceOrder,
  shippingProblemMessage,
} from "../../../shared/schemas/order.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { products } from "../../db/schema/catalog.ts";
import { notifications } from "../../db/schema/notifications.ts";
import {
  type OrderEventRow,
  type OrderPickupPoint,
  type OrderRow,
  orderEvents,
  orderLines,
  orders,
} from "../../db/schema/orders.ts";
import { HttpError } from "../../http-errors.ts";
import { RuleError } from "../../rule-error.ts";
import { claimCapacity } from "../calendar/capacity.ts";
import { announceLowStock, type LowStockMail, type StockChange } from "../catalog/low-stock.ts";
import { couponRefusal, spendCouponUse, usableCoupon } from "../coupons/service.ts";
import { enqueueOrderEvent } from "../webhooks/events.ts";
import type { LineWithImage } from "./dto.ts";
import { type PricedCart, priceLines } from "./pricing.ts";
import { lockOutstanding, traderPriceList, traderTerms } from "./trader-prices.ts";

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * The guest's private-link key is derived from the raw Idempotency-Key, which only the placer
 * knows and which is stored hashed: a replay of the same request can hand the same key back,
 * and a copy of the database grants no links.
 */
export const accessKeyFor = (idempotencyKey: string) =>
  createHmac("sha256", idempotencyKey).update("order-access-key").digest("base64url");

/** Same key + same (normalised) body + same customer (+ same staff author) = the same order. */
export function requestHashOf(
  input: PlaceOrder,
  userId: number | null,
  staff: StaffAuthor | null = null,
): string {
  // Without a shipping choice the body hashes as it did before shipping methods, so a retry that
  // spans the upgrade is still recognised as the same order.
  const { shipping_method, delivery_date, gift, ready_date, ...before } = input;
  const { ready_date: _ready, ...withoutReady } = input;
  // Likewise without a gift or a ready day: a body hashes as before the field existed.
  const body = ready_date
    ? input
    : shipping_method || delivery_date || gift
      ? withoutReady
      : before;
  // A checkout order hashes as before staff orders; a staff order also names who took it and how.
  return sha256(JSON.stringify({ userId, input: body, ...(staff ? { staff } : {}) }));
}

/** An order the team typed in on the orders desk, and where it came from. */
export type StaffAuthor = { adminId: number; source: StaffOrderSource };

export type PlaceOrderContext = {
  idempotencyKey: string;
  /** The methods this shop offers now (card only with a configured gateway). */
  paymentMethods?: ReadonlyArray<PlaceOrder["payment_method"]>;
  user: { id: number; email: string } | null;
  /** The shop's low-stock e-mail (SMTP configured); absent or null = none. */
  lowStockMail?: LowStockMail;
  /** Absent for the storefront's checkout; set when an admin takes the order. */
  staff?: StaffAuthor | null;
  now?: Date;
};

export type PlaceOrderResult = {
  order: OrderRow;
  accessKey: string;
  created: boolean;
  /** What was just written, so the answer needs no second read; absent on a replay. */
  written?: { lines: LineWithImage[]; events: OrderEventRow[] };
};

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** An earlier order under the same key: the same request gets it back, another one a 422. */
async function replay(
  db: Db,
  keyHash: string,
  requestHash: string,
  accessKey: string,
): Promise<PlaceOrderResult | null> {
  const [existing] = await db.select().from(orders).where(eq(orders.idempotencyKeyHash, keyHash));
  if (!existing) return null;
  if (existing.requestHash !== requestHash) {
    throw new HttpError(
      422,
      "This Idempotency-Key was already used for a different order. Send a new key for a new order.",
      { idempotency_key: ["This key was already used for a different order."] },
    );
  }
  return { order: existing, accessKey, created: false };
}

function shippingRefusal(
  check: Extract<ShippingOptions, { ok: false }>,
  country: string,
): RuleError {
  return new RuleError(422, "country", shippingProblemMessage(check, country, "en"), {
    code: check.reason,
    message_ar: shippingProblemMessage(check, country, "ar"),
    ...(check.reason === "weight_limit" ? { max_grams: check.maxGrams } : {}),
  });
}

/**
 * The method the order is charged for and the day it must be ready, recomputed from the rules
 * now: a method the quote would not offer, or a day it would not offer, is refused;
 * a fee the client sent is never read. Without a method, the cheapest delivery (clients older
 * than zones); without a day, the first one with room. A day that was offered but has filled
 * up since is a 409 naming it; no day with room at all is a 409 too.
 */
export function chooseShipping(
  options: ShippingOptions,
  input: Pick<PlaceOrder, "country" | "shipping_method" | "delivery_date" | "ready_date">,
): { method: ShippingOption; readyDate: string } {
  if (!options.ok) throw shippingRefusal(options, input.country);
  const method = input.shipping_method
    ? options.methods.find((m) => m.id === input.shipping_method)
    : cheapestDelivery(options.methods);
  // Also when no method was named and only pickup is offered: the shopper must choose it.
  if (!method)
    throw new HttpError(422, SHIPPING_MESSAGES.METHOD_UNKNOWN, {
      shipping_method: [SHIPPING_MESSAGES.METHOD_UNKNOWN],
    });
  const days = method.days ?? [];
  const wanted = input.ready_date ?? input.delivery_date;
  const field = input.ready_date ? "ready_date" : "delivery_date";
  if (wanted) {
    if (method.fullDays?.includes(wanted)) throw dayFull(wanted, field);
    if (!days.includes(wanted))
      throw new HttpError(422, SHIPPING_MESSAGES.DATE_NOT_OFFERED, {
        [field]: [SHIPPING_MESSAGES.DATE_NOT_OFFERED],
      });
    return { method, readyDate: wanted };
  }
  const first = days[0];
  if (!first)
    throw new RuleError(409, "ready_date", CAPACITY_MESSAGES.NO_DAY, {
      code: "no_day",
      message_ar: NO_DAY_AR,
    });
  return { method, readyDate: first };
}

const NO_DAY_AR = "لا يوجد حالياً يوم متاح لهذا الطلب. يرجى تقليل الكمية أو التواصل معنا.";

function dayFull(day: string, field: string): RuleError {
  const message = dayFullMessage(day);
  return new RuleError(409, field, message.en, {
    code: "day_full",
    message_ar: message.ar,
    ready_date: day,
  });
}

/** The location a pickup method names, as the order keeps it (null for a delivery). */
function pickupPointOf(method: ShippingOption, settings: ShopSettings): OrderPickupPoint | null {
  const id = parseMethodId(method.id);
  if (id?.kind !== "pickup") return null;
  const location = settings.locations[id.index];
  if (!location) return null;
  return {
    address: { ...location.address },
    hours: { ...location.hours },
    phone: location.mobile || location.landline,
  };
}

/** What placing an order needs from the shipping module. */
export type ShippingOptionsSource = {
  options(country: string, grams: number, now: Date): Promise<ShippingOptions>;
};

/**
 * Reserves stock for every product, lowest id first so two orders never wait on each other
 * in a circle. The WHERE makes the check and the write one atomic step: with many orders
 * for the last units, exactly as many succeed as the stock covers.
 */
async function reserveStock(tx: Tx, cart: PricedCart, input: PlaceOrder): Promise<StockChange[]> {
  const ids = [...cart.gramsByProduct.keys()].sort((a, b) => a - b);
  const changes: StockChange[] = [];
  for (const id of ids) {
    const grams = cart.gramsByProduct.get(id)!;
    const reserved = await tx
      .update(products)
      .set({ stockGrams: sql`${products.stockGrams} - ${grams}` })
      .where(
        and(
          eq(products.id, id),
          eq(products.active, true),
          or(isNull(products.stockGrams), gte(products.stockGrams, grams)),
        ),
      )
      .returning({
        id: products.id,
        sku: products.sku,
        stockGrams: products.stockGrams,
        lowStockGrams: products.lowStockGrams,
      });
    if (reserved.length === 1) {
      // What the order took, for the low-stock rule: the row is locked until commit.
      const row = reserved[0]!;
      const line = cart.lines.find((l) => l.productId === id)!;
      changes.push({
        productId: id,
        nameEn: line.nameEn,
        nameAr: line.nameAr,
        sku: row.sku,
        beforeGrams: row.stockGrams === null ? null : row.stockGrams + grams,
        afterGrams: row.stockGrams,
        lowStockGrams: row.lowStockGrams,
      });
      continue;
    }

    const [now] = await tx
      .select({ stockGrams: products.stockGrams, active: products.active })
      .from(products)
      .where(eq(products.id, id));
    const line = cart.lines.find((l) => l.productId === id)!;
    const left = now?.active ? (now.stockGrams ?? 0) : 0;
    const en =
      left > 0
        ? `Sorry, only ${left / 1000} kg of ${line.nameEn} is left.`
        : `Sorry, ${line.nameEn} is out of stock.`;
    const ar =
      left > 0
        ? `عذراً، بقي ${left / 1000} كغ فقط من ${line.nameAr || line.nameEn}.`
        : `عذراً، ${line.nameAr || line.nameEn} غير متوفر حالياً.`;
    const index = input.lines.findIndex((l) => l.productId === id);
    throw new RuleError(409, `lines.${index}`, en, {
      code: "out_of_stock",
      message_ar: ar,
      available_grams: left,
    });
  }
  return changes;
}

/**
 * Checkout: reprice from the database, recompute totals in cents, check shipping,
 * then in ONE transaction claim the idempotency key, reserve stock, count the coupon use and
 * write the order, its lines, its first event and the admin notification.
 */
export async function placeOrder(
  db: Db,
  settings: ShopSettings,
  shipping: ShippingOptionsSource,
  input: PlaceOrder,
  ctx: PlaceOrderContext,
): Promise<PlaceOrderResult> {
  const now = ctx.now ?? new Date();
  const keyHash = sha256(ctx.idempotencyKey);
  const accessKey = accessKeyFor(ctx.idempotencyKey);
  const staff = ctx.staff ?? null;
  const requestHash = requestHashOf(input, ctx.user?.id ?? null, staff);

  const earlier = await replay(db, keyHash, requestHash, accessKey);
  if (earlier) return earlier;

  const missing = addressProblems(input);
  const first = Object.values(missing)[0];
  if (first) throw new HttpError(422, first[0]!, missing);

  const lang = input.lang ?? "en";
  // On invoice: only a signed-in active trader with payment terms; never offered to others.
  const onInvoice = input.payment_method === "invoice";
  const terms = onInvoice && ctx.user ? await traderTerms(db, ctx.user.id) : null;
  if (onInvoice && !terms)
    throw new HttpError(422, TERMS_MESSAGES.NOT_ON_TERMS[lang], {
      payment_method: [TERMS_MESSAGES.NOT_ON_TERMS[lang]],
    });
  const offered = ctx.paymentMethods ?? OFFLINE_PAYMENT_METHODS;
  if (!onInvoice && !offered.includes(input.payment_method))
    throw new HttpError(422, ORDER_MESSAGES.PAYMENT_METHOD, {
      payment_method: [ORDER_MESSAGES.PAYMENT_METHOD],
    });

  // A signed-in active trader buys under its price list; everyone else at retail.
  const wholesale = ctx.user ? await traderPriceList(db, ctx.user.id) : null;
  const cart = await priceLines(db, input.lines, wholesale);
  if (wholesale) {
    const under = minimumProblem("order", {
      subtotalCents: cart.subtotalCents,
      minOrderTotalCents: wholesale.minOrderTotalCents,
    });
    if (under) {
      const message = orderMinimumMessage(wholesale.minOrderTotalCents, lang);
      throw new HttpError(422, message, { lines: [message] });
    }
  }
  const { method, readyDate } = chooseShipping(
    await shipping.options(input.country, cart.totalGrams, now),
    input,
  );

  let coupon: { id: number; code: string; discountPercent: number } | null = null;
  if (input.coupon) {
    const found = await usableCoupon(db, input.coupon, now);
    if (found.problem) throw couponRefusal("coupon", found.problem);
    coupon = found.coupon;
  }

  // Gift wrapping at the owner's price, only while it is offered.
  const wrap = input.gift?.wrap ?? false;
  if (wrap && settings.giftWrapCents === null)
    throw new HttpError(422, ORDER_MESSAGES.GIFT_WRAP_UNAVAILABLE, {
      "gift.wrap": [ORDER_MESSAGES.GIFT_WRAP_UNAVAILABLE],
    });

  const totals = orderTotals({
    subtotalCents: cart.subtotalCents,
    // Wholesale prices are the trader's price: the shop's standing retail discount is not added.
    standingDiscountPercent: wholesale ? 0 : settings.cartDiscountPercent,
    couponPercent: coupon?.discountPercent ?? null,
    deliveryFeeCents: method.feeCents,
    giftWrapCents: wrap ? (settings.giftWrapCents ?? 0) : 0,
  });
  // A coupon no larger than the standing discount adds nothing, so none of its uses is spent.
  const usedCoupon = totals.discountSource === "coupon" ? coupon : null;

  try {
    const written = await db.transaction(async (tx) => {
      // First: a concurrent request with the same key waits here and then fails on the
      // unique key, before it has locked any stock.
      const [order] = await tx
        .insert(orders)
        .values({
          number: sql`'SW-' || nextval('order_number_seq')`,
          status: "pending",
          userId: ctx.user?.id ?? null,
          accessKeyHash: sha256(accessKey),
          name: input.name,
          phone: input.phone,
          email: input.email ?? ctx.user?.email ?? null,
          country: input.country,
          city: input.city,
          address: input.address,
          notes: input.notes,
          lang: input.lang ?? "en",
          paymentMethod: input.payment_method,
          couponCode: usedCoupon ? usedCoupon.code.toUpperCase() : null,
          subtotalCents: totals.subtotal,
          discountCents: totals.discount,
          discountPercent: totals.discountPercent,
          discountSource: totals.discountSource,
          deliveryFeeCents: totals.deliveryFee,
          shippingMethod: method.id,
          shippingKind: method.kind,
          shippingZoneName: method.zone?.name ?? null,
          shippingZoneNameAr: method.zone?.nameAr ?? null,
          shippingMethodName: method.name,
          shippingMethodNameAr: method.nameAr,
          // The delivery day as before: what was asked for a home delivery.
          deliveryDate:
            method.kind === "delivery" ? (input.ready_date ?? input.delivery_date) : null,
          readyDate,
          dueDate: terms ? dueDateOf(businessDate(now), terms.termsDays) : null,
          pickupPoint: pickupPointOf(method, settings),
          gift: input.gift
            ? {
                recipientName: input.gift.recipient_name,
                recipientPhone: input.gift.recipient_phone,
                message: input.gift.message,
                wrap,
              }
            : null,
          giftWrapCents: totals.giftWrap,
          totalCents: totals.total,
          totalGrams: cart.totalGrams,
          idempotencyKeyHash: keyHash,
          requestHash,
          source: staff?.source ?? "web",
          createdByAdminId: staff?.adminId ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();

      if (terms && ctx.user) {
        // Everything the trader owes, this order included, within its limit (a refusal rolls
        // the whole order back).
        const outstandingCents = await lockOutstanding(tx, ctx.user.id, order!.id);
        const over = creditLimitProblem(
          { outstandingCents, orderCents: totals.total, limitCents: terms.creditLimitCents },
          lang,
        );
        if (over) throw new HttpError(422, over, { payment_method: [over] });
      }

      // Before any stock is taken: a full day rolls the whole order back untouched.
      await claimCapacity(tx, settings, {
        id: order!.id,
        readyDate,
        grams: cart.totalGrams,
      });
      const stock = await reserveStock(tx, cart, input);

      if (usedCoupon && !(await spendCouponUse(tx, usedCoupon.id, now))) {
        // Someone took the last use (or the day ended) since the check above.
        const again = await usableCoupon(tx, usedCoupon.code, now);
        throw couponRefusal("coupon", again.problem ?? "used_up");
      }

      const lines = await tx
        .insert(orderLines)
        .values(
          cart.lines.map((line) => ({
            orderId: order!.id,
            productId: line.productId,
            nameEn: line.nameEn,
            nameAr: line.nameAr,
            grams: line.grams,
            qty: line.qty,
            unitPriceCents: line.unitPriceCents,
            lineTotalCents: line.lineTotalCents,
          })),
        )
        .returning();
      const events = await tx
        .insert(orderEvents)
        .values({
          orderId: order!.id,
          status: "pending",
          actor: staff ? `admin:${staff.adminId}` : "customer",
          createdAt: now,
        })
        .returning();
      // A staff order rings as taken by that admin, so the desk does not read it as a new
      // customer's order to confirm.
      const [taker] = staff
        ? await tx.select({ name: users.name }).from(users).where(eq(users.id, staff.adminId))
        : [];
      await tx.insert(notifications).values({
        type: "order_placed",
        data: {
          customer: input.name,
          order_id: order!.id,
          order_number: order!.number,
          total: centsToDollars(totals.total),
          placed_at: now.toISOString(),
          ...(staff ? { taken_by: taker?.name ?? "", source: staff.source } : {}),
        },
        createdAt: now,
      });
      // Lines first: the event carries them.
      await enqueueOrderEvent(tx, "order.created", order!, { now });
      // A product this order took to its low-stock threshold: bell, e-mail, webhook.
      await announceLowStock(tx, stock, {
        shopDefaultGrams: settings.lowStockGrams,
        shopEmail: settings.emails[0],
        order: order!,
        mail: ctx.lowStockMail ?? null,
        now,
      });
      return {
        order: order!,
        lines: lines.map((line) => ({
          ...line,
          image: cart.lines.find((l) => l.productId === line.productId)?.image ?? null,
        })),
        events,
      };
    });
    return {
      order: written.order,
      accessKey,
      created: true,
      written: { lines: written.lines, events: written.events },
    };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await replay(db, keyHash, requestHash, accessKey);
      if (again) return again;
    }
    throw error;
  }
}
