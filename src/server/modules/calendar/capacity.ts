import { and, eq, gte, lte, ne, sql } from "drizzle-orm";
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
  hasRoom,
} from "../../../shared/domain/ready-days.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import { calendarDays } from "../../db/schema/calendar.ts";
import { orders } from "../../db/schema/orders.ts";
import { RuleError } from "../../rule-error.ts";

/** Every date the owner changed (a small table: a few rows per season). */
export async function loadOverrides(db: Db | Tx): Promise<Map<string, DayOverride>> {
  const rows = await db.select().from(calendarDays);
  return new Map(
    rows.map((row) => [row.day, { closed: row.closed, capacityGrams: row.capacityGrams }]),
  );
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
  const booked = new Map<string, { grams: number; orders: number; slots: Map<string, number> }>();
  for (const row of rows) {
    let day = booked.get(row.day!);
    if (!day) {
      day = { grams: 0, orders: 0, slots: new Map() };
      booked.set(row.day!, day);
    }
    day.grams += Number(row.grams);
    day.orders += Number(row.orders);
    if (row.slot !== null)
      day.slots.set(slotKey(row.kind ?? "delivery", row.slot), Number(row.orders));
  }
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
  const slotLimited = slot !== null && slot.maxOrders !== null;
  if (!capacity.closed && capacity.capacityGrams === null && !slotLimited) return;
  // One lock per day for the grams and the slots alike: the slot's count is read after it.
  await lockDay(tx, order.readyDate);
  const booked = (await bookedBetween(tx, order.readyDate, order.readyDate, order.id)).get(
    order.readyDate,
  );
  if (!hasRoom(capacity, booked, { grams: order.grams })) {
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
