import { and, eq, gte, inArray, isNotNull, lte, ne, sql } from "drizzle-orm";
import {
  findSlot,
  SLOT_MESSAGES,
  SLOT_MESSAGES_AR,
  type SlotKind,
  slotFullMessage,
  slotKey,
} from "../../../shared/domain/delivery-slots.ts";
import {
  type Booked,
  type DayOverride,
  dayCapacity,
  dayFullMessage,
  dayName,
  gramsByCategory,
  hasRoom,
} from "../../../shared/domain/ready-days.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import { calendarDays } from "../../db/schema/calendar.ts";
import { categories, products } from "../../db/schema/catalog.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { RuleError } from "../../rule-error.ts";

/** Every date the owner changed (a small table: a few rows per season). */
export async function loadOverrides(db: Db | Tx): Promise<Map<string, DayOverride>> {
  const rows = await db.select().from(calendarDays);
  return new Map(
    rows.map((row) => [row.day, { closed: row.closed, capacityGrams: row.capacityGrams }]),
  );
}

/** The categories' own daily caps and which products they hold (capped categories only). */
export type CategoryCaps = {
  caps: Map<number, number>;
  productCategory: Map<number, number>;
};

/**
 * Every capped category with its products: a few rows (most shops cap one or two categories),
 * read once per content version by the quote (a category's or a product's save moves it).
 * `productIds` narrows it to a cart's products (the order's transaction).
 */
export async function loadCategoryCaps(
  db: Db | Tx,
  productIds?: readonly number[],
): Promise<CategoryCaps> {
  if (productIds && productIds.length === 0) return { caps: new Map(), productCategory: new Map() };
  const rows = await db
    .select({ category: categories.id, cap: categories.dailyCapGrams, product: products.id })
    .from(categories)
    .leftJoin(products, eq(products.categoryId, categories.id))
    .where(
      and(
        isNotNull(categories.dailyCapGrams),
        productIds ? inArray(products.id, [...productIds]) : undefined,
      ),
    );
  const caps = new Map<number, number>();
  const productCategory = new Map<number, number>();
  for (const row of rows) {
    caps.set(row.category, row.cap!);
    if (row.product !== null) productCategory.set(row.product, row.category);
  }
  return { caps, productCategory };
}

/**
 * An order holds its grams on its ready day until it is cancelled or refunded: what the kitchen
 * will make, whether or not it is paid yet.
 */
export const holdsCapacity = and(
  ne(orders.status, "canceled"),
  ne(orders.paymentStatus, "refunded"),
);

/**
 * Grams and orders booked per ready day from `from` to `to` (inclusive), leaving out
 * `exceptOrderId`, with the orders each time slot holds (by kind and slot id).
 */
