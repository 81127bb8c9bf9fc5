import { createHash } from "node:crypto";
import { and, asc, eq, gte, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { centsToDollars, percentOf, toCents } from "../../../shared/domain/money.ts";
import {
  balanceDueCents,
  isEditable,
  isWeighable,
  lineRefundCents,
  ORDER_CHANGE_MESSAGES,
  type OrderMoney,
  paymentLinkExpiry,
  paymentLinkRefusal,
  paymentState,
  refundSplit,
  repricedTotals,
  settlement,
  weighedGramsValid,
  weighedLineCents,
} from "../../../shared/domain/order-changes.ts";
import { refundRefusal } from "../../../shared/domain/payments.ts";
import type {
  AdminOrderLines,
  AdminOrderRefund,
  AdminOrderWeights,
} from "../../../shared/schemas/admin-order.ts";
import type { ShopSettings } from "../../../shared/schemas/settings.ts";
import type { Db, Tx } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import {
  type OrderChangeSnapshot,
  type OrderLineRow,
  type OrderRow,
  orderChanges,
  orderLines,
  orderPayments,
  orders,
} from "../../db/schema/orders.ts";
import { mailOutbox } from "../../db/schema/orders-desk.ts";
import { HttpError, notFound } from "../../http-errors.ts";
import { RuleError } from "../../rule-error.ts";
import { claimCapacity } from "../calendar/capacity.ts";
import { refundGiftCard, takeBackBoughtCards } from "../gift-cards/service.ts";
import type { SettingsService } from "../settings/service.ts";
import { ORDER_NOT_FOUND } from "./admin-payments.ts";
import { orderMoney } from "./dto.ts";
import { issueOrderDocument, issuePartialCreditNote } from "./invoices.ts";
import { orderPathWithNewKey } from "./lookup.ts";
import { orderChangedMail, paymentLinkMail } from "./order-change-mail.ts";
import type { OrderMail } from "./order-status-mail.ts";
import { chooseShipping, type ShippingOptionsSource } from "./place-order.ts";
import { priceLines } from "./pricing.ts";

/**
 * What the desk's changes need from the card gateway, passed in by the app (the payments
 * module owns the gateway). Both throw an HttpError 503 with Retry-After when it fails.
 */
export type OrderGateway = {
  /** The provider name payments are recorded under ("stripe": actor "gateway:stripe"). */
  provider: string;
  refund(input: {
    payment: string;
    amountCents: number;
    idempotencyKey: string;
    orderNumber: string;
  }): Promise<{ id: string }>;
  openLink(
    order: OrderRow,
    input: { amountCents: number; expiresAt: Date; returnUrl: string },
    now?: Date,
  ): Promise<{ id: string; url: string; expiresAt: Date }>;
};

export type OrderChangeDeps = {
  settings: SettingsService;
  shipping: ShippingOptionsSource;
  mail: OrderMail;
  gateway: OrderGateway | null;
  /** The shop's public address, for the payment link's way back to the order page. */
  baseUrl: string;
};

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

const refused = (status: 409 | 422, field: string, message: string) =>
  new HttpError(status, message, { [field]: [message] });

async function lockOrder(tx: Tx, id: number): Promise<OrderRow> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return row;
}

const linesOf = (tx: Tx, orderId: number) =>
  tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.id));

/** The grams a line was charged for: what was weighed, else what was ordered. */
const chargedGrams = (line: OrderLineRow) => line.weighedGrams ?? line.grams * line.qty;

function snapshotOf(order: OrderRow, lines: ReadonlyArray<OrderLineRow>): OrderChangeSnapshot {
  return {
    lines: lines.map((line) => ({
      line_id: line.id,
      product_id: line.productId,
      name: line.nameEn,
      grams: line.grams,
      qty: line.qty,
      weighed_grams: line.weighedGrams,
      line_total: centsToDollars(line.lineTotalCents),
    })),
    total: centsToDollars(order.totalCents),
    shipping_method: order.shippingMethod,
    ready_date: order.readyDate,
    address: order.address,
  };
}

/** Grams per product held by a list of lines (deleted products hold none). */
function gramsByProduct(
  lines: ReadonlyArray<{ productId: number | null; grams: number; qty: number }>,
) {
  const by = new Map<number, number>();
  for (const line of lines) {
    if (line.productId === null) continue;
    by.set(line.productId, (by.get(line.productId) ?? 0) + line.grams * line.qty);
  }
  return by;
}

