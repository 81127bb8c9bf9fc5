import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/** One weight band as stored: cents, like every money column. */
export type StoredRate = { upToGrams: number | null; feeCents: number };

/**
 * Shipping zones the owner edits. Rates are a small ordered list read and written
 * whole with the zone, so they are a jsonb column rather than a child table; the shared
 * schema checks their order before anything is written.
 */
export const shippingZones = pgTable(
  "shipping_zones",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    nameEn: text().notNull(),
    nameAr: text().notNull().default(""),
    /** The cap on a cart's total weight in grams; NULL = none. */
    maxGrams: integer(),
    rates: jsonb().$type<StoredRate[]>().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("shipping_zones_max_grams_check", sql`${t.maxGrams} IS NULL OR ${t.maxGrams} > 0`)],
);

/** A country's zone. The primary key is the country: one zone per country, even under races. */
export const shippingZoneCountries = pgTable(
  "shipping_zones_countries",
  {
    country: text().primaryKey(),
    zoneId: bigint({ mode: "number" })
      .notNull()
      .references(() => shippingZones.id, { onDelete: "cascade" }),
  },
  (t) => [index("shipping_zone_countries_zone_idx").on(t.zoneId)],
);

/** Countries the shop does not ship to (36, seeded). */
export const shippingRefusedCountries = pgTable("shipping_refused_countries", {
  country: text().primaryKey(),
});

/** Couriers with a tracking address template (`https://…/{number}`). */
export const carriers = pgTable("carriers", {
  id: bigserial({ mode: "number" }).primaryKey(),
  nameEn: text().notNull(),
  nameAr: text().notNull().default(""),
  trackingUrl: text().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type ShippingZoneRow = typeof shippingZones.$inferSelect;
export type CarrierRow = typeof carriers.$inferSelect;
