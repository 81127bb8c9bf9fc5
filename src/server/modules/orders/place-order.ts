import { createHash, createHmac } from "node:crypto";
import { and, eq, gte, isNull, or, sql } from "drizzle-orm";
import { addDays, businessDate } from "../../../shared/domain/business-time.ts";
import {
  SLOT_MESSAGES,
  SLOT_MESSAGES_AR,
  slotFullMessage,
} from "../../../shared/domain/delivery-slots.ts";
import {
  GIFT_CARD_MESSAGES,
  GIFT_CARD_PURCHASE_MESSAGES,
  giftCardAmountProblem,
  sendDayProblem,
} from "../../../shared/domain/gift-cards.ts";
import {
  dishOrderDates,
  KITCHEN_ORDER_MESSAGES,
  paymentAllowedForDishes,
} from "../../../shared/domain/kitchen-slots.ts";
import { centsToDollars, type Lang } from "../../../shared/domain/money.ts";
import { addressProblems } from "../../../shared/domain/order-form.ts";
import type { StaffOrderSource } from "../../../shared/domain/order-sources.ts";
import { OFFLINE_PAYMENT_METHODS } from "../../../shared/domain/payments.ts";
import { minimumProblem } from "../../../shared/domain/price-lists.ts";
import type { CouponScope } from "../../../shared/domain/pricing.ts";
import { type Promotion, priceWithPromotions } from "../../../shared/domain/promotions.ts";
import {
  CAPACITY_MESSAGES,
  DISPATCH_HORIZON_DAYS,
  dayFullMessage,
  dayName,
  firstBookableDay,
} from "../../../shared/domain/ready-days.ts";
import {
  cartSeason,
  type Season,
  seasonOfDay,
  seasonOnlyMessage,
  seasonOpen,
} from "../../../shared/domain/seasons.ts";
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
import { type OrderDishLineRow, orderDishLines } from "../../db/schema/kitchen-orders.ts";
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
import {
  giftCardRefusal,
  readGiftCardOffer,
  recordGiftCardPurchases,
  spendGiftCard,
  usableGiftCard,
} from "../gift-cards/service.ts";
import {
  bookedSlots,
  checkSlot,
  claimSlot,
  dishOptions,
  dishPromotionLines,
  kitchenRefusal,
  type PricedDish,
  priceDishes,
  readDelivery,
  takePortions,
} from "../kitchen/cart.ts";
import { enqueueOrderEvent } from "../webhooks/events.ts";
import type { LineWithImage } from "./dto.ts";
import { assignOrderNumber, provisionalOrderNumber } from "./order-number.ts";
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
  // A cart without dishes hashes as before dishes existed (no `dishes`, no `slot`).
  const { dishes, slot, ...sweets } = input;
  const current = dishes.length > 0 || slot ? input : sweets;
  const { shipping_method, delivery_date, gift, ready_date, ...before } = current;
  const { ready_date: _ready, ...withoutReady } = current;
  // Likewise without a gift or a ready day: a body hashes as before the field existed.
  const body = ready_date
    ? current
    : shipping_method || delivery_date || gift
      ? withoutReady
      : before;
  // A checkout order hashes as before staff orders; a staff order also names who took it and how.
  return sha256(JSON.stringify({ userId, input: body, ...(staff ? { staff } : {}) }));
}

/** An order of gift cards only: nothing is shipped, so no method, fee or zone. */
const NO_SHIPPING = {
  id: "none",
  kind: "delivery",
  feeCents: 0,
  zone: null,
  name: "",
  nameAr: "",
  slotsByDay: null,
} as unknown as ShippingOption;

/**
 * The gift cards an order buys: each in the offer and sent from today to a year ahead, and
 * never paid with a gift card (a card would turn into another without the shop seeing money).
 * Answers what they add to the total, in cents. A refusal is a 422 before anything is written.
 */
