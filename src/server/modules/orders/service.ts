import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import {
  ORDER_STATUSES,
  type OrderStatus,
  type StatusGroup,
  statusGroup,
} from "../../../shared/domain/order-states.ts";
import { lastPage } from "../../../shared/domain/pagination.ts";
import type { PaymentMethod } from "../../../shared/domain/payments.ts";
import type { PriceListRules } from "../../../shared/domain/price-lists.ts";
import type { Promotion } from "../../../shared/domain/promotions.ts";
import type { PageMeta } from "../../../shared/schemas/catalog.ts";
import type { OrderDto, PlaceOrder } from "../../../shared/schemas/order.ts";
import type { CartPrice } from "../../../shared/schemas/promotions.ts";
import type { Db } from "../../db/client.ts";
import { type OrderRow, orders } from "../../db/schema/orders.ts";
import { notFound } from "../../http-errors.ts";
import type { LowStockMail } from "../catalog/low-stock.ts";
import { giftCardPurchasesOf } from "../gift-cards/service.ts";
import type { SettingsService } from "../settings/service.ts";
import { type CartPriceInput, priceCart } from "./cart-price.ts";
import { loadOrderParts, toOrderDto } from "./dto.ts";
import {
  type PlaceOrderContext,
  placeOrder,
  type ShippingOptionsSource,
  standingOnly,
} from "./place-order.ts";
import { traderPriceList } from "./trader-prices.ts";
import { ORDER_NOT_FOUND, type OrderViewer, viewableOrder } from "./viewer.ts";

/**
 * An order's private page with a newly issued key: e-mails sent long after ordering (the
 * review request) link a guest back to it without signing in.
 */
export { orderPathWithNewKey } from "./lookup.ts";

/** A new order, as listeners (the order e-mails) get it once it is saved. */
export type PlacedOrder = { dto: OrderDto; lang: "en" | "ar"; accessKey: string | null };

/**
 * What orders asks of card payments. The payments module gives it (wired in services.ts) and
 * sits above orders: it cancels unpaid orders and mails their customers.
 */
export type CardPayments = {
  /** The methods offered now. */
  methods(): PaymentMethod[];
  /** A hosted payment session for a pending, unpaid card order, stored on the order. */
  openSession(order: OrderRow, accessKey: string | null): Promise<OrderRow>;
  /** The order page's "Pay by card" retry. */
  retrySession(order: OrderRow, accessKey: string | null): Promise<OrderRow>;
  /** Whether `openSession` failed because the gateway is down for a moment. */
  isUnavailable(error: unknown): boolean;
};

const statusesOf = (group: StatusGroup): OrderStatus[] =>
  ORDER_STATUSES.filter((status) => statusGroup(status) === group);

