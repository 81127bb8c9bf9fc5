-- Catalog listing cache version (see catalogState in src/server/db/schema/catalog.ts).
-- Statement-level triggers bump one counter row inside the writing transaction, so readers
-- see the new version exactly when they can see the new data. Every column a listing shows
-- bumps it, and so do weight options and categories. Not stock_grams or updated_at: orders
-- write those (concurrent orders must not queue on this row), and stock is re-read on every
-- request. A new products column that listings show must be added to this list.
INSERT INTO "catalog_state" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalog_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalog_state" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_version"
  AFTER INSERT OR DELETE OR UPDATE OF "category_id", "name_en", "name_ar", "description_en", "description_ar", "price_cents", "discount_price_cents", "weight", "weight_unit", "sku", "image", "active", "search_text", "created_at"
  ON "products" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER "products_catalog_version_truncate"
  AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER "categories_catalog_version"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE
  ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER "product_weight_options_catalog_version"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE
  ON "product_weight_options" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