async function checkGiftCardPurchases(db: Db, input: PlaceOrder, now: Date): Promise<number> {
  const buying = input.gift_cards;
  if (buying.length === 0) return 0;
  const P = GIFT_CARD_PURCHASE_MESSAGES;
  if (input.gift_card)
    throw new HttpError(422, P.WITH_GIFT_CARD, { gift_card: [P.WITH_GIFT_CARD] });
  const offer = await readGiftCardOffer(db);
  const today = businessDate(now);
  const lastDay = addDays(today, 365);
  const errors: Record<string, string[]> = {};
  buying.forEach((card, i) => {
    const amount = giftCardAmountProblem(card.amount, offer);
    if (amount) errors[`gift_cards.${i}.amount`] = [amount];
    const day = sendDayProblem(card.send_on, today, lastDay);
    if (day) errors[`gift_cards.${i}.send_on`] = [day];
  });
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(422, first[0]!, errors);
  return buying.reduce((sum, card) => sum + card.amount, 0);
}

/** The settings' cart discount as the only promotion: a caller that passes none. */
export function standingOnly(settings: ShopSettings): Promotion[] {
  return [
    {
      id: 0,
      name: "Cart discount",
      nameAr: "خصم السلة",
      startsOn: null,
      endsOn: null,
      rule: { kind: "cart_percent", percent: settings.cartDiscountPercent },
    },
  ];
}

/** An order the team typed in on the orders desk, and where it came from. */
export type StaffAuthor = {
  adminId: number;
  source: StaffOrderSource;
  /**
   * The owner takes the order for a day (or slot) that is full or closed, on purpose: the
   * route grants it to the owner role alone; the timeline records it.
   */
  overrideCapacity?: boolean;
};

export type PlaceOrderContext = {
  idempotencyKey: string;
  /** The request's language: refusals of dishes and slots are written in it. */
  lang?: Lang;
  /** The methods this shop offers now (card only with a configured gateway). */
  paymentMethods?: ReadonlyArray<PlaceOrder["payment_method"]>;
  user: { id: number; email: string } | null;
  /** The shop's low-stock e-mail (SMTP configured); absent or null = none. */
  lowStockMail?: LowStockMail;
  /**
   * The shop's automatic promotions (running or not: their dates are checked against the
   * order's day). Absent: the standing cart discount of the settings alone.
   */
  promotions?: readonly Promotion[];
  /** Absent for the storefront's checkout; set when an admin takes the order. */
  staff?: StaffAuthor | null;
  now?: Date;
};

export type PlaceOrderResult = {
  order: OrderRow;
  accessKey: string;
  created: boolean;
  /** What was just written, so the answer needs no second read; absent on a replay. */
  written?: { lines: LineWithImage[]; events: OrderEventRow[]; dishes: OrderDishLineRow[] };
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
  input: Pick<PlaceOrder, "country" | "shipping_method" | "delivery_date" | "ready_date"> & {
    slot?: string | null;
  },
  override?: OwnerOverride,
): { method: ShippingOption; readyDate: string; slot: string | null; overridden: boolean } {
  const chosen = chooseDay(options, input, override);
  const slot = chooseSlot(chosen.method, chosen.readyDate, input.slot ?? null, override);
  return {
    method: chosen.method,
    readyDate: chosen.readyDate,
    slot: slot.slot,
    overridden: chosen.overridden || slot.overridden,
  };
}

/**
 * The owner's override of a full or closed day: any day from the first bookable one to the
 * last the quote could ever offer (the dispatch horizon, or a season's last day).
 */
export type OwnerOverride = { from: string; to: string };

/**
 * The time slot of the chosen day: one the quote offers for it; a slot of the day that has
 * filled up since is a 409 naming it; an unknown one, or one for a method without slots, a
 * 422. Without one, the day's first slot with room (older clients).
 */