/**
 * Moves stock by the difference between two sets of lines, lowest product id first (as
 * checkout reserves). More taken is conditional on the shelf holding it: a 409 naming the
 * product rolls the whole change back. Untracked (NULL) stock stays untracked.
 */
async function moveStock(
  tx: Tx,
  before: Map<number, number>,
  after: Map<number, number>,
  names: Map<number, { en: string; ar: string; index: number }>,
): Promise<void> {
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => a - b);
  for (const id of ids) {
    const delta = (after.get(id) ?? 0) - (before.get(id) ?? 0);
    if (delta === 0) continue;
    if (delta < 0) {
      await tx
        .update(products)
        .set({ stockGrams: sql`${products.stockGrams} + ${-delta}` })
        .where(and(eq(products.id, id), isNotNull(products.stockGrams)));
      continue;
    }
    const taken = await tx
      .update(products)
      .set({ stockGrams: sql`${products.stockGrams} - ${delta}` })
      .where(
        and(eq(products.id, id), or(isNull(products.stockGrams), gte(products.stockGrams, delta))),
      )
      .returning({ id: products.id });
    if (taken.length === 1) continue;
    const [left] = await tx
      .select({ stockGrams: products.stockGrams })
      .from(products)
      .where(eq(products.id, id));
    const name = names.get(id);
    const grams = left?.stockGrams ?? 0;
    throw new RuleError(
      409,
      `lines.${name?.index ?? 0}`,
      `Sorry, only ${grams / 1000} kg more of ${name?.en ?? "this product"} can be added.`,
      {
        code: "out_of_stock",
        message_ar: `عذراً، يمكن إضافة ${grams / 1000} كغ فقط من ${name?.ar || name?.en || "هذا المنتج"}.`,
        available_grams: grams,
      },
    );
  }
}

