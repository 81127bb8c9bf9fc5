-- The standing cart discount becomes the first automatic promotion, so an upgraded shop prices
-- exactly as before: a cart-percent rule without dates whose percent (NULL in `rule`) is the
-- shop settings' cart_discount_percent (default 20).
INSERT INTO "promotions" ("name_en", "name_ar", "kind", "rule", "standing")
VALUES ('Cart discount', 'خصم السلة', 'cart_percent', '{"percent": null}'::jsonb, true);
--> statement-breakpoint
-- Promotions are a public read (the cart's price) cached under the content version
-- (docs/conventions.md, "Caches").
CREATE TRIGGER "promotions_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "promotions" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