export async function bookedBetween(
  db: Db | Tx,
  from: string,
  to: string,
  exceptOrderId?: number,
  /** Capped categories whose booked grams are wanted as well (per day, per category). */
  categoryIds: readonly number[] = [],
): Promise<Map<string, Booked>> {
  const rows = await db
    .select({
      day: orders.readyDate,
      kind: orders.shippingKind,
      slot: orders.slot,
      grams: sql<string>`coalesce(sum(${orders.totalGrams}), 0)`,
      orders: sql<string>`count(*)`,
    })
    .from(orders)
    .where(
      and(
        gte(orders.readyDate, from),
        lte(orders.readyDate, to),
        holdsCapacity,
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    )
    .groupBy(orders.readyDate, orders.shippingKind, orders.slot);
  type Day = {
    grams: number;
    orders: number;
    slots: Map<string, number>;
    gramsByCategory: Map<number, number>;
  };
  const booked = new Map<string, Day>();
  const dayOf = (date: string): Day => {
    let day = booked.get(date);
    if (!day) {
      day = { grams: 0, orders: 0, slots: new Map(), gramsByCategory: new Map() };
      booked.set(date, day);
    }
    return day;
  };
  for (const row of rows) {
    const day = dayOf(row.day!);
    day.grams += Number(row.grams);
    day.orders += Number(row.orders);
    if (row.slot !== null)
      day.slots.set(slotKey(row.kind ?? "delivery", row.slot), Number(row.orders));
  }
  if (categoryIds.length === 0) return booked;
  // What each capped category holds: the ordered grams of its products' lines.
  const byCategory = await db
    .select({
      day: orders.readyDate,
      category: products.categoryId,
      grams: sql<string>`coalesce(sum(${orderLines.grams} * ${orderLines.qty}), 0)`,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(
      and(
        gte(orders.readyDate, from),
        lte(orders.readyDate, to),
        holdsCapacity,
        inArray(products.categoryId, [...categoryIds]),
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    )
    .groupBy(orders.readyDate, products.categoryId);
  for (const row of byCategory)
    dayOf(row.day!).gramsByCategory.set(row.category!, Number(row.grams));
  return booked;
}

/**
 * Claims a ready day for the rest of the transaction: orders for the same day queue here, so
 * the second of two racing for the last kilos counts the first one's grams. A transaction-level
 * advisory lock: nothing is written, it ends with the commit, and orders for other days never
 * wait. (PGlite runs one transaction at a time, so there it is only a formality.)
 */
export async function lockDay(tx: Tx, day: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(40, (${day}::date - date '2000-01-01'))`);
}

/**
 * Inside the order's transaction, after its row is written: when the day has a limit, wait
 * for the day, count what the other orders hold (committed ones, read after the lock) and
 * refuse with a 409 naming the day when the cart no longer fits. The transaction then rolls
 * back: no order, no stock taken, no coupon use spent.
 */
export async function claimCapacity(
  tx: Tx,
  settings: ShopSettings,
  order: {
    id: number;
    readyDate: string;
    grams: number;
    /** The order's kind and time slot, when it has one. */
    slot?: { kind: SlotKind; id: string } | null;
    /** The cart's lines (grams = weight x qty), for the categories' own daily caps. */
    lines?: ReadonlyArray<{ productId: number; grams: number }>;
    /**
     * The owner took this order for a full or closed day on purpose: the day's kilos, the
     * categories' caps and the slot's count are not checked (an unknown slot still is).
     */
    override?: boolean;
  },
): Promise<void> {
  const slot = order.slot ? findSlot(settings.deliverySlots, order.slot.kind, order.slot.id) : null;
  if (order.slot && !slot)
    throw new RuleError(422, "slot", SLOT_MESSAGES.SLOT_UNKNOWN, {
      code: "slot_unknown",
      message_ar: SLOT_MESSAGES_AR.SLOT_UNKNOWN,
    });
  const [override] = await tx
    .select()
    .from(calendarDays)
    .where(eq(calendarDays.day, order.readyDate));
  const capacity = dayCapacity(order.readyDate, {
    closedWeekdays: settings.deliveryClosedWeekdays,
    weekdayCapacity: settings.capacityGramsByWeekday,
    overrides: new Map(
      override
        ? [[order.readyDate, { closed: override.closed, capacityGrams: override.capacityGrams }]]
        : [],
    ),
  });
  if (order.override) return;
  const slotLimited = slot !== null && slot.maxOrders !== null;
  const lines = order.lines ?? [];
  const capped = await loadCategoryCaps(tx, [...new Set(lines.map((line) => line.productId))]);
  const cart = {
    grams: order.grams,
    gramsByCategory: gramsByCategory(lines, capped.productCategory),
  };
  if (
    !capacity.closed &&
    capacity.capacityGrams === null &&
    !slotLimited &&
    cart.gramsByCategory.size === 0
  )
    return;
  // One lock per day for the grams, the categories and the slots alike: all are read after it.
  await lockDay(tx, order.readyDate);
  const booked = (
    await bookedBetween(tx, order.readyDate, order.readyDate, order.id, [
      ...cart.gramsByCategory.keys(),
    ])
  ).get(order.readyDate);
  if (!hasRoom(capacity, booked, cart, capped.caps)) {
    const message = dayFullMessage(order.readyDate);
    throw new RuleError(409, "ready_date", message.en, {
      code: "day_full",
      message_ar: message.ar,
      ready_date: order.readyDate,
    });
  }
  if (!slotLimited || !order.slot) return;
  const held = booked?.slots?.get(slotKey(order.slot.kind, order.slot.id)) ?? 0;
  if (held < slot.maxOrders!) return;
  const message = slotFullMessage(order.slot.id, {
    en: dayName(order.readyDate, "en"),
    ar: dayName(order.readyDate, "ar"),
  });
  throw new RuleError(409, "slot", message.en, {
    code: "slot_full",
    message_ar: message.ar,
    ready_date: order.readyDate,
    slot: order.slot.id,
  });
}