function chooseSlot(
  method: ShippingOption,
  day: string,
  wanted: string | null,
  override?: OwnerOverride,
): { slot: string | null; overridden: boolean } {
  const kept = (slot: string | null) => ({ slot, overridden: false });
  if (!method.slotsByDay) {
    if (wanted === null) return kept(null);
    throw new HttpError(422, SLOT_MESSAGES.SLOT_NOT_OFFERED, {
      slot: [SLOT_MESSAGES.SLOT_NOT_OFFERED],
    });
  }
  const offers = method.slotsByDay[day] ?? [];
  if (wanted === null) return kept(offers[0]?.id ?? null);
  if (offers.some((offer) => offer.id === wanted)) return kept(wanted);
  // The owner may fill a full slot, or name one on a day the quote did not offer: the order's
  // transaction still refuses a slot id the settings do not know.
  if (override) return { slot: wanted, overridden: true };
  if (method.fullSlotsByDay?.[day]?.includes(wanted)) {
    const message = slotFullMessage(wanted, { en: dayName(day, "en"), ar: dayName(day, "ar") });
    throw new RuleError(409, "slot", message.en, {
      code: "slot_full",
      message_ar: message.ar,
      ready_date: day,
      slot: wanted,
    });
  }
  throw new RuleError(422, "slot", SLOT_MESSAGES.SLOT_UNKNOWN, {
    code: "slot_unknown",
    message_ar: SLOT_MESSAGES_AR.SLOT_UNKNOWN,
  });
}

function chooseDay(
  options: ShippingOptions,
  input: Pick<PlaceOrder, "country" | "shipping_method" | "delivery_date" | "ready_date">,
  override?: OwnerOverride,
): { method: ShippingOption; readyDate: string; overridden: boolean } {
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
    if (days.includes(wanted)) return { method, readyDate: wanted, overridden: false };
    // The owner's explicit override: a full or closed day, never a past one or one beyond reach.
    if (override && override.from <= wanted && wanted <= override.to)
      return { method, readyDate: wanted, overridden: true };
    if (method.fullDays?.includes(wanted)) throw dayFull(wanted, field);
    throw new HttpError(422, SHIPPING_MESSAGES.DATE_NOT_OFFERED, {
      [field]: [SHIPPING_MESSAGES.DATE_NOT_OFFERED],
    });
  }
  const first = days[0];
  if (!first)
    throw new RuleError(409, "ready_date", CAPACITY_MESSAGES.NO_DAY, {
      code: "no_day",
      message_ar: NO_DAY_AR,
    });
  return { method, readyDate: first, overridden: false };
}

/** The owner's override as the timeline shows it, in both languages (notes are shown as written). */
export function capacityOverrideNote(day: string): string {
  return `${CAPACITY_MESSAGES.OVERRIDE} ${dayName(day, "en")}. · ${CAPACITY_OVERRIDE_AR} ${dayName(day, "ar")}.`;
}
const CAPACITY_OVERRIDE_AR = "تجاوز المالك حدّ الطاقة أو الإغلاق ليوم";

/** How far the owner's override reaches: from the first bookable day to the quote's horizon. */
function ownerOverride(
  now: Date,
  settings: ShopSettings,
  seasons: readonly Season[],
): OwnerOverride {
  const from = firstBookableDay(now, settings.deliveryCutoffHour);
  const horizon = addDays(from, DISPATCH_HORIZON_DAYS);
  // ISO days sort as text: the latest of the horizon and every season's last day.
  const to = [horizon, ...seasons.map((s) => s.lastDay)].sort().at(-1) ?? horizon;
  return { from, to };
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
  options(
    country: string,
    grams: number,
    now: Date,
    productIds?: readonly number[],
    lines?: ReadonlyArray<{ productId: number; grams: number }>,
  ): Promise<ShippingOptions>;
  /** The seasons (their days, and products sold only then); none when absent. */
  seasons?(): Promise<Season[]>;
};

/**
 * A cart's season-only products: each may be ordered only while its season is open for
 * orders, and never beside a product of another season (no day could hold both). A 422 on
 * the product's line, in both languages.
 */
