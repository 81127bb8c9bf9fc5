import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { kitchenToday } from "../../../shared/domain/kitchen.ts";
import {
  KITCHEN_ORDER_MESSAGES,
  type KitchenStep,
  kitchenSlotOfOrder,
  nextStep,
  statusOfStep,
} from "../../../shared/domain/kitchen-slots.ts";
import type { Lang } from "../../../shared/domain/money.ts";
import type { KitchenOrderCard } from "../../../shared/schemas/kitchen-orders.ts";
import type { Db } from "../../db/client.ts";
import { type OrderDishLineRow, orderDishLines } from "../../db/schema/kitchen-orders.ts";
import { type OrderRow, orderEvents, orderLines, orders } from "../../db/schema/orders.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import { RuleError } from "../../rule-error.ts";
import { enqueueOrderStatusMail, type OrderMail } from "./order-status-mail.ts";

type SweetLine = typeof orderLines.$inferSelect;

function kindOf(order: OrderRow): "delivery" | "pickup" {
  return order.shippingKind === "pickup" ? "pickup" : "delivery";
}

function toCard(
  order: OrderRow,
  dishes: OrderDishLineRow[],
  sweets: SweetLine[],
): KitchenOrderCard {
  const kind = kindOf(order);
  return {
    id: order.id,
    number: order.number,
    slot: kitchenSlotOfOrder(order.slot),
    status: order.kitchenStep,
    next: order.status === "canceled" ? null : nextStep(order.kitchenStep, kind),
    order_status: order.status,
    kind,
    lines: [
      ...dishes.map((line) => ({
        kind: "dish" as const,
        name: line.nameEn,
        name_ar: line.nameAr,
        qty: line.portions,
        grams: null,
      })),
      ...sweets.map((line) => ({
        kind: "sweet" as const,
        name: line.nameEn,
        name_ar: line.nameAr,
        qty: line.qty,
        grams: line.grams,
      })),
    ],
    customer: { name: order.name, phone: order.phone },
    address: {
      area: kind === "delivery" ? order.shippingZoneName : null,
      area_ar: kind === "delivery" ? order.shippingZoneNameAr : null,
      city: order.city,
      address: order.address,
    },
    notes: order.notes,
    created_at: order.createdAt.toISOString(),
  };
}

/**
 * The kitchen screen: the day's orders holding a dish, by slot, and the cook's one-tap steps.
 * A dish-only order's status follows the steps; a mixed order keeps the sweets' status and
 * shows the steps beside it.
 */
export function createKitchenOrderService(db: Db, deps: { mail: OrderMail; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function cards(rows: OrderRow[]): Promise<KitchenOrderCard[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [dishes, sweets] = await Promise.all([
      db
        .select()
        .from(orderDishLines)
        .where(inArray(orderDishLines.orderId, ids))
        .orderBy(asc(orderDishLines.id)),
      db
        .select()
        .from(orderLines)
        .where(inArray(orderLines.orderId, ids))
        .orderBy(asc(orderLines.id)),
    ]);
    return rows.map((row) =>
      toCard(
        row,
        dishes.filter((d) => d.orderId === row.id),
        sweets.filter((s) => s.orderId === row.id),
      ),
    );
  }

  return {
    today: () => kitchenToday(now()),

    /** The orders holding a dish on a day, by slot then as they came (cancelled ones left out). */
    async list(date: string): Promise<KitchenOrderCard[]> {
      const withDish = db
        .selectDistinct({ id: orderDishLines.orderId })
        .from(orderDishLines)
        .where(eq(orderDishLines.day, date));
      const rows = await db
        .select()
        .from(orders)
        .where(
          and(
            eq(orders.readyDate, date),
            ne(orders.status, "canceled"),
            inArray(orders.id, withDish),
          ),
        )
        .orderBy(asc(orders.slot), asc(orders.id));
      return cards(rows);
    },

    /**
     * One tap: the order moves to `step` only when it is the one that follows (a step out of
     * order is a 409 naming none of the cook's work undone). The row is locked, so two taps on
     * two tablets move it once. Leaving the kitchen queues the customer's e-mail in the same
     * transaction.
     */
    async step(
      id: number,
      step: KitchenStep,
      actorId: number | null,
      lang: Lang,
    ): Promise<KitchenOrderCard> {
      const at = now();
      const row = await db.transaction(async (tx) => {
        const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
        if (!order) throw notFound();
        const dishes = await tx
          .select({ id: orderDishLines.id })
          .from(orderDishLines)
          .where(eq(orderDishLines.orderId, id))
          .limit(1);
        if (dishes.length === 0) throw notFound();
        const expected =
          order.status === "canceled" ? null : nextStep(order.kitchenStep, kindOf(order));
        if (expected !== step) {
          const message = KITCHEN_ORDER_MESSAGES.STEP;
          throw new RuleError(409, "step", lang === "ar" ? message.ar : message.en, {
            code: "step_out_of_order",
            message_ar: message.ar,
            current: order.kitchenStep,
            next: expected,
          });
        }
        const [sweet] = await tx
          .select({ id: orderLines.id })
          .from(orderLines)
          .where(eq(orderLines.orderId, id))
          .limit(1);
        const dishOnly = !sweet;
        const status = dishOnly ? statusOfStep(step) : order.status;
        const [updated] = await tx
          .update(orders)
          .set({
            kitchenStep: step,
            kitchenSteps: [...(order.kitchenSteps ?? []), { step, at: at.toISOString() }],
            status,
            updatedAt: at,
          })
          .where(eq(orders.id, id))
          .returning();
        if (status !== order.status) {
          await tx.insert(orderEvents).values({
            orderId: id,
            status,
            actor: actorId === null ? "system" : `admin:${actorId}`,
            note: null,
            createdAt: at,
          });
        }
        // The customer hears of the steps that concern them, each once: the row is locked and a
        // step never repeats, so the message is queued with the step or not at all. A pickup's
        // "ready" is its "ready to collect, here" (a delivery's "ready" is the cook's business:
        // its "on its way" follows within minutes); the last step says delivered or collected.
        const kind = kindOf(order);
        if (step === "out_for_delivery" || (step === "ready" && kind === "pickup")) {
          await enqueueOrderStatusMail(tx, updated!, "shipped", { mail: deps.mail, now: at });
        } else if (step === "delivered" || step === "picked_up") {
          await enqueueOrderStatusMail(tx, updated!, "completed", {
            mail: deps.mail,
            now: at,
            kitchen: step,
          });
        }
        return updated!;
      });
      const [card] = await cards([row]);
      if (!card) throw new HttpError(404, "Not found.");
      return card;
    },
  };
}
export type KitchenOrderService = ReturnType<typeof createKitchenOrderService>;
