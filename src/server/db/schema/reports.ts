import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The sales report's customers (the account, else the phone: the report's own key, see
 * `reportCustomerKey` in the reports service) with the instant of their first order the report
 * counts. Written only by triggers on `orders` (migration `report_customers_maintained`), so
 * "which of the period's customers ordered before it" is one join with this table, whatever
 * the shop's history, instead of a look into every earlier order.
 */
export const reportCustomers = pgTable("report_customers", {
  key: text().primaryKey(),
  firstOrderAt: timestamp({ withTimezone: true }).notNull(),
});
