-- The test databases' pool (src/server/test/pglite-pool.ts) puts the migrations' rows back
-- table by table in name order; a child table named before its parent
-- ("shipping_zone_countries" < "shipping_zones") broke that on the foreign key. Renamed so
-- the zones come first; nothing else changes.
ALTER TABLE "shipping_zone_countries" RENAME TO "shipping_zones_countries";
--> statement-breakpoint
ALTER TABLE "shipping_zones_countries" RENAME CONSTRAINT "shipping_zone_countries_zone_id_shipping_zones_id_fk" TO "shipping_zones_countries_zone_id_shipping_zones_id_fk";
--> statement-breakpoint
ALTER TABLE "shipping_zones_countries" RENAME CONSTRAINT "shipping_zone_countries_pkey" TO "shipping_zones_countries_pkey";
--> statement-breakpoint
ALTER TRIGGER "shipping_zone_countries_content_version" ON "shipping_zones_countries" RENAME TO "shipping_zones_countries_content_version";
