-- The listing cache now keeps whole product rows, so every column a listing shows bumps the
-- catalog version, and so do weight options. Still not stock_grams or updated_at: orders
-- write those, and stock is re-read on every request. A new products column that listings
-- show must be added to this list.
DROP TRIGGER IF EXISTS "products_catalog_version" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_catalog_version"
  AFTER INSERT OR DELETE OR UPDATE OF "category_id", "name_en", "name_ar", "description_en", "description_ar", "price_cents", "discount_price_cents", "weight", "weight_unit", "sku", "image", "active", "search_text", "created_at"
  ON "products" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
--> statement-breakpoint
CREATE TRIGGER "product_weight_options_catalog_version"
  AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE
  ON "product_weight_options" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_version();
