import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * An address outside the shop that hears about events (signed with `secret`). Only
 * the owner edits them; `events` is a subset of WEBHOOK_EVENTS.
 */
export const webhookEndpoints = pgTable("webhook_endpoints", {
  id: bigserial({ mode: "number" }).primaryKey(),
  url: text().notNull(),
  secret: text().notNull(),
  events: text().array().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * One event for one endpoint, queued in the transaction that caused the event (the outbox
 * pattern, like mail_outbox): `body` is the exact JSON sent, signed anew at each attempt.
 * Deleting the endpoint deletes its deliveries.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    endpointId: bigint({ mode: "number" })
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** The event's id (`evt_…`), the same for every endpoint that hears it. */
    eventId: text().notNull(),
    type: text().notNull(),
    body: text().notNull(),
    status: text({ enum: ["pending", "succeeded", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer().notNull().default(0),
    // By this process's clock, the one the worker reads (see mail_outbox).
    nextAttemptAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => new Date()),
    lastAttemptAt: timestamp({ withTimezone: true }),
    /** The receiver's HTTP status at the last attempt (null: no answer). */
    responseStatus: integer(),
    lastError: text(),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$defaultFn(() => new Date()),
  },
  (t) => [
    index("webhook_deliveries_due_idx").on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id.desc()),
    check(
      "webhook_deliveries_status_check",
      sql`${t.status} in ('pending', 'succeeded', 'failed')`,
    ),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
