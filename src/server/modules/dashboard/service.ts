import { count, eq, sql } from "drizzle-orm";
import { centsToDollars } from "../../../shared/domain/money.ts";
import type { Db } from "../../db/client.ts";
import { users } from "../../db/schema/accounts.ts";
import { products } from "../../db/schema/catalog.ts";
import { orders } from "../../db/schema/orders.ts";

export type DashboardTotals = {
  total_users: number;
  total_orders: number;
  total_products: number;
  total_payments: number;
  total_trader_applications: number;
};

export function createDashboardService(db: Db) {
  return {
    /** SPEC's five totals. */
    async totals(): Promise<DashboardTotals> {
      const [[usersRow], [ordersRow], [productsRow]] = await Promise.all([
        // Customers only: the shop's own admin accounts are not its users.
        db.select({ n: count() }).from(users).where(eq(users.isAdmin, false)),
        db
          .select({
            n: count(),
            // DECISIONS: total_payments = sum of totals of completed orders.
            paid: sql<number>`coalesce(sum(${orders.totalCents}) filter (where ${orders.status} = 'completed'), 0)`.mapWith(
              Number,
            ),
          })
          .from(orders),
        db.select({ n: count() }).from(products),
      ]);
      return {
        total_users: usersRow?.n ?? 0,
        total_orders: ordersRow?.n ?? 0,
        total_products: productsRow?.n ?? 0,
        total_payments: centsToDollars(ordersRow?.paid ?? 0),
        // There is no traders table yet (the trader enquiry issue adds it): 0 until then.
        total_trader_applications: 0,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;
