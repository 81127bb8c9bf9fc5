import { and, asc, desc, eq, inArray, isNotNull, ne } from "drizzle-orm";
import { businessDate } from "../../../shared/domain/business-time.ts";
import { centsToDollars } from "../../../shared/domain/money.ts";
import { type AccountState, accountStateOf } from "../../../shared/domain/trade-terms.ts";
import type { AccountLedger } from "../../../shared/schemas/traders.ts";
import type { Db } from "../../db/client.ts";
import { invoices } from "../../db/schema/invoices.ts";
import { orderPayments, orders } from "../../db/schema/orders.ts";

export type StatementRow = {
  day: string;
  number: string;
  invoiceNumber: string | null;
  paymentMethod: string;
  paymentStatus: string;
  totalCents: number;
  dueDate: string | null;
  state: AccountState;
  /** How the payments recorded against the order came (bank_transfer, cash...), in order. */
  paidBy: string[];
};

const columns = {
  id: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  totalCents: orders.totalCents,
  dueDate: orders.dueDate,
  invoiceNumber: invoices.number,
};
type Selected = {
  id: number;
  number: string;
  createdAt: Date;
  status: string;
  paymentMethod: string;
  paymentStatus: string;
  totalCents: number;
  dueDate: string | null;
  invoiceNumber: string | null;
};

const toRow = (row: Selected, today: string, paidBy: string[] = []): StatementRow => ({
  day: businessDate(row.createdAt),
  number: row.number,
  invoiceNumber: row.invoiceNumber,
  paymentMethod: row.paymentMethod,
  paymentStatus: row.paymentStatus,
  totalCents: row.totalCents,
  dueDate: row.dueDate,
  state: accountStateOf(row, today),
  paidBy,
});

/** The account's orders placed from `from` to `to` (business days), oldest first. */
export async function statementRows(
  db: Db,
  userId: number,
  period: { from: string; to: string },
  now = new Date(),
): Promise<StatementRow[]> {
  const today = businessDate(now);
  const rows = await db
    .select(columns)
    .from(orders)
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, "invoice")))
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const inPeriod = rows.filter((row) => {
    const day = businessDate(row.createdAt);
    return day >= period.from && day <= period.to;
  });
  const methods = new Map<number, string[]>();
  if (inPeriod.length > 0) {
    const paid = await db
      .select({ orderId: orderPayments.orderId, method: orderPayments.method })
      .from(orderPayments)
      .where(
        and(
          inArray(
            orderPayments.orderId,
            inPeriod.map((row) => row.id),
          ),
          eq(orderPayments.kind, "payment"),
          isNotNull(orderPayments.method),
        ),
      )
      .orderBy(asc(orderPayments.id));
    for (const row of paid) {
      const list = methods.get(row.orderId) ?? [];
      if (!list.includes(row.method!)) list.push(row.method!);
      methods.set(row.orderId, list);
    }
  }
  return inPeriod.map((row) => toRow(row, today, methods.get(row.id)));
}

/**
 * What a trader's account page shows: the newest 50 orders with their invoices, and what it
 * owes on invoice now, split into not yet due and overdue (every unpaid order on invoice
 * counts, however old).
 */
export async function accountLedger(
  db: Db,
  userId: number,
  now = new Date(),
): Promise<AccountLedger> {
  const today = businessDate(now);
  const recent = await db
    .select(columns)
    .from(orders)
    .leftJoin(invoices, and(eq(invoices.orderId, orders.id), eq(invoices.kind, "invoice")))
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(50);
  const open = await db
    .select({ totalCents: orders.totalCents, dueDate: orders.dueDate })
    .from(orders)
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.paymentMethod, "invoice"),
        eq(orders.paymentStatus, "unpaid"),
        ne(orders.status, "canceled"),
        isNotNull(orders.dueDate),
      ),
    );
  let dueCents = 0;
  let overdueCents = 0;
  for (const row of open) {
    if (row.dueDate! < today) overdueCents += row.totalCents;
    else dueCents += row.totalCents;
  }
  return {
    due: centsToDollars(dueCents),
    overdue: centsToDollars(overdueCents),
    as_of: today,
    orders: recent.map((selected) => {
      const row = toRow(selected, today);
      return {
        number: row.number,
        date: row.day,
        payment_method: row.paymentMethod,
        total: centsToDollars(row.totalCents),
        due_date: row.dueDate,
        state: row.state,
        invoice: row.invoiceNumber
          ? {
              number: row.invoiceNumber,
              url: `/api/orders/${encodeURIComponent(row.number)}/invoice.pdf`,
            }
          : null,
      };
    }),
  };
}
