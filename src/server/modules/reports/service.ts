import { and, gte, lt, type SQL, sql } from "drizzle-orm";
import { businessDayStart, nextDay } from "../../../shared/domain/business-days.ts";
import { BUSINESS_TIME_ZONE } from "../../../shared/domain/business-time.ts";
import { countryName } from "../../../shared/domain/countries.ts";
import { BOM, csvCell } from "../../../shared/domain/csv.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import {
  averageOrderCents,
  previousPeriod,
  type ReportGroup,
} from "../../../shared/domain/reports.ts";
import type {
  SalesReport,
  SalesReportQuery,
  SalesReportRow,
  SalesReportTotals,
} from "../../../shared/schemas/reports.ts";
import ordersAr from "../../../web/i18n/locales/ar/admin-orders.json" with { type: "json" };
import ordersEn from "../../../web/i18n/locales/en/admin-orders.json" with { type: "json" };
import type { Db } from "../../db/client.ts";
import { categories, products } from "../../db/schema/catalog.ts";
import { orderLines, orders } from "../../db/schema/orders.ts";
import { reportCustomers } from "../../db/schema/reports.ts";

/**
 * An order counts when it was placed in the period (by the shop's business day) and is not a
 * cancelled order that kept no money: a cancelled order that was paid and not (yet) refunded
 * still holds money the owner has.
 */
const counted = sql`(${orders.status} <> 'canceled' or coalesce(${orders.paidCents}, 0) > ${orders.refundedCents})`;

/** The money an order brought: what was received less what was refunded. */
const orderRevenue = sql`(coalesce(${orders.paidCents}, 0) - ${orders.refundedCents})`;

/**
 * A line's share of it: what the line was charged after the order's discount, less what was
 * refunded for it, on orders that received money (an unpaid cash order has brought nothing yet).
 * Delivery and wrapping belong to no product: they are in the totals only.
 */
const lineRevenue = sql`case when coalesce(${orders.paidCents}, 0) > 0 then ${orderLines.lineTotalCents} - round(${orderLines.lineTotalCents} * ${orders.discountPercent} / 100.0) - ${orderLines.refundedCents} else 0 end`;

/** Grams sold on a line: as weighed by the packer, else as ordered. */
const lineGrams = sql`coalesce(${orderLines.weighedGrams}, ${orderLines.grams} * ${orderLines.qty})`;

/**
 * One customer: the account, or the phone for a guest. The database keeps each one's first
 * counted order (`report_customers`, its triggers and `orders_report_customer_idx`) with this
 * expression and `counted`'s rule: change them together.
 */
const customerKey = sql`coalesce('u' || ${orders.userId}::text, 'p' || ${orders.phone})`;

const int = (value: unknown) => Number(value ?? 0);

type Range = { start: Date; end: Date };

function rangeOf(from: string, to: string): Range {
  return { start: businessDayStart(from), end: businessDayStart(nextDay(to)) };
}

const placedIn = (range: Range) =>
  and(gte(orders.createdAt, range.start), lt(orders.createdAt, range.end), counted);

const LABELS = {
  channel: (key: string, lang: "en" | "ar") =>
    ((lang === "en" ? ordersEn : ordersAr).source as Record<string, string>)[key] ?? key,
  payment: (key: string, lang: "en" | "ar") =>
    ((lang === "en" ? ordersEn : ordersAr).payment_method as Record<string, string>)[key] ?? key,
};

const NONE = { en: "None", ar: "بدون" };
const PICKUP = { en: "Pickup", ar: "استلام من المحل" };

async function loadTotals(db: Db, range: Range): Promise<SalesReportTotals> {
  const [[sums], [people]] = await Promise.all([
    db
      .select({
        orders: sql<string>`count(*)`,
        grams: sql<string>`coalesce(sum(${orders.totalGrams}), 0)`,
        revenue: sql<string>`coalesce(sum(${orderRevenue}), 0)`,
        refunds: sql<string>`coalesce(sum(${orders.refundedCents}), 0)`,
        paidOrders: sql<string>`count(*) filter (where coalesce(${orders.paidCents}, 0) > 0)`,
      })
      .from(orders)
      .where(placedIn(range)),
    // Customers of the period, and which of them came back: they ordered twice in it, or
    // their first counted order (kept per customer by the database) is before it. One join
    // with that table: the cost follows the period, not the shop's whole history.
    db
      .select({
        customers: sql<string>`count(*)`,
        repeat: sql<string>`count(*) filter (where c.n > 1 or ${reportCustomers.firstOrderAt} < ${range.start.toISOString()}::timestamptz)`,
      })
      .from(
        sql`(select ${customerKey} as key, count(*) as n
             from ${orders}
             where ${placedIn(range)} and ${customerKey} is not null
             group by 1) as c`,
      )
      .leftJoin(reportCustomers, sql`${reportCustomers.key} = c.key`),
  ]);
  const revenue = int(sums?.revenue);
  return {
    orders: int(sums?.orders),
    grams: int(sums?.grams),
    revenue: centsToDollars(revenue),
    refunds: centsToDollars(int(sums?.refunds)),
    average_order: centsToDollars(averageOrderCents(revenue, int(sums?.paidOrders))),
    customers: int(people?.customers),
    repeat_customers: int(people?.repeat),
  };
}

type RawRow = {
  key: string | null;
  label: string | null;
  labelAr: string | null;
  orders: string;
  grams: string;
  revenue: string;
};