export function createOrderService(
  db: Db,
  deps: {
    settings: SettingsService;
    shipping: ShippingOptionsSource;
    /** Card orders open a hosted payment session; absent = offline methods only. */
    payments?: CardPayments;
    /** The shop's low-stock e-mail, queued with the order (null = no SMTP_URL). */
    lowStockMail?: LowStockMail;
    /** The automatic promotions (the promotions module); absent = the standing discount only. */
    promotions?: { all(): Promise<Promotion[]> };
  },
) {
  const placedListeners: Array<(placed: PlacedOrder) => Promise<void>> = [];
  /** Failures to open a card session: logged by the app (the order itself stands). */
  let onSessionError: (error: unknown) => void = () => {};

  /**
   * A card order's Checkout Session, once the order is saved (unpaid, stock reserved). A
   * replay of the placing request gets the same open session, or a new one when none is open.
   * A gateway failure leaves the order as it is: its page offers the retry.
   */
  async function withPaymentSession(order: OrderRow, accessKey: string): Promise<OrderRow> {
    if (order.paymentMethod !== "card" || !deps.payments) return order;
    if (order.status !== "pending" || order.paymentStatus !== "unpaid") return order;
    try {
      return await deps.payments.openSession(order, accessKey);
    } catch (error) {
      if (!deps.payments.isUnavailable(error)) throw error;
      onSessionError(error);
      return order;
    }
  }

  async function dtos(rows: OrderRow[]): Promise<OrderDto[]> {
    const settings = await deps.settings.get();
    const parts = await loadOrderParts(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toOrderDto(row, parts.linesOf(row.id), parts.eventsOf(row.id), settings, {
        docs: parts.documentsOf(row.id),
        dishes: parts.dishesOf(row.id),
        giftCards: parts.giftCardsOf(row.id),
      }),
    );
  }

  const viewable = (number: string, viewer: OrderViewer) => viewableOrder(db, number, viewer);

  async function page(
    where: SQL | undefined,
    pageNo: number,
    perPage: number,
  ): Promise<{ rows: OrderRow[]; meta: PageMeta }> {
    const [{ total } = { total: 0 }] = await db
      .select({ total: count() })
      .from(orders)
      .where(where);
    const last = lastPage(total, perPage);
    const rows = await db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(perPage)
      .offset((pageNo - 1) * perPage);
    return { rows, meta: { page: pageNo, per_page: perPage, total, last_page: last } };
  }

  return {
    /**
     * The price list a signed-in account buys under (an active trader's), read fresh for each
     * request; null for everyone else. Callers must not cache what they price with it.
     */
    priceListFor(userId: number | null): Promise<PriceListRules | null> {
      return userId === null ? Promise.resolve(null) : traderPriceList(db, userId);
    },

    /**
     * `POST /api/cart/price`: the cart as an order placed now by `userId` (null: a guest)
     * would be charged, by the same code. A signed-in active trader's lines are at its price
     * list, with no promotion on top; everyone else's at retail with the promotions. The answer
     * depends on who asks when `userId` is set: callers must not cache it then.
     */
    async price(
      input: CartPriceInput,
      userId: number | null = null,
      now = new Date(),
    ): Promise<CartPrice> {
      const [settings, promotions, list] = await Promise.all([
        deps.settings.get(),
        deps.promotions ? deps.promotions.all() : null,
        this.priceListFor(userId),
      ]);
      return priceCart(
        db,
        settings,
        deps.shipping,
        promotions ?? standingOnly(settings),
        input,
        now,
        list,
      );
    },

    /**
     * `POST /api/orders`, and `POST /api/admin/orders` with `ctx.staff` (the same rules, one
     * code path): the DTO, with the private-link key for the placer.
     */
    async place(
      input: PlaceOrder,
      ctx: PlaceOrderContext,
    ): Promise<{ dto: OrderDto; created: boolean; id: number }> {
      const settings = await deps.settings.get();
      const placed = await placeOrder(db, settings, deps.shipping, input, {
        ...ctx,
        paymentMethods: ctx.paymentMethods ?? deps.payments?.methods(),
        lowStockMail: ctx.lowStockMail ?? deps.lowStockMail ?? null,
        promotions: ctx.promotions ?? (await deps.promotions?.all()),
      });
      const { accessKey, created, written } = placed;
      const order = await withPaymentSession(placed.order, accessKey);
      const dto = written
        ? toOrderDto(order, written.lines, written.events, settings, {
            dishes: written.dishes,
            giftCards: (await giftCardPurchasesOf(db, [order.id])).get(order.id) ?? [],
          })
        : (await dtos([order]))[0]!;
      if (created) {
        // After the order's transaction: a listener can neither undo nor fail the order.
        for (const listener of placedListeners) {
          await listener({ dto, lang: order.lang, accessKey }).catch(() => {});
        }
      }
      return { dto: { ...dto, access_key: accessKey }, created, id: order.id };
    },

    /** Where a failure to open a card payment session is reported (the app's log). */
    onPaymentSessionError(listener: (error: unknown) => void): void {
      onSessionError = listener;
    },

    /**
     * `POST /api/orders/:number/payment-session`: the private page's "Pay by card" retry,
     * for the same viewers who may see the order.
     */
    async retryPayment(
      number: string,
      viewer: { userId: number | null; key: string | undefined },
    ): Promise<OrderDto> {
      if (!deps.payments) throw notFound(ORDER_NOT_FOUND);
      const row = await viewable(number, viewer);
      const updated = await deps.payments.retrySession(row, viewer.key ?? null);
      const [dto] = await dtos([updated]);
      return dto!;
    },

    /** Called once per new order, after it is saved (the mail module queues its e-mails). */
    onPlaced(listener: (placed: PlacedOrder) => Promise<void>): void {
      placedListeners.push(listener);
    },

    /** The owner (by token) or whoever holds the private link's key; anyone else gets 404. */
    async forViewer(
      number: string,
      viewer: { userId: number | null; key: string | undefined },
    ): Promise<OrderDto> {
      const [dto] = await dtos([await viewable(number, viewer)]);
      return dto!;
    },

    async listForCustomer(
      userId: number,
      query: { group?: StatusGroup; page: number; per_page: number },
    ): Promise<{ data: OrderDto[]; meta: PageMeta }> {
      const where = and(
        eq(orders.userId, userId),
        query.group ? inArray(orders.status, statusesOf(query.group)) : undefined,
      );
      const { rows, meta } = await page(where, query.page, query.per_page);
      return { data: await dtos(rows), meta };
    },
  };
}
export type OrderService = ReturnType<typeof createOrderService>;
