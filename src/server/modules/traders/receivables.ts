import { and, asc, eq, isNotNull, ne } from "drizzle-orm";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { ageingOf } from "../../../shared/domain/trade-terms.ts";
import type { ReceivableTrader } from "../../../shared/schemas/traders.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { invoices } from "../../db/schema/invoices.ts";
import { orders } from "../../db/schema/orders.ts";
import { traders } from "../../db/schema/traders.ts";

const KEYS = {
  current: "current",
  "1_30": "days_1_30",
  "31_60": "days_31_60",
  over_60: "over_60",
} as const;

/**
 * Unpaid orders on invoice (not cancelled), by trader, each aged by its due date on the
 * business clock's today; the most owed first.
 */
/** An order a trader still owes on invoice terms: unpaid, standing, with a due day. */
export const owedOnInvoice = () =>
  and(
    eq(orders.paymentMethod, "invoice"),
    eq(orders.paymentStatus, "unpaid"),
    ne(orders.status, "canceled"),
    isNotNull(orders.dueDate),
  );

export async function receivables(db: Db, now = new Date()): Promise<ReceivableTrader[]> {
  const today = businessDate(now);
  const rows = await db
    .select({
      traderId: traders.id,
      companyName: traders.companyName,
      email: users.email,
      lang: traders.lang,
      orderId: orders.id,
      number: orders.number,
      totalCents: orders.totalCents,
      dueDate: orders.dueDate,
      invoiceNumber: invoices.number,
    })
    .from(orders)
    .innerJoin(traders, eq(traders.userId, orders.userId))
    .innerJoin(users, eq(users.id, traders.userId))
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, "invoice")))
    .where(owedOnInvoice())
    .orderBy(asc(orders.dueDate), asc(orders.id));
  const byTrader = new Map<number, ReceivableTrader & { cents: Record<string, number> }>();
  for (const row of rows) {
    let entry = byTrader.get(row.traderId);
    if (!entry) {
      entry = {
        id: row.traderId,
        company_name: row.companyName,
        email: row.email,
        lang: row.lang,
        total: 0,
        current: 0,
        days_1_30: 0,
        days_31_60: 0,
        over_60: 0,
        invoices: [],
        cents: { total: 0, current: 0, days_1_30: 0, days_31_60: 0, over_60: 0 },
      };
      byTrader.set(row.traderId, entry);
    }
    const { daysOverdue, bucket } = ageingOf(today, row.dueDate!);
    entry.cents.total! += row.totalCents;
    entry.cents[KEYS[bucket]]! += row.totalCents;
    entry.invoices.push({
      order_id: row.orderId,
      order_number: row.number,
      invoice_number: row.invoiceNumber ?? null,
      total: centsToDollars(row.totalCents),
      due_date: row.dueDate!,
      days_overdue: daysOverdue,
      bucket,
    });
  }
  return [...byTrader.values()]
    .sort((a, b) => b.cents.total! - a.cents.total!)
    .map(({ cents, ...entry }) => ({
      ...entry,
      total: centsToDollars(cents.total!),
      current: centsToDollars(cents.current!),
      days_1_30: centsToDollars(cents.days_1_30!),
      days_31_60: centsToDollars(cents.days_31_60!),
      over_60: centsToDollars(cents.over_60!),
    }));
}
