import { and, eq, inArray, like, ne, sql } from "drizzle-orm";
import { isCookedOn, isSoldOutOn } from "../../../shared/domain/kitchen.ts";
import {
  cannotTravelMessage,
  DEFAULT_KITCHEN_DELIVERY,
  daySlots,
  dishOrderDates,
  dishRefusal,
  dishRefusalMessage,
  KITCHEN_ORDER_MESSAGES,
  KITCHEN_SLOT_PREFIX,
  linesThatCannotTravel,
  portionsLeft,
  type SlotOffer,
  slotProblem,
} from "../../../shared/domain/kitchen-slots.ts";
import type { Lang } from "../../../shared/domain/money.ts";
import { centsToDollars, toCents } from "../../../shared/domain/money.ts";
import type { PromotionLine } from "../../../shared/domain/promotions.ts";
import { pickupMethodName } from "../../../shared/domain/shipping.ts";
import {
  type KitchenDeliveryValues,
  kitchenDeliverySchema,
} from "../../../shared/schemas/kitchen.ts";
import type { DishLineInput } from "../../../shared/schemas/order.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import { kitchenDishes } from "../../db/schema/kitchen.ts";
import { kitchenDishPortions } from "../../db/schema/kitchen-orders.ts";
import { orders } from "../../db/schema/orders.ts";
import { settings } from "../../db/schema/settings.ts";
import { RuleError } from "../../rule-error.ts";
import { holdsCapacity } from "../calendar/capacity.ts";

// A cart's dishes: where and when they can go, what they cost, and, inside the order's
// transaction, the portions and the slot they take.

export const DELIVERY_KEY = "kitchen_delivery";

type Bilingual = { en: string; ar: string };

/** A refusal in the request's language, the Arabic always beside it. */
export function kitchenRefusal(
  status: 409 | 422,
  field: string,
  message: Bilingual,
  lang: Lang,
  extra: Record<string, unknown> = {},
): RuleError {
  return new RuleError(status, field, lang === "ar" ? message.ar : message.en, {
    message_ar: message.ar,
    ...extra,
  });
}

/** The location dishes are picked up at: the owner's choice, else one named for the kitchen. */
function pickupIndex(delivery: KitchenDeliveryValues, shop: ShopSettings): number | null {
  if (delivery.pickup_location !== null) {
    return shop.locations[delivery.pickup_location] ? delivery.pickup_location : null;
  }
  const found = shop.locations.findIndex((l) => /kitchen/i.test(l.title.en));
  return found < 0 ? null : found;
}

/** The owner's delivery rules for dishes; a shop that never saved them gets the defaults. */
export async function readDelivery(executor: Db | Tx): Promise<KitchenDeliveryValues> {
  const [row] = await executor.select().from(settings).where(eq(settings.key, DELIVERY_KEY));
  const parsed = kitchenDeliverySchema.safeParse({
    ...DEFAULT_KITCHEN_DELIVERY,
    ...((row?.value as object | null) ?? {}),
  });
  return parsed.success ? parsed.data : kitchenDeliverySchema.parse(DEFAULT_KITCHEN_DELIVERY);
}

export type PricedDish = {
  dishId: number;
  /** The line's place in the request's `lines`. */
  line: number;
  nameEn: string;
  nameAr: string;
  portions: number;
  unitPriceCents: number;
  lineTotalCents: number;
};

/** A priced dish as the one pricing code sees it (a dish line: see `PromotionLine.dish`). */
export function dishPromotionLines(lines: readonly PricedDish[]): PromotionLine[] {
  return lines.map((line) => ({
    productId: line.dishId,
    categoryId: null,
    grams: 0,
    qty: line.portions,
    lineTotalCents: line.lineTotalCents,
    dish: true,
  }));
}

type DishRow = typeof kitchenDishes.$inferSelect;

