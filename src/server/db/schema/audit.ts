import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";

export const AUDIT_ACTIONS = ["create", "update", "delete"] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * One changed field: its value before and after the write (null when it did not exist).
 * A secret (password, token...) is listed as changed with `redacted: true` and no values.
 */
export type AuditChange = { field: string; before: unknown; after: unknown; redacted?: true };

/**
 * Who changed which record, when, and which fields (every admin write to the
 * catalogue, coupons, kitchen, content and settings). Append-only: nothing updates a row.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** The admin; NULL when the account was deleted later (actorName keeps who it was). */
    actorId: bigint({ mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    actorName: text().notNull().default(""),
    /** "product", "category", "coupon", "dish", "setting"... */
    entity: text().notNull(),
    /** Text so keyed records (a setting's key) fit as well as numeric ids. */
    entityId: text().notNull(),
    action: text({ enum: AUDIT_ACTIONS }).notNull(),
    changes: jsonb().$type<AuditChange[]>().notNull().default([]),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId, t.createdAt.desc(), t.id.desc()),
    index("audit_log_created_idx").on(t.createdAt.desc(), t.id.desc()),
    check("audit_log_action_check", sql`${t.action} IN ('create', 'update', 'delete')`),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
