import { and, asc, count, desc, eq, gte, inArray, max, ne, sql } from "drizzle-orm";
import { businessDayStart, daysEndingWith } from "../../../shared/domain/business-days.ts";
import { BUSINESS_TIME_ZONE, businessDate } from "../../../shared/domain/business-time.ts";
import { gramsToKg } from "../../../shared/domain/low-stock.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { ORDER_STATUSES, type OrderStatus } from "../../../shared/domain/order-states.ts";
import type { Db } from "../../db/client.ts";
import { products } from "../../db/schema/catalog.ts";
import { archivedProducts } from "../../db/schema/catalog-admin.ts";
import { traderEnquiries } from "../../db/schema/company.ts";
import { customers } from "../../db/schema/customers.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { lowStockWhere } from "../catalog/low-stock.ts";
import { newestFirst } from "../orders/admin-service.ts";
import { createDeskVersion } from "../orders/desk-version.ts";
import { readShopSettings } from "../settings/service.ts";

export type DashboardTotals = {
  total_users: number;
  total_orders: number;
  total_products: number;
  total_payments: number;
  total_trader_applications: number;
};

/** Days the charts cover, ending today (Asia/Damascus). */
export const CHART_DAYS = 30;
const TOP_PRODUCTS = 5;
const RECENT_ORDERS = 5;
const LOW_STOCK_SHOWN = 10;

export type LowStockList = {
  low_stock: Array<{
    id: number;
    name: string;
    name_ar: string;
    sku: string;
    stock_kg: number;
    threshold_kg: number;
  }>;
  low_stock_total: number;
};

/**
 * The products to restock, lowest first (archived ones left out), with the threshold
 * that applies. Read fresh: a restock or an order shows at the next poll.
 */
async function lowStock(db: Db): Promise<LowStockList> {
  const shopDefault = (await readShopSettings(db)).lowStockGrams;
  const where = and(
    lowStockWhere(shopDefault),
    sql`not exists (select 1 from ${archivedProducts} a where a.product_id = ${products.id})`,
  );
  const threshold = sql<number>`coalesce(${products.lowStockGrams}, ${shopDefault})`.mapWith(
    Number,
  );
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(products).where(where),
    db
      .select({
        id: products.id,
        name: products.nameEn,
        nameAr: products.nameAr,
        sku: products.sku,
        stockGrams: products.stockGrams,
        threshold,
      })
      .from(products)
      .where(where)
      .orderBy(asc(products.stockGrams), asc(products.id))
      .limit(LOW_STOCK_SHOWN),
  ]);
  return {
    low_stock: rows.map((row) => ({
      id: row.id,
      name: row.name,
      name_ar: row.nameAr,
      sku: row.sku,
      stock_kg: gramsToKg(row.stockGrams ?? 0),
      threshold_kg: gramsToKg(row.threshold),
    })),
    low_stock_total: total?.n ?? 0,
  };
}

export type OrderCharts = {
  /**
   * One entry per Asia/Damascus day, oldest first, zeros included. `revenue`: the value of the
   * orders placed that day (cancelled left out); `paid_revenue`: the money received
   * that day, by the payment's date, from orders still paid (refunded ones left out).
   */
  per_day: Array<{ date: string; orders: number; revenue: number; paid_revenue: number }>;
  by_status: Array<{ status: OrderStatus; count: number }>;
  /** Weight sold over the chart days (cancelled orders left out). */
  top_products: Array<{ product_id: number | null; name: string; name_ar: string; grams: number }>;
  recent_orders: Array<{
    id: number;
    number: string;
    customer: string;
    total: number;
    status: OrderStatus;
    created_at: string;
  }>;
};

type OrderFigures = OrderCharts & { total_orders: number; total_payments: number };

/**
 * Customers as the customers screen lists them (accounts and guests who ordered, one row
 * each: the same number the owner counts there), products, and trader
 * enquiries the owner has not marked as spam (in the inbox): one statement, so one
 * round trip (PGlite serves requests one at a time).
 */
async function smallTotals(db: Db): Promise<{ users: number; products: number; traders: number }> {
  const [row] = await db
    .select({
      users: sql<number>`(${db.select({ n: count() }).from(customers)})`.mapWith(Number),
      products: sql<number>`(${db.select({ n: count() }).from(products)})`.mapWith(Number),
      traders: sql<number>`(${db
        .select({ n: count() })
        .from(traderEnquiries)
        .where(ne(traderEnquiries.status, "spam"))})`.mapWith(Number),
    })
    .from(sql`(select 1) as one`);
  return { users: row?.users ?? 0, products: row?.products ?? 0, traders: row?.traders ?? 0 };
}