async function loadDishes(executor: Db | Tx, ids: number[]): Promise<Map<number, DishRow>> {
  if (ids.length === 0) return new Map();
  const rows = await executor.select().from(kitchenDishes).where(inArray(kitchenDishes.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The dishes' prices for the cart's figures, without the day's checks: a dish that is gone or
 * has no price is left out (the order says why when it is placed).
 */
export async function dishCartPrices(
  executor: Db | Tx,
  dishes: readonly DishLineInput[],
): Promise<PricedDish[]> {
  const rows = await loadDishes(
    executor,
    dishes.map((d) => d.dishId),
  );
  return dishes.flatMap((line) => {
    const row = rows.get(line.dishId);
    if (!row?.active || row.priceCents === null) return [];
    return [
      {
        dishId: row.id,
        line: line.line,
        nameEn: row.titleEn,
        nameAr: row.titleAr,
        portions: line.portions,
        unitPriceCents: row.priceCents,
        lineTotalCents: row.priceCents * line.portions,
      },
    ];
  });
}

/** Portions sold per dish on a day. */
export async function soldOn(
  executor: Db | Tx,
  day: string,
  ids?: number[],
): Promise<Map<number, number>> {
  const rows = await executor
    .select({ dishId: kitchenDishPortions.dishId, sold: kitchenDishPortions.sold })
    .from(kitchenDishPortions)
    .where(
      and(
        eq(kitchenDishPortions.day, day),
        ids ? inArray(kitchenDishPortions.dishId, ids.length ? ids : [0]) : undefined,
      ),
    );
  return new Map(rows.map((row) => [row.dishId, row.sold]));
}

function soldOutDate(value: string | Date | null): string | null {
  if (value === null) return null;
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/** Every problem of the cart's dishes on a day, keyed `lines.N` (empty = all can be ordered). */
function dishProblems(
  dishes: readonly DishLineInput[],
  rows: Map<number, DishRow>,
  sold: Map<number, number>,
  day: string,
): { field: string; status: 409 | 422; message: Bilingual; left: number | null }[] {
  const problems: { field: string; status: 409 | 422; message: Bilingual; left: number | null }[] =
    [];
  for (const line of dishes) {
    const row = rows.get(line.dishId);
    const name = { en: row?.titleEn ?? "This dish", ar: row?.titleAr || "هذا الطبق" };
    const left = row ? portionsLeft(row.portionsPerDay, sold.get(row.id) ?? 0) : 0;
    const refusal = row
      ? dishRefusal(
          {
            active: row.active,
            priceCents: row.priceCents,
            cookedThatDay: isCookedOn(row.weekdays.map(Number), day),
            soldOut: isSoldOutOn(soldOutDate(row.soldOutOn), day),
            portionsLeft: left,
          },
          line.portions,
        )
      : "not_on_menu";
    if (!refusal) continue;
    problems.push({
      field: `lines.${line.line}`,
      status: refusal === "sold_out" || refusal === "not_enough" ? 409 : 422,
      message: dishRefusalMessage(refusal, name, left ?? 0),
      left,
    });
  }
  return problems;
}

/** The dishes priced for a day, refused (all problems at once) when any cannot be ordered. */
export async function priceDishes(
  executor: Db | Tx,
  dishes: readonly DishLineInput[],
  day: string,
  now: Date,
  lang: Lang,
): Promise<{ lines: PricedDish[]; subtotalCents: number }> {
  if (!dishOrderDates(now).includes(day)) {
    throw kitchenRefusal(422, "ready_date", KITCHEN_ORDER_MESSAGES.DAY, lang);
  }
  const ids = dishes.map((d) => d.dishId);
  const [rows, sold] = await Promise.all([loadDishes(executor, ids), soldOn(executor, day, ids)]);
  const problems = dishProblems(dishes, rows, sold, day);
  const first = problems[0];
  if (first) {
    const errors: Record<string, string[]> = {};
    for (const p of problems) errors[p.field] = [lang === "ar" ? p.message.ar : p.message.en];
    const error = kitchenRefusal(first.status, first.field, first.message, lang, {
      code: first.status === 409 ? "sold_out" : "dish_unavailable",
    });
    Object.assign(error.errors ?? {}, errors);
    throw error;
  }
  const lines = dishes.map((line) => {
    const row = rows.get(line.dishId)!;
    const unit = row.priceCents ?? 0;
    return {
      dishId: row.id,
      line: line.line,
      nameEn: row.titleEn,
      nameAr: row.titleAr,
      portions: line.portions,
      unitPriceCents: unit,
      lineTotalCents: unit * line.portions,
    };
  });
  return { lines, subtotalCents: lines.reduce((sum, l) => sum + l.lineTotalCents, 0) };
}

/** Orders holding each kitchen slot of a day (cancelled and refunded ones never count). */
export async function bookedSlots(
  executor: Db | Tx,
  day: string,
  exceptOrderId?: number,
): Promise<Map<string, number>> {
  const rows = await executor
    .select({ slot: orders.slot, n: sql<string>`count(*)` })
    .from(orders)
    .where(
      and(
        eq(orders.readyDate, day),
        like(orders.slot, `${KITCHEN_SLOT_PREFIX}%`),
        holdsCapacity,
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    )
    .groupBy(orders.slot);
  return new Map(rows.map((row) => [row.slot!, Number(row.n)]));
}

export type DishMethod = {
  id: string;
  kind: "delivery" | "pickup";
  name: string;
  nameAr: string;
  feeCents: number;
  /** For a delivery: the area as the order keeps it. */
  area: { name: string; nameAr: string } | null;
  days: { date: string; slots: SlotOffer[] }[];
};

export type DishOptions =
  | { ok: true; methods: DishMethod[] }
  | { ok: false; reason: "dishes_abroad"; message: Bilingual; lines: number[] };

/**
 * What a cart with dishes can be sent by: delivery to each listed Damascus area at its fee,
 * or pickup at the kitchen, on the days (today, tomorrow) every dish can be ordered for, each
 * with its slots. A cart going abroad is refused, naming the dishes.
 */
export async function dishOptions(
  executor: Db | Tx,
  input: {
    country: string;
    dishes: readonly DishLineInput[];
    delivery: KitchenDeliveryValues;
    shop: ShopSettings;
    now: Date;
  },
): Promise<DishOptions> {
  const { dishes, delivery, shop, now } = input;
  const ids = dishes.map((d) => d.dishId);
  const rows = await loadDishes(executor, ids);
  const abroad = linesThatCannotTravel(
    dishes.map((d) => ({ dishId: d.dishId })),
    input.country,
  );
  if (abroad.length > 0) {
    const names = dishes.map((d) => {
      const row = rows.get(d.dishId);
      return { en: row?.titleEn ?? "", ar: row?.titleAr ?? "" };
    });
    return {
      ok: false,
      reason: "dishes_abroad",
      message: cannotTravelMessage(names),
      lines: dishes.map((d) => d.line).sort((a, b) => a - b),
    };
  }
  const days: { date: string; slots: SlotOffer[] }[] = [];
  for (const day of dishOrderDates(now)) {
    const sold = await soldOn(executor, day, ids);
    if (dishProblems(dishes, rows, sold, day).length > 0) continue;
    days.push({
      date: day,
      slots: daySlots(delivery.slots, day, now, await bookedSlots(executor, day)),
    });
  }
  const methods: DishMethod[] = delivery.areas.map((area, index) => ({
    id: `kitchen:${index}`,
    kind: "delivery",
    name: `Delivery to ${area.name}`,
    nameAr: `توصيل إلى ${area.name_ar}`,
    feeCents: toCents(area.fee),
    area: { name: area.name, nameAr: area.name_ar },
    days,
  }));
  const pickup = pickupIndex(delivery, shop);
  const location = pickup === null ? undefined : shop.locations[pickup];
  if (location) {
    const names = pickupMethodName(location.title);
    methods.push({
      id: `pickup:${pickup}`,
      kind: "pickup",
      name: names.name,
      nameAr: names.nameAr,
      feeCents: 0,
      area: null,
      days,
    });
  }
  return { ok: true, methods };
}

/** The quote's answer for a cart with dishes (money in dollars). */
export function dishQuoteBody(options: DishOptions) {
  if (!options.ok) {
    return {
      ok: false as const,
      reason: options.reason,
      message: options.message.en,
      message_ar: options.message.ar,
      lines: options.lines,
    };
  }
  return {
    ok: true as const,
    methods: options.methods.map((m) => ({
      id: m.id,
      kind: m.kind,
      name: m.name,
      name_ar: m.nameAr,
      fee: centsToDollars(m.feeCents),
      days: m.days,
    })),
  };
}

/**
 * Inside the order's transaction, after its row is written: wait for the slot (an advisory
 * lock per day and slot: orders for other slots never wait, and it ends with the commit), count
 * the other orders holding it, and refuse with a 409 when it is full. The transaction then
 * rolls back: nothing is written.
 */
export async function claimSlot(
  tx: Tx,
  order: { id: number; day: string; slot: string; maxOrders: number },
  lang: Lang,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(41, hashtext(${`${order.day}|${order.slot}`}))`,
  );
  const booked = await bookedSlots(tx, order.day, order.id);
  if ((booked.get(order.slot) ?? 0) >= order.maxOrders) {
    throw kitchenRefusal(409, "slot", KITCHEN_ORDER_MESSAGES.SLOT_FULL, lang, {
      code: "slot_full",
    });
  }
}

/** Why a slot cannot be chosen now (before the transaction: unknown or closed). */
export function checkSlot(
  delivery: KitchenDeliveryValues,
  day: string,
  slot: string | null,
  now: Date,
  booked: number,
  lang: Lang,
): void {
  if (!slot) throw kitchenRefusal(422, "slot", KITCHEN_ORDER_MESSAGES.SLOT_REQUIRED, lang);
  const problem = slotProblem(delivery.slots, day, slot, now, booked);
  if (problem === "unknown")
    throw kitchenRefusal(422, "slot", KITCHEN_ORDER_MESSAGES.SLOT_UNKNOWN, lang);
  if (problem === "closed")
    throw kitchenRefusal(422, "slot", KITCHEN_ORDER_MESSAGES.SLOT_CLOSED, lang, {
      code: "slot_closed",
    });
  if (problem === "full")
    throw kitchenRefusal(409, "slot", KITCHEN_ORDER_MESSAGES.SLOT_FULL, lang, {
      code: "slot_full",
    });
}

/**
 * Takes the portions, lowest dish id first so two orders never wait on each other in a
 * circle. One conditional upsert per dish is the check and the take at once: with many orders
 * for the last portions, exactly as many succeed as the day's limit covers.
 */
export async function takePortions(
  tx: Tx,
  lines: readonly PricedDish[],
  day: string,
  lang: Lang,
): Promise<void> {
  const sorted = [...lines].sort((a, b) => a.dishId - b.dishId);
  for (const line of sorted) {
    const limit = sql`(select ${kitchenDishes.portionsPerDay} from ${kitchenDishes} where ${kitchenDishes.id} = ${line.dishId})`;
    const taken = await tx.execute(sql`
      insert into ${kitchenDishPortions} (dish_id, day, sold)
      select ${line.dishId}, ${day}::date, ${line.portions}
      where coalesce(${limit} >= ${line.portions}, true)
      on conflict (dish_id, day) do update
        set sold = ${kitchenDishPortions}.sold + excluded.sold
        where coalesce(${limit} >= ${kitchenDishPortions}.sold + excluded.sold, true)
      returning sold`);
    if ((taken as unknown as { rows: unknown[] }).rows.length === 1) continue;
    const [row] = await tx
      .select({ perDay: kitchenDishes.portionsPerDay })
      .from(kitchenDishes)
      .where(eq(kitchenDishes.id, line.dishId));
    const sold = (await soldOn(tx, day, [line.dishId])).get(line.dishId) ?? 0;
    const left = portionsLeft(row?.perDay ?? null, sold) ?? 0;
    const name = { en: line.nameEn, ar: line.nameAr };
    throw kitchenRefusal(
      409,
      `lines.${line.line}`,
      dishRefusalMessage(left > 0 ? "not_enough" : "sold_out", name, left),
      lang,
      { code: "sold_out", portions_left: left },
    );
  }
}

/** A cancelled order's portions go back to its day (the dish may sell them again). */
export async function givePortionsBack(
  tx: Tx,
  lines: readonly { dishId: number | null; day: string; portions: number }[],
): Promise<void> {
  const sorted = [...lines].sort((a, b) => (a.dishId ?? 0) - (b.dishId ?? 0));
  for (const line of sorted) {
    if (line.dishId === null) continue;
    await tx
      .update(kitchenDishPortions)
      .set({ sold: sql`greatest(${kitchenDishPortions.sold} - ${line.portions}, 0)` })
      .where(
        and(eq(kitchenDishPortions.dishId, line.dishId), eq(kitchenDishPortions.day, line.day)),
      );
  }
}
