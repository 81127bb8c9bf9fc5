import { customType, pgTable, text, timestamp } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * Uploaded files on PostgreSQL: every instance serves them (each caches them on
 * its own disk) and a pg_dump backup holds them. PGlite keeps them on disk only (one process).
 */
export const files = pgTable("files", {
  /** Relative to the uploads folder, as served at /storage/<path>. */
  path: text().primaryKey(),
  data: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