export function createDashboardService(db: Db) {
  // The order figures scan every order; they are kept until an order or order line changes
  // (the orders desk's version, ../orders/desk-version.ts) or the business day turns, so a
  // dashboard polled by several admins costs no order query (PGlite) or one small sum
  // (PostgreSQL) per request. One computation at a time.
  const deskVersion = createDeskVersion(db);
  let cached: { key: string; figures: Promise<OrderFigures> } | null = null;

  async function orderFigures(today: string): Promise<OrderFigures> {
    const days = daysEndingWith(today, CHART_DAYS);
    const since = businessDayStart(days[0]!);
    // The zone is a constant written into the SQL: as a parameter, SELECT and GROUP BY would be
    // two different expressions to PostgreSQL.
    const zone = sql.raw(`'${BUSINESS_TIME_ZONE}'`);
    const day = sql<string>`((${orders.createdAt} at time zone ${zone})::date)::text`;
    const paidDay = sql<string>`((${orders.paidAt} at time zone ${zone})::date)::text`;
    const grams = sql<number>`sum(${orderLines.grams}::bigint * ${orderLines.qty})`.mapWith(Number);
    const [[totals], perDay, paidPerDay, byStatus, top, recent] = await Promise.all([
      db
        .select({
          n: count(),
          // Total_payments is the money received, the amounts recorded on orders
          // that are paid (a refunded order gave it back). Before, it was completed orders'
          // totals; migration 0024 marked those paid, so the figure carried over.
          // Partly refunded orders and those with a balance due hold money too: what came in
          // less what went back.
          paid: sql<number>`coalesce(sum(${orders.paidCents} - ${orders.refundedCents}) filter (where ${orders.paymentStatus} in ('paid', 'partially_refunded', 'balance_due')), 0)`.mapWith(
            Number,
          ),
        })
        .from(orders),
      db
        .select({
          day,
          n: count(),
          revenue:
            sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} <> 'canceled'), 0)`.mapWith(
              Number,
            ),
        })
        .from(orders)
        .where(gte(orders.createdAt, since))
        .groupBy(day),
      db
        .select({
          day: paidDay,
          paid: sql<number>`coalesce(sum(${orders.paidCents} - ${orders.refundedCents}), 0)`.mapWith(
            Number,
          ),
        })
        .from(orders)
        .where(
          and(
            inArray(orders.paymentStatus, ["paid", "partially_refunded", "balance_due"]),
            gte(orders.paidAt, since),
          ),
        )
        .groupBy(paidDay),
      db.select({ status: orders.status, n: count() }).from(orders).groupBy(orders.status),
      db
        .select({
          productId: orderLines.productId,
          name: max(orderLines.nameEn),
          nameAr: max(orderLines.nameAr),
          grams,
        })
        .from(orderLines)
        .innerJoin(orders, eq(orders.id, orderLines.orderId))
        .where(and(gte(orders.createdAt, since), ne(orders.status, "canceled")))
        .groupBy(orderLines.productId)
        .orderBy(desc(grams))
        .limit(TOP_PRODUCTS),
      db
        .select({
          id: orders.id,
          number: orders.number,
          name: orders.name,
          totalCents: orders.totalCents,
          status: orders.status,
          createdAt: orders.createdAt,
        })
        .from(orders)
        .orderBy(...newestFirst)
        .limit(RECENT_ORDERS),
    ]);
    const byDay = new Map(perDay.map((row) => [row.day, row]));
    const paidByDay = new Map(paidPerDay.map((row) => [row.day, row.paid]));
    const statusCounts = new Map(byStatus.map((row) => [row.status, row.n]));
    return {
      total_orders: totals?.n ?? 0,
      total_payments: centsToDollars(totals?.paid ?? 0),
      per_day: days.map((date) => ({
        date,
        orders: byDay.get(date)?.n ?? 0,
        revenue: centsToDollars(byDay.get(date)?.revenue ?? 0),
        paid_revenue: centsToDollars(paidByDay.get(date) ?? 0),
      })),
      by_status: ORDER_STATUSES.map((status) => ({
        status,
        count: statusCounts.get(status) ?? 0,
      })),
      top_products: top.map((row) => ({
        product_id: row.productId,
        name: row.name ?? "",
        name_ar: row.nameAr ?? "",
        grams: row.grams,
      })),
      recent_orders: recent.map((row) => ({
        id: row.id,
        number: row.number,
        customer: row.name,
        total: centsToDollars(row.totalCents),
        status: row.status,
        created_at: row.createdAt.toISOString(),
      })),
    };
  }

  async function cachedOrderFigures(now: Date): Promise<OrderFigures> {
    const version = await deskVersion();
    const today = businessDate(now);
    const key = version ? `${version.changes}|${today}` : null;
    if (key === null) return orderFigures(today);
    if (cached?.key !== key) {
      const figures = orderFigures(today);
      cached = { key, figures };
      // A failed computation is not kept.
      figures.catch(() => {
        if (cached?.figures === figures) cached = null;
      });
    }
    return cached.figures;
  }

  return {
    /** The five totals plus the charts' figures. */
    async overview(now = new Date()): Promise<DashboardTotals & OrderCharts & LowStockList> {
      const [small, figures, low] = await Promise.all([
        smallTotals(db),
        cachedOrderFigures(now),
        lowStock(db),
      ]);
      return {
        total_users: small.users,
        total_orders: figures.total_orders,
        total_products: small.products,
        total_payments: figures.total_payments,
        total_trader_applications: small.traders,
        per_day: figures.per_day,
        by_status: figures.by_status,
        top_products: figures.top_products,
        recent_orders: figures.recent_orders,
        low_stock: low.low_stock,
        low_stock_total: low.low_stock_total,
      };
    },

    /** The five totals. */
    async totals(now = new Date()): Promise<DashboardTotals> {
      const {
        per_day,
        by_status,
        top_products,
        recent_orders,
        low_stock,
        low_stock_total,
        ...totals
      } = await this.overview(now);
      return totals;
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