/** Rows of one group; labels in both languages. */
async function loadRows(db: Db, group: ReportGroup, range: Range): Promise<SalesReportRow[]> {
  const zone = sql.raw(`'${BUSINESS_TIME_ZONE}'`);
  const byOrder = async (key: SQL, label: SQL = key, labelAr: SQL = label): Promise<RawRow[]> =>
    db
      .select({
        key: sql<string | null>`${key}`,
        label: sql<string | null>`min(${label})`,
        labelAr: sql<string | null>`min(${labelAr})`,
        orders: sql<string>`count(*)`,
        grams: sql<string>`coalesce(sum(${orders.totalGrams}), 0)`,
        revenue: sql<string>`coalesce(sum(${orderRevenue}), 0)`,
      })
      .from(orders)
      .where(placedIn(range))
      .groupBy(sql`1`)
      .orderBy(sql`1`);
  const period = (unit: "day" | "week" | "month") =>
    byOrder(
      sql`to_char(date_trunc('${sql.raw(unit)}', ${orders.createdAt} at time zone ${zone}), 'YYYY-MM-DD')`,
    );

  let raw: RawRow[];
  switch (group) {
    case "day":
    case "week":
    case "month":
      raw = await period(group);
      break;
    case "channel":
      raw = await byOrder(sql`${orders.source}`);
      break;
    case "payment":
      raw = await byOrder(sql`${orders.paymentMethod}`);
      break;
    case "country":
      raw = await byOrder(sql`${orders.country}`);
      break;
    case "zone":
      raw = await byOrder(
        sql`coalesce(${orders.shippingZoneName}, ${orders.shippingKind}, '')`,
        sql`${orders.shippingZoneName}`,
        sql`coalesce(nullif(${orders.shippingZoneNameAr}, ''), ${orders.shippingZoneName})`,
      );
      break;
    case "product":
    case "category": {
      const key =
        group === "product"
          ? sql`coalesce(${orderLines.productId}::text, '')`
          : sql`coalesce(${products.categoryId}::text, '')`;
      const label = group === "product" ? sql`${orderLines.nameEn}` : sql`${categories.nameEn}`;
      const labelAr =
        group === "product"
          ? sql`coalesce(nullif(${orderLines.nameAr}, ''), ${orderLines.nameEn})`
          : sql`coalesce(nullif(${categories.nameAr}, ''), ${categories.nameEn})`;
      let query = db
        .select({
          key: sql<string | null>`${key}`,
          label: sql<string | null>`min(${label})`,
          labelAr: sql<string | null>`min(${labelAr})`,
          orders: sql<string>`count(distinct ${orders.id})`,
          grams: sql<string>`coalesce(sum(${lineGrams}), 0)`,
          revenue: sql<string>`coalesce(sum(${lineRevenue}), 0)`,
        })
        .from(orderLines)
        .innerJoin(orders, sql`${orders.id} = ${orderLines.orderId}`)
        .$dynamic();
      if (group === "category")
        query = query
          .leftJoin(products, sql`${products.id} = ${orderLines.productId}`)
          .leftJoin(categories, sql`${categories.id} = ${products.categoryId}`);
      raw = await query.where(placedIn(range)).groupBy(sql`1`).orderBy(sql`6 desc`, sql`1`);
      break;
    }
  }

  return raw.map((row) => {
    const key = row.key ?? "";
    let label = row.label ?? key;
    let labelAr = row.labelAr ?? label;
    if (group === "channel" || group === "payment") {
      label = LABELS[group](key, "en");
      labelAr = LABELS[group](key, "ar");
    } else if (group === "country") {
      label = countryName(key, "en");
      labelAr = countryName(key, "ar");
    } else if (group === "zone" && !row.label) {
      [label, labelAr] = key === "pickup" ? [PICKUP.en, PICKUP.ar] : [NONE.en, NONE.ar];
    } else if (key === "") {
      [label, labelAr] = [NONE.en, NONE.ar];
    }
    return {
      key,
      label,
      label_ar: labelAr,
      orders: int(row.orders),
      grams: int(row.grams),
      revenue: centsToDollars(int(row.revenue)),
    };
  });
}

export function createReportsService(db: Db) {
  return {
    /** The sales of a period grouped one way, its totals and the period before's totals. */
    async sales(query: Pick<SalesReportQuery, "from" | "to" | "group">): Promise<SalesReport> {
      const range = rangeOf(query.from, query.to);
      const before = previousPeriod(query.from, query.to);
      const [rows, totals, previous] = await Promise.all([
        loadRows(db, query.group, range),
        loadTotals(db, range),
        loadTotals(db, rangeOf(before.from, before.to)),
      ]);
      return {
        from: query.from,
        to: query.to,
        group: query.group,
        rows,
        totals,
        previous: { ...before, totals: previous },
      };
    },
  };
}
export type ReportsService = ReturnType<typeof createReportsService>;

export const SALES_CSV_HEADER = ["key", "label", "label_ar", "orders", "kg", "revenue"];

/** A report's table as CSV (a BOM so spreadsheets read the Arabic labels), then the totals. */
export function salesCsv(report: SalesReport): string {
  const rows = [
    SALES_CSV_HEADER,
    ...report.rows.map((r) => [
      r.key,
      r.label,
      r.label_ar,
      r.orders,
      r.grams / 1000,
      r.revenue.toFixed(2),
    ]),
    [
      "total",
      "Total",
      "المجموع",
      report.totals.orders,
      report.totals.grams / 1000,
      report.totals.revenue.toFixed(2),
    ],
  ];
  return `${BOM}${rows.map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