function checkSeasonProducts(
  seasons: readonly Season[],
  cart: PricedCart,
  input: PlaceOrder,
  today: string,
): void {
  const ids = cart.lines.map((line) => line.productId);
  const { season: bound, conflict } = cartSeason(seasons, ids);
  for (const line of cart.lines) {
    const season = seasons.find((s) => s.productIds.includes(line.productId));
    if (!season) continue;
    if (seasonOpen(season, today) && line.productId !== conflict) continue;
    const shown = line.productId === conflict ? season : (bound ?? season);
    const message = seasonOnlyMessage({ en: line.nameEn, ar: line.nameAr }, shown);
    const index = input.lines.findIndex((l) => l.productId === line.productId);
    throw new RuleError(422, `lines.${index}`, message.en, {
      code: "season_only",
      message_ar: message.ar,
    });
  }
}

/**
 * Reserves stock for every product, lowest id first so two orders never wait on each other
 * in a circle. The WHERE makes the check and the write one atomic step: with many orders
 * for the last units, exactly as many succeed as the stock covers.
 */
async function reserveStock(tx: Tx, cart: PricedCart): Promise<StockChange[]> {
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
      const line = cart.names.get(id)!;
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
    const line = cart.names.get(id)!;
    const left = now?.active ? (now.stockGrams ?? 0) : 0;
    const en =
      left > 0
        ? `Sorry, only ${left / 1000} kg of ${line.nameEn} is left.`
        : `Sorry, ${line.nameEn} is out of stock.`;
    const ar =
      left > 0
        ? `عذراً، بقي ${left / 1000} كغ فقط من ${line.nameAr || line.nameEn}.`
        : `عذراً، ${line.nameAr || line.nameEn} غير متوفر حالياً.`;
    const index = line.index;
    throw new RuleError(409, `lines.${index}`, en, {
      code: "out_of_stock",
      message_ar: ar,
      available_grams: left,
    });
  }
  return changes;
}

const EMPTY_CART: PricedCart = {
  lines: [],
  subtotalCents: 0,
  totalGrams: 0,
  names: new Map(),
  gramsByProduct: new Map(),
};

/** What a cart with dishes is sent by, on which day and slot, and what its dishes cost. */
type KitchenPlan = {
  method: ShippingOption;
  readyDate: string;
  slot: string;
  maxOrders: number;
  area: { name: string; nameAr: string } | null;
  dishes: { lines: PricedDish[]; subtotalCents: number };
  /** The standing discount also takes the dishes (the owner's setting). */
  dishDiscount: boolean;
};

/**
 * A cart with a dish goes the kitchen's way, sweets included: delivery to a listed Damascus
 * area or pickup at the kitchen, on the dish's day, in a slot. Every refusal is decided
 * here, before the transaction; the transaction only counts the slot and the portions again.
 */