export function createOrderChangeService(db: Db, deps: OrderChangeDeps) {
  /**
   * Gives `cents` back through the gateway, from the card payments that still hold money
   * (newest first). Returns the refund ids and how much the gateway covered; the rest (money
   * that came in as cash or a transfer) is only recorded.
   */
  async function gatewayRefund(
    tx: Tx,
    order: OrderRow,
    cents: number,
    keyBase: string,
  ): Promise<{ ids: string[]; covered: number; payment: string | null }> {
    const gateway = deps.gateway;
    if (!gateway || cents <= 0) return { ids: [], covered: 0, payment: null };
    const rows = await tx
      .select()
      .from(orderPayments)
      .where(eq(orderPayments.orderId, order.id))
      .orderBy(asc(orderPayments.id));
    const actor = `gateway:${gateway.provider}`;
    const held = new Map<string, number>();
    for (const row of rows) {
      if (row.kind === "payment" && row.actor === actor && row.reference)
        held.set(row.reference, (held.get(row.reference) ?? 0) + row.amountCents);
    }
    for (const row of rows) {
      if (row.kind !== "refund" || !row.reference) continue;
      for (const part of row.reference.split(" ")) {
        const [payment, amount] = part.split("=");
        if (payment && amount && held.has(payment))
          held.set(payment, held.get(payment)! - Number(amount));
      }
    }
    let left = cents;
    const ids: string[] = [];
    const parts: string[] = [];
    for (const [payment, available] of [...held.entries()].reverse()) {
      if (left <= 0) break;
      const take = Math.min(left, available);
      if (take <= 0) continue;
      const refund = await gateway.refund({
        payment,
        amountCents: take,
        idempotencyKey: `${keyBase}:${payment}`,
        orderNumber: order.number,
      });
      ids.push(refund.id);
      parts.push(`${payment}=${take}`);
      left -= take;
    }
    return { ids, covered: cents - left, payment: parts.length ? parts.join(" ") : null };
  }

  /**
   * After the total changed: a card order's overpayment goes back through the gateway in the
   * change's transaction (its key names the version, so a retry refunds once), and the payment
   * state follows the sums. Cash, transfer and balances are shown, not moved.
   */
  async function settle(tx: Tx, order: OrderRow, actor: string, now: Date): Promise<OrderRow> {
    const money = orderMoney(order);
    const plan = settlement(order.paymentMethod, money);
    let refundedCents = order.refundedCents;
    if (plan.kind === "gateway_refund") {
      const done = await gatewayRefund(
        tx,
        order,
        plan.cents,
        `settle:${order.id}:v${order.version}`,
      );
      if (done.covered > 0) {
        await tx.insert(orderPayments).values({
          orderId: order.id,
          kind: "refund",
          amountCents: done.covered,
          paidAt: now,
          note: "The order's new total is lower: the difference went back to the card.",
          actor,
          reference: done.payment,
          createdAt: now,
        });
        refundedCents += done.covered;
      }
    }
    const state = paymentState({ ...money, refundedCents });
    const [row] = await tx
      .update(orders)
      .set({ refundedCents, paymentStatus: state })
      .where(eq(orders.id, order.id))
      .returning();
    return row!;
  }

  async function queueChangedMail(
    tx: Tx,
    order: OrderRow,
    before: OrderChangeSnapshot,
    after: OrderChangeSnapshot,
    now: Date,
  ): Promise<void> {
    if (!deps.mail || !order.email) return;
    const link = `${deps.mail.baseUrl}${await orderPathWithNewKey(tx, order, now, order.lang)}`;
    const mail = orderChangedMail({
      number: order.number,
      name: order.name,
      lang: order.lang,
      before,
      after,
      balanceDueCents: balanceDueCents(orderMoney(order)),
      link,
    });
    await tx.insert(mailOutbox).values({ kind: "order_changed", to: order.email, ...mail });
  }

  /** Writes the new totals and the next version, records the change and settles the money. */
  async function finish(
    tx: Tx,
    order: OrderRow,
    linesBefore: ReadonlyArray<OrderLineRow>,
    fields: Partial<typeof orders.$inferInsert>,
    kind: "edit" | "weights",
    adminId: number,
    now: Date,
  ): Promise<OrderRow> {
    const before = snapshotOf(order, linesBefore);
    const [updated] = await tx
      .update(orders)
      .set({ ...fields, version: order.version + 1, updatedAt: now })
      .where(eq(orders.id, order.id))
      .returning();
    const actor = `admin:${adminId}`;
    const settled = await settle(tx, updated!, actor, now);
    const after = snapshotOf(settled, await linesOf(tx, order.id));
    await tx.insert(orderChanges).values({
      orderId: order.id,
      version: settled.version,
      kind,
      actor,
      before,
      after,
      createdAt: now,
    });
    await queueChangedMail(tx, settled, before, after, now);
    return settled;
  }

  function totalsFor(
    order: OrderRow,
    lines: ReadonlyArray<{ lineTotalCents: number }>,
    deliveryFeeCents: number,
  ) {
    const subtotal = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    return repricedTotals({
      subtotalCents: subtotal,
      snapshot: { discountPercent: order.discountPercent, discountSource: order.discountSource },
      deliveryFeeCents,
      giftWrapCents: order.giftWrapCents,
    });
  }

  return {
    /**
     * The desk's edit: the complete new list of lines, and optionally another shipping method,
     * ready day or address. One transaction under the order's row lock: a stale version is a
     * 409 before anything is read further; stock, capacity, totals, the change record, the
     * settlement and the customer's e-mail all commit together or not at all.
     */
    async editLines(
      id: number,
      input: AdminOrderLines,
      adminId: number,
      now = new Date(),
    ): Promise<void> {
      const settings = await deps.settings.get();
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (order.version !== input.version)
          throw refused(409, "version", ORDER_CHANGE_MESSAGES.STALE);
        if (!isEditable(order.status))
          throw refused(409, "status", ORDER_CHANGE_MESSAGES.NOT_EDITABLE);
        const current = await linesOf(tx, id);
        {
          const byId = new Map(current.map((line) => [line.id, line]));
          const errors: Record<string, string[]> = {};
          input.lines.forEach((line, index) => {
            if (line.line_id === null) return;
            const kept = byId.get(line.line_id);
            if (!kept) errors[`lines.${index}.line_id`] = [ORDER_CHANGE_MESSAGES.LINE_UNKNOWN];
            else if (kept.refundedCents > 0 && (kept.grams !== line.grams || kept.qty !== line.qty))
              errors[`lines.${index}`] = [ORDER_CHANGE_MESSAGES.LINE_REFUNDED];
          });
          const keptIds = new Set(input.lines.map((line) => line.line_id));
          current.forEach((line) => {
            if (line.refundedCents > 0 && !keptIds.has(line.id))
              errors.lines = [ORDER_CHANGE_MESSAGES.LINE_REFUNDED];
          });
          const first = Object.values(errors)[0];
          if (first) throw new HttpError(422, first[0]!, errors);

          // New lines and kept lines whose weight or quantity changed are priced like checkout;
          // a kept line as it was keeps the price it was sold at.
          const toPrice = input.lines
            .map((line, index) => ({ line, index }))
            .filter(({ line }) => {
              if (line.line_id === null) return true;
              const kept = byId.get(line.line_id)!;
              return kept.grams !== line.grams || kept.qty !== line.qty;
            });
          const priceable = toPrice.map(({ line }) => ({
            productId: line.line_id === null ? line.product_id! : byId.get(line.line_id)!.productId,
            grams: line.grams,
            qty: line.qty,
          }));
          if (priceable.some((line) => line.productId === null))
            throw refused(422, "lines", "A line whose product was deleted cannot be changed.");
          const priced =
            priceable.length > 0
              ? await priceLines(tx as unknown as Db, priceable as never).catch((error) => {
                  // Keys of the priced subset back to the request's line numbers.
                  if (error instanceof HttpError && error.errors) {
                    const errs: Record<string, string[]> = {};
                    for (const [key, value] of Object.entries(error.errors)) {
                      const m = /^lines\.(\d+)$/.exec(key);
                      errs[m ? `lines.${toPrice[Number(m[1])]!.index}` : key] = value;
                    }
                    throw new HttpError(error.status, error.message, errs);
                  }
                  throw error;
                })
              : { lines: [] };
          const pricedAt = new Map(toPrice.map(({ index }, i) => [index, priced.lines[i]!]));

          const next = input.lines.map((line, index) => {
            const fresh = pricedAt.get(index);
            const kept = line.line_id === null ? null : byId.get(line.line_id)!;
            if (!fresh) return { kept, row: { ...kept! } };
            return {
              kept,
              row: {
                productId: fresh.productId,
                nameEn: fresh.nameEn,
                nameAr: fresh.nameAr,
                grams: fresh.grams,
                qty: fresh.qty,
                unitPriceCents: fresh.unitPriceCents,
                lineTotalCents: fresh.lineTotalCents,
                // A new weight or quantity is weighed again.
                weighedGrams: null,
              },
            };
          });
          const totalGrams = next.reduce((sum, l) => sum + l.row.grams * l.row.qty, 0);

          // Stock: by the difference per product, in this transaction.
          const names = new Map<number, { en: string; ar: string; index: number }>();
          next.forEach((l, index) => {
            if (l.row.productId !== null && !names.has(l.row.productId))
              names.set(l.row.productId, { en: l.row.nameEn, ar: l.row.nameAr, index });
          });
          await moveStock(
            tx,
            gramsByProduct(current),
            gramsByProduct(next.map((l) => l.row)),
            names,
          );

          // Shipping: requoted only when the desk chose another method or day.
          let fee = order.deliveryFeeCents;
          let shippingFields: Partial<typeof orders.$inferInsert> = {};
          const methodChanged =
            input.shipping_method !== null && input.shipping_method !== order.shippingMethod;
          const dayChanged = input.ready_date !== null && input.ready_date !== order.readyDate;
          if (methodChanged || dayChanged) {
            const options = await deps.shipping.options(order.country, totalGrams, now);
            const { method, readyDate } = chooseShipping(options, {
              country: order.country,
              shipping_method: input.shipping_method ?? order.shippingMethod,
              delivery_date: null,
              ready_date: input.ready_date ?? null,
            } as never);
            fee = method.feeCents;
            shippingFields = {
              shippingMethod: method.id,
              shippingKind: method.kind,
              shippingZoneName: method.zone?.name ?? null,
              shippingZoneNameAr: method.zone?.nameAr ?? null,
              shippingMethodName: method.name,
              shippingMethodNameAr: method.nameAr,
              deliveryDate: method.kind === "delivery" ? readyDate : null,
              readyDate,
              pickupPoint: method.kind === "pickup" ? pickupPoint(method.id, settings) : null,
            };
          }
          const readyDate = (shippingFields.readyDate as string | undefined) ?? order.readyDate;
          if (readyDate && (readyDate !== order.readyDate || totalGrams > order.totalGrams))
            await claimCapacity(tx, settings, {
              id,
              readyDate,
              grams: totalGrams,
              lines: next.flatMap(({ row }) =>
                row.productId === null
                  ? []
                  : [{ productId: row.productId, grams: row.grams * row.qty }],
              ),
            });

          // The lines: removed, changed, added.
          const keep = new Set(next.flatMap((l) => (l.kept ? [l.kept.id] : [])));
          const removed = current.filter((line) => !keep.has(line.id)).map((line) => line.id);
          if (removed.length > 0)
            await tx.delete(orderLines).where(inArray(orderLines.id, removed));
          for (const l of next) {
            if (l.kept) {
              if (l.row !== l.kept)
                await tx
                  .update(orderLines)
                  .set({
                    grams: l.row.grams,
                    qty: l.row.qty,
                    unitPriceCents: l.row.unitPriceCents,
                    lineTotalCents: l.row.lineTotalCents,
                    weighedGrams: l.row.weighedGrams,
                  })
                  .where(eq(orderLines.id, l.kept.id));
            } else {
              await tx.insert(orderLines).values({
                orderId: id,
                productId: l.row.productId,
                nameEn: l.row.nameEn,
                nameAr: l.row.nameAr,
                grams: l.row.grams,
                qty: l.row.qty,
                unitPriceCents: l.row.unitPriceCents,
                lineTotalCents: l.row.lineTotalCents,
              });
            }
          }

          const totals = totalsFor(
            order,
            next.map((l) => l.row),
            fee,
          );
          await finish(
            tx,
            order,
            current,
            {
              ...shippingFields,
              ...(input.address !== null ? { address: input.address } : {}),
              subtotalCents: totals.subtotal,
              discountCents: totals.discount,
              discountPercent: totals.discountPercent,
              discountSource: totals.discountSource,
              deliveryFeeCents: totals.deliveryFee,
              totalCents: totals.total,
              totalGrams,
            },
            "edit",
            adminId,
            now,
          );
        }
      });
    },

    /**
     * The packer's weights: each line repriced at its price per kilo by the owner's tolerance,
     * the order's total by checkout's pricing, the difference settled. From preparing on.
     */
    async recordWeights(
      id: number,
      input: AdminOrderWeights,
      adminId: number,
      now = new Date(),
    ): Promise<void> {
      const settings = await deps.settings.get();
      await db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (!isWeighable(order.status))
          throw refused(409, "status", ORDER_CHANGE_MESSAGES.NOT_WEIGHABLE);
        const current = await linesOf(tx, id);
        const byId = new Map(current.map((line) => [line.id, line]));
        const errors: Record<string, string[]> = {};
        input.lines.forEach((entry, index) => {
          const line = byId.get(entry.line_id);
          if (!line) errors[`lines.${index}.line_id`] = [ORDER_CHANGE_MESSAGES.LINE_UNKNOWN];
          else if (line.refundedCents > 0)
            errors[`lines.${index}.line_id`] = [ORDER_CHANGE_MESSAGES.LINE_REFUNDED];
          else if (!weighedGramsValid(entry.weighed_grams, line.grams * line.qty))
            errors[`lines.${index}.weighed_grams`] = [ORDER_CHANGE_MESSAGES.WEIGHT];
        });
        const first = Object.values(errors)[0];
        if (first) throw new HttpError(422, first[0]!, errors);
        {
          const weighSettings = {
            tolerancePercent: settings.weighTolerancePercent,
            chargeOverWeight: settings.chargeOverWeight,
          };
          const next = current.map((line) => {
            const entry = input.lines.find((e) => e.line_id === line.id);
            if (!entry) return line;
            const ordered = line.unitPriceCents * line.qty;
            return {
              ...line,
              weighedGrams: entry.weighed_grams,
              lineTotalCents: weighedLineCents({
                orderedGrams: line.grams * line.qty,
                orderedCents: ordered,
                weighedGrams: entry.weighed_grams,
                settings: weighSettings,
              }),
            };
          });
          for (const line of next) {
            if (!input.lines.some((e) => e.line_id === line.id)) continue;
            await tx
              .update(orderLines)
              .set({ weighedGrams: line.weighedGrams, lineTotalCents: line.lineTotalCents })
              .where(eq(orderLines.id, line.id));
          }
          const totals = totalsFor(order, next, order.deliveryFeeCents);
          await finish(
            tx,
            order,
            current,
            {
              subtotalCents: totals.subtotal,
              discountCents: totals.discount,
              discountPercent: totals.discountPercent,
              discountSource: totals.discountSource,
              totalCents: totals.total,
            },
            "weights",
            adminId,
            now,
          );
        }
      });
    },

    /**
     * A refund: everything held (no amount, no lines), an amount, or chosen lines at what they
     * were charged less the order's discount, their stock put back when asked. Through the
     * gateway for card payments, in the transaction: a gateway failure rolls everything back
     * (503). The same Idempotency-Key again answers the order as it is, refunding nothing.
     * Answers whether it was a replay.
     */
    async refund(
      id: number,
      input: AdminOrderRefund,
      adminId: number,
      opts: { idempotencyKey?: string | null; now?: Date } = {},
    ): Promise<{ replayed: boolean }> {
      const now = opts.now ?? new Date();
      const keyHash = opts.idempotencyKey ? sha256(opts.idempotencyKey) : null;
      return db.transaction(async (tx) => {
        const order = await lockOrder(tx, id);
        if (keyHash) {
          const [earlier] = await tx
            .select({ id: orderPayments.id })
            .from(orderPayments)
            .where(
              and(eq(orderPayments.orderId, id), eq(orderPayments.idempotencyKeyHash, keyHash)),
            );
          if (earlier) return { replayed: true };
        }
        const status = refundRefusal(order.paymentStatus);
        if (status) throw refused(422, status.field, status.message);
        const money: OrderMoney = orderMoney(order);

        let cents: number;
        let lineRefunds: Array<{
          line: OrderLineRow;
          cents: number;
          grams: number;
          restockGrams: number;
        }> = [];
        if (input.lines) {
          const current = await linesOf(tx, id);
          const byId = new Map(current.map((line) => [line.id, line]));
          const errors: Record<string, string[]> = {};
          input.lines.forEach((entry, index) => {
            const line = byId.get(entry.line_id);
            if (!line) {
              errors[`lines.${index}.line_id`] = [ORDER_CHANGE_MESSAGES.LINE_UNKNOWN];
              return;
            }
            if (line.refundedCents > 0) {
              errors[`lines.${index}.line_id`] = [ORDER_CHANGE_MESSAGES.LINE_REFUNDED];
              return;
            }
            const charged = lineRefundCents({
              chargedCents: line.lineTotalCents,
              chargedGrams: chargedGrams(line),
              grams: entry.grams,
            });
            if (charged === null) {
              errors[`lines.${index}.grams`] = [ORDER_CHANGE_MESSAGES.REFUND_GRAMS];
              return;
            }
            // What the customer paid for it: the order's discount applies to lines too.
            const paid = charged - percentOf(charged, order.discountPercent);
            const grams = entry.grams ?? line.grams * line.qty;
            lineRefunds.push({ line, cents: paid, grams, restockGrams: entry.restock ? grams : 0 });
          });
          const first = Object.values(errors)[0];
          if (first) throw new HttpError(422, first[0]!, errors);
          cents = lineRefunds.reduce((sum, r) => sum + r.cents, 0);
        } else {
          cents =
            input.amount === undefined
              ? Math.max(0, money.receivedCents - money.refundedCents)
              : toCents(input.amount);
        }
        const split = refundSplit(money, cents);
        if (!split.ok) throw refused(422, input.lines ? "lines" : "amount", split.message);

        // Card money goes back through the gateway first: if it fails, nothing is written.
        const keyBase = keyHash
          ? `refund:${id}:${keyHash.slice(0, 40)}`
          : `refund:${id}:v${order.version}`;
        const done = await gatewayRefund(tx, order, cents, keyBase);

        for (const r of lineRefunds) {
          await tx
            .update(orderLines)
            .set({ refundedCents: r.cents })
            .where(eq(orderLines.id, r.line.id));
          if (r.restockGrams > 0 && r.line.productId !== null)
            await tx
              .update(products)
              .set({ stockGrams: sql`${products.stockGrams} + ${r.restockGrams}` })
              .where(and(eq(products.id, r.line.productId), isNotNull(products.stockGrams)));
        }
        const creditLines = lineRefunds;
        lineRefunds = [];
        await tx.insert(orderPayments).values({
          orderId: id,
          kind: "refund",
          amountCents: cents,
          paidAt: now,
          note: input.note,
          actor: `admin:${adminId}`,
          reference: done.payment,
          idempotencyKeyHash: keyHash,
          createdAt: now,
        });
        const next: OrderMoney = {
          ...money,
          refundedCents: money.refundedCents + cents,
          creditedCents: money.creditedCents + split.creditCents,
        };
        const [updated] = await tx
          .update(orders)
          .set({
            refundedCents: next.refundedCents,
            creditedCents: next.creditedCents,
            paymentStatus: paymentState(next),
            version: order.version + 1,
            updatedAt: now,
          })
          .where(eq(orders.id, id))
          .returning();
        // All the money given back: an invoiced order gets its credit note for what the
        // invoice still stands for. Part of it: a credit note for the lines or the amount given
        // back, so the invoices less the credit notes always match the money kept.
        if (updated!.paymentStatus !== "refunded" && cents > 0)
          await issuePartialCreditNote(
            tx,
            updated!,
            {
              cents,
              lines: creditLines.map((r) => ({
                name_en: r.line.nameEn,
                name_ar: r.line.nameAr || r.line.nameEn,
                grams: r.grams,
                qty: 1,
                cents: r.cents,
              })),
            },
            { now },
          );
        if (updated!.paymentStatus === "refunded") {
          await issueOrderDocument(tx, updated!, "refunded", { now });
          // What a gift card paid goes back onto it, in its ledger.
          await refundGiftCard(tx, updated!, `admin:${adminId}`, now);
          // The gift cards the order bought are taken back: the buyer has their money.
          await takeBackBoughtCards(tx, updated!.id, `admin:${adminId}`, now);
        }
        return { replayed: false };
      });
    },

    /**
     * A card payment link for what the order still owes (any payment method), ending with the
     * order's reservation; e-mailed to the customer in the order's language when asked.
     */
    async paymentLink(
      id: number,
      input: { send_email: boolean },
      now = new Date(),
    ): Promise<{ url: string; expires_at: string; amount: number; emailed: boolean }> {
      const [order] = await db.select().from(orders).where(eq(orders.id, id));
      if (!order) throw notFound(ORDER_NOT_FOUND);
      const refusal = paymentLinkRefusal(order.status, orderMoney(order));
      if (refusal) throw refused(refusal.code, "status", refusal.message);
      if (!deps.gateway)
        throw refused(422, "payment_method", "Card payments are not offered by this shop.");
      const settings = await deps.settings.get();
      const amountCents = balanceDueCents(orderMoney(order));
      const expiresAt = paymentLinkExpiry({
        now,
        createdAt: order.createdAt,
        status: order.status,
        pendingExpiryHours: settings.pendingExpiryHours,
      });
      const returnUrl = `${deps.baseUrl}${await orderPathWithNewKey(db, order, now, order.lang)}`;
      const session = await deps.gateway.openLink(
        order,
        { amountCents, expiresAt, returnUrl },
        now,
      );
      let emailed = false;
      if (input.send_email && deps.mail && order.email) {
        const mail = paymentLinkMail({
          number: order.number,
          name: order.name,
          lang: order.lang,
          amountCents,
          url: session.url,
          expiresAt: session.expiresAt,
        });
        await db
          .insert(mailOutbox)
          .values({ kind: "order_payment_link", to: order.email, ...mail });
        emailed = true;
      }
      return {
        url: session.url,
        expires_at: session.expiresAt.toISOString(),
        amount: centsToDollars(amountCents),
        emailed,
      };
    },
  };
}
export type OrderChangeService = ReturnType<typeof createOrderChangeService>;

/** The pickup location a "pickup:<index>" method names, as an order keeps it. */
function pickupPoint(methodId: string, settings: ShopSettings) {
  const index = Number(methodId.split(":")[1]);
  const location = settings.locations[index];
  if (!location) return null;
  return {
    address: { ...location.address },
    hours: { ...location.hours },
    phone: location.mobile || location.landline,
  };
}
