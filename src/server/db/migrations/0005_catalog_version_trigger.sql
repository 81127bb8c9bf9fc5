-- Catalog listing cache version (see catalogState in src/server/db/schema/catalog.ts).
-- Statement-level triggers bump one counter row inside the writing transaction, so readers
-- see the new version exactly when they can see the new data. Only columns that change which
-- products a listing shows, or their order, bump it: stock updates from orders do not, so
-- concurrent orders never queue on this row.
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
  AFTER INSERT OR DELETE OR UPDATE OF "category_id", "name_en", "price_cents", "discount_price_cents", "active", "search_text", "created_at"
  ON "products" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER "products_catalog_version_truncate"
  AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER "categories_catalog_version"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE
  ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