async function planDishes(
  db: Db,
  settings: ShopSettings,
  input: PlaceOrder,
  offered: ReadonlyArray<PlaceOrder["payment_method"]>,
  now: Date,
  lang: Lang,
): Promise<KitchenPlan> {
  const delivery = await readDelivery(db);
  const options = await dishOptions(db, {
    country: input.country,
    dishes: input.dishes,
    delivery,
    shop: settings,
    now,
  });
  if (!options.ok) {
    const errors: Record<string, string[]> = {};
    for (const line of options.lines)
      errors[`lines.${line}`] = [lang === "ar" ? options.message.ar : options.message.en];
    const error = kitchenRefusal(422, "country", options.message, lang, {
      code: options.reason,
      lines: options.lines,
    });
    Object.assign(error.errors ?? {}, errors);
    throw error;
  }
  const wanted = input.shipping_method;
  const method = wanted ? options.methods.find((m) => m.id === wanted) : undefined;
  if (!method) {
    const message = wanted?.startsWith("kitchen:")
      ? KITCHEN_ORDER_MESSAGES.AREA_UNKNOWN
      : KITCHEN_ORDER_MESSAGES.METHOD;
    throw kitchenRefusal(422, "shipping_method", message, lang);
  }
  const today = dishOrderDates(now)[0];
  const readyDate = input.ready_date ?? input.delivery_date ?? today;
  const dishes = await priceDishes(db, input.dishes, readyDate, now, lang);
  if (
    !paymentAllowedForDishes(
      input.payment_method,
      readyDate,
      today,
      delivery.bank_transfer_same_day,
    )
  )
    throw kitchenRefusal(422, "payment_method", KITCHEN_ORDER_MESSAGES.PAYMENT, lang);
  if (!offered.includes(input.payment_method))
    throw new HttpError(422, ORDER_MESSAGES.PAYMENT_METHOD, {
      payment_method: [ORDER_MESSAGES.PAYMENT_METHOD],
    });
  const booked = await bookedSlots(db, readyDate);
  checkSlot(delivery, readyDate, input.slot, now, booked.get(input.slot ?? "") ?? 0, lang);
  return {
    method: {
      id: method.id,
      kind: method.kind,
      name: method.name,
      nameAr: method.nameAr,
      feeCents: method.feeCents,
      zone: null,
    },
    readyDate,
    slot: input.slot!,
    maxOrders: delivery.slots.max_orders,
    area: method.area,
    dishes,
    dishDiscount: delivery.dish_discount,
  };
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

  // An order of gift cards only has nothing to deliver: no address, no shipping, no day.
  const cardsOnly =
    input.gift_cards.length > 0 && input.lines.length === 0 && input.dishes.length === 0;
  const missing = cardsOnly ? {} : addressProblems(input);
  if (cardsOnly && input.payment_method === "cod")
    throw new HttpError(422, GIFT_CARD_PURCHASE_MESSAGES.NO_COD, {
      payment_method: [GIFT_CARD_PURCHASE_MESSAGES.NO_COD],
    });
  const first = Object.values(missing)[0];
  if (first) throw new HttpError(422, first[0]!, missing);

  const lang: Lang = ctx.lang ?? input.lang ?? "en";
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

  const soldCents = await checkGiftCardPurchases(db, input, now);
  if (input.lines.length === 0 && input.dishes.length === 0 && input.gift_cards.length === 0)
    throw new HttpError(422, ORDER_MESSAGES.LINES_REQUIRED, {
      lines: [ORDER_MESSAGES.LINES_REQUIRED],
    });
  // A signed-in active trader buys under its price list; everyone else at retail.
  const wholesale = ctx.user ? await traderPriceList(db, ctx.user.id) : null;
  const cart = input.lines.length > 0 ? await priceLines(db, input.lines, wholesale) : EMPTY_CART;
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
  const seasons = (await shipping.seasons?.()) ?? [];
  checkSeasonProducts(seasons, cart, input, businessDate(now));
  // A cart with a dish goes by the kitchen's delivery or pickup, on the dish's day and slot.
  const kitchen =
    input.dishes.length > 0 ? await planDishes(db, settings, input, offered, now, lang) : null;
  const loads = cart.lines.map((line) => ({
    productId: line.productId,
    grams: line.grams * line.qty,
  }));
  const { method, readyDate, slot, overridden } = kitchen
    ? {
        method: kitchen.method,
        readyDate: kitchen.readyDate,
        slot: kitchen.slot,
        overridden: false,
      }
    : cardsOnly
      ? { method: NO_SHIPPING, readyDate: businessDate(now), slot: null, overridden: false }
      : chooseShipping(
          await shipping.options(
            input.country,
            cart.totalGrams,
            now,
            cart.lines.map((line) => line.productId),
            loads,
          ),
          input,
          staff?.overrideCapacity ? ownerOverride(now, settings, seasons) : undefined,
        );
  const season = kitchen ? null : seasonOfDay(seasons, readyDate);

  let coupon: {
    id: number;
    code: string;
    discountPercent: number;
    appliesTo: CouponScope;
  } | null = null;
  if (input.coupon) {
    const found = await usableCoupon(db, input.coupon, now);
    if (found.problem) throw couponRefusal("coupon", found.problem);
    coupon = found.coupon;
  }

  // A gift card must be usable now; what it pays is decided under its lock in the transaction.
  const giftCard = input.gift_card ? await usableGiftCard(db, input.gift_card) : null;
  if (input.gift_card && !giftCard) throw giftCardRefusal("gift_card");

  // Gift wrapping at the owner's price, only while it is offered.
  const wrap = input.gift?.wrap ?? false;
  if (wrap && settings.giftWrapCents === null)
    throw new HttpError(422, ORDER_MESSAGES.GIFT_WRAP_UNAVAILABLE, {
      "gift.wrap": [ORDER_MESSAGES.GIFT_WRAP_UNAVAILABLE],
    });

  // Wholesale prices are the trader's price: no standing discount or promotion is added.
  // A cart with a dish is priced by the same code: the sweets get the promotions, a dish only
  // the cart-wide percent the owner extends to dishes, or a coupon whose scope takes it.
  const totals = priceWithPromotions({
    lines: kitchen ? [...cart.lines, ...dishPromotionLines(kitchen.dishes.lines)] : cart.lines,
    promotions: wholesale ? [] : (ctx.promotions ?? standingOnly(settings)),
    today: businessDate(now),
    couponPercent: coupon?.discountPercent ?? null,
    couponScope: coupon?.appliesTo ?? "all",
    dishesDiscounted: kitchen?.dishDiscount ?? false,
    deliveryFeeCents: method.feeCents,
    zoneId: method.zone?.id ?? null,
    giftWrapCents: wrap ? (settings.giftWrapCents ?? 0) : 0,
  });
  // Gift cards bought are added after every discount: promotions and coupons never price them.
  totals.total += soldCents;
  // The card's share of a card payment would need a second charge: the rest goes offline.
  if (giftCard && input.payment_method === "card" && giftCard.balanceCents < totals.total)
    throw new HttpError(422, GIFT_CARD_MESSAGES.CARD_REST, {
      payment_method: [GIFT_CARD_MESSAGES.CARD_REST],
    });
  // A coupon no larger than the automatic discount adds nothing, so none of its uses is spent.
  const usedCoupon = totals.discountSource === "coupon" ? coupon : null;

  try {
    const written = await db.transaction(async (tx) => {
      // First: a concurrent request with the same key waits here and then fails on the
      // unique key, before it has locked any stock.
      const [order] = await tx
        .insert(orders)
        .values({
          // Its number is given once nothing can refuse the order any more (below).
          number: provisionalOrderNumber(keyHash),
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
          shippingMethod: cardsOnly ? null : method.id,
          shippingKind: cardsOnly ? null : method.kind,
          shippingZoneName: method.zone?.name ?? kitchen?.area?.name ?? null,
          shippingZoneNameAr: method.zone?.nameAr ?? kitchen?.area?.nameAr ?? null,
          shippingMethodName: method.name,
          shippingMethodNameAr: method.nameAr,
          // The delivery day as before: what was asked for a home delivery.
          deliveryDate:
            method.kind === "delivery" ? (input.ready_date ?? input.delivery_date) : null,
          readyDate,
          slot,
          seasonId: season?.id ?? null,
          seasonName: season?.nameEn ?? null,
          seasonNameAr: season?.nameAr ?? null,
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
          giftCardsSoldCents: soldCents,
          promotions: totals.promotions,
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
      if (cart.totalGrams > 0 || (slot && !kitchen))
        await claimCapacity(tx, settings, {
          id: order!.id,
          readyDate,
          grams: cart.totalGrams,
          slot: slot && !kitchen ? { kind: method.kind, id: slot } : null,
          lines: loads,
          override: overridden,
        });
      // Then the kitchen's slot and the portions, in the same order for every order (no lock circle).
      if (kitchen) {
        await claimSlot(
          tx,
          { id: order!.id, day: readyDate, slot: kitchen.slot, maxOrders: kitchen.maxOrders },
          lang,
        );
        await takePortions(tx, kitchen.dishes.lines, readyDate, lang);
      }
      const stock = await reserveStock(tx, cart);

      // The card pays under its row lock: many orders spending one card never take more
      // than its balance; one that finds it empty by now is refused whole.
      let placed = order!;
      if (giftCard) {
        const paid = await spendGiftCard(
          tx,
          Number(giftCard.id),
          totals.total,
          order!.id,
          staff ? `admin:${staff.adminId}` : "customer",
          now,
        );
        if (paid === 0) throw giftCardRefusal("gift_card");
        const whole = paid === totals.total;
        const [updated] = await tx
          .update(orders)
          .set({
            giftCardId: Number(giftCard.id),
            giftCardCents: paid,
            ...(whole ? { paymentStatus: "paid" as const, paidCents: paid, paidAt: now } : {}),
          })
          .where(eq(orders.id, placed!.id))
          .returning();
        placed = updated!;
      }

      if (usedCoupon && !(await spendCouponUse(tx, usedCoupon.id, now))) {
        // Someone took the last use (or the day ended) since the check above.
        const again = await usableCoupon(tx, usedCoupon.code, now);
        throw couponRefusal("coupon", again.problem ?? "used_up");
      }
      // The cards bought wait for the order to be paid and their send day (no code yet).
      await recordGiftCardPurchases(tx, placed.id, input.gift_cards, now);
      // Nothing refuses the order from here on: now it takes the next number, gap-free.
      placed.number = await assignOrderNumber(tx, placed.id);

      const lines =
        cart.lines.length === 0
          ? []
          : await tx
              .insert(orderLines)
              .values(
                cart.lines.map((line) => ({
                  orderId: placed!.id,
                  productId: line.productId,
                  nameEn: line.nameEn,
                  nameAr: line.nameAr,
                  grams: line.grams,
                  qty: line.qty,
                  unitPriceCents: line.unitPriceCents,
                  lineTotalCents: line.lineTotalCents,
                  contents: line.contents,
                })),
              )
              .returning();
      const dishLines = kitchen
        ? await tx
            .insert(orderDishLines)
            .values(
              kitchen.dishes.lines.map((line) => ({
                orderId: placed!.id,
                dishId: line.dishId,
                nameEn: line.nameEn,
                nameAr: line.nameAr,
                day: readyDate,
                portions: line.portions,
                unitPriceCents: line.unitPriceCents,
                lineTotalCents: line.lineTotalCents,
              })),
            )
            .returning()
        : [];
      const actor = staff ? `admin:${staff.adminId}` : "customer";
      const events = await tx
        .insert(orderEvents)
        .values([
          { orderId: placed!.id, status: "pending" as const, actor, createdAt: now },
          // The owner's override stays on the timeline: who booked past the day's limits.
          ...(overridden
            ? [
                {
                  orderId: placed!.id,
                  status: "pending" as const,
                  actor,
                  note: capacityOverrideNote(readyDate),
                  createdAt: now,
                },
              ]
            : []),
        ])
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
          order_id: placed!.id,
          order_number: placed!.number,
          total: centsToDollars(totals.total),
          placed_at: now.toISOString(),
          ...(staff ? { taken_by: taker?.name ?? "", source: staff.source } : {}),
        },
        createdAt: now,
      });
      // Lines first: the event carries them.
      await enqueueOrderEvent(tx, "order.created", placed!, { now });
      // A product this order took to its low-stock threshold: bell, e-mail, webhook.
      await announceLowStock(tx, stock, {
        shopDefaultGrams: settings.lowStockGrams,
        shopEmail: settings.emails[0],
        order: placed!,
        mail: ctx.lowStockMail ?? null,
        now,
      });
      return {
        order: placed!,
        lines: lines.map((line) => ({
          ...line,
          image: cart.lines.find((l) => l.productId === line.productId)?.image ?? null,
        })),
        events,
        dishes: dishLines,
      };
    });
    return {
      order: written.order,
      accessKey,
      created: true,
      written: { lines: written.lines, events: written.events, dishes: written.dishes },
    };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const again = await replay(db, keyHash, requestHash, accessKey);
      if (again) return again;
    }
    throw error;
  }
}
