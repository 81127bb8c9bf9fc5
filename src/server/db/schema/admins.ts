import { sql } from "drizzle-orm";
import { bigint, check, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

/**
 * An admin's roles, one row each (owner, orders, catalogue, kitchen). An admin
 * (`users.is_admin`) always has at least one; removing the admin removes them. The upgrade
 * makes every existing admin an owner.
 */
export const adminRoles = pgTable(
  "admin_roles",
  {
    userId: bigint({ mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text({ enum: ["owner", "orders", "catalogue", "kitchen"] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check("admin_roles_role_check", sql`${t.role} in ('owner', 'orders', 'catalogue', 'kitchen')`),
  ],
);
