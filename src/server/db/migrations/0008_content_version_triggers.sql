-- The content version behind the public read caches (docs/decisions/0009-public-read-cache.md).
-- touch_content_version() runs once per writing statement, inside the writing transaction:
-- it bumps one of 16 counter rows, chosen by the backend, so the change becomes visible
-- together with the data (PostgreSQL instances read the sum), and it NOTIFYs shop_content,
-- delivered at commit (PGlite's process counts notifications instead of querying).
-- Stock is public content: orders bump it too, and the stripes keep concurrent orders from
-- queueing on one row. A module with its own public tables adds one trigger per table:
--   CREATE TRIGGER "<table>_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
--     ON "<table>" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
INSERT INTO "content_version" ("stripe", "version")
  SELECT s, 0 FROM generate_series(0, 15) AS s ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION touch_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "stripe" = pg_backend_pid() % 16;
  PERFORM pg_notify('shop_content', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The listing-only version of migration 0002 is replaced by the content version.
DROP TRIGGER IF EXISTS "products_catalog_version" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_catalog_version_truncate" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "categories_catalog_version" ON "categories";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_weight_options_catalog_version" ON "product_weight_options";
--> statement-breakpoint
DROP FUNCTION IF EXISTS bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER "products_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "products" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
--> statement-breakpoint
CREATE TRIGGER "categories_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
--> statement-breakpoint
CREATE TRIGGER "product_weight_options_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "product_weight_options" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
--> statement-breakpoint
CREATE TRIGGER "settings_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
