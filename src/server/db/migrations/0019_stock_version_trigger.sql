-- Caches that follow what changed (issue 22, docs/decisions/0021-caches-follow-what-changed.md).
-- An order changes the stock of a few products. Until now every products write bumped the one
-- content version, so each order emptied every public cache on every instance. From here:
--  * a change of stock_grams bumps that row's stock_version (BEFORE UPDATE, in the writing
--    transaction) and NOTIFYs shop_stock with "id:version:grams"; caches check the stock of
--    the products a cached page shows;
--  * an UPDATE of products bumps the content version only when a column other than
--    stock_grams/stock_version changed (a price, a name, archiving); INSERT, DELETE and
--    TRUNCATE still always do.
-- touch_content_version() now bumps once per transaction (like migration 0017's desk version):
-- per row, a bulk edit of many products would update the counter row once per product.
CREATE OR REPLACE FUNCTION bump_stock_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.stock_version := OLD.stock_version + 1;
  PERFORM pg_notify('shop_stock', NEW.id || ':' || NEW.stock_version || ':' || coalesce(NEW.stock_grams::text, ''));
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_stock_version" BEFORE UPDATE OF "stock_grams" ON "products"
  FOR EACH ROW WHEN (OLD.stock_grams IS DISTINCT FROM NEW.stock_grams)
  EXECUTE FUNCTION bump_stock_version();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION touch_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.content_bumped', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('shop.content_bumped', 'yes', true);
  UPDATE "content_version" SET "version" = "version" + 1 WHERE "stripe" = pg_backend_pid() % 16;
  PERFORM pg_notify('shop_content', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_content_version" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_content_version" AFTER INSERT OR DELETE OR TRUNCATE
  ON "products" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
--> statement-breakpoint
CREATE TRIGGER "products_content_version_update" AFTER UPDATE ON "products"
  FOR EACH ROW WHEN (
    (to_jsonb(OLD) - '{stock_grams,stock_version}'::text[])
      IS DISTINCT FROM (to_jsonb(NEW) - '{stock_grams,stock_version}'::text[])
  )
  EXECUTE FUNCTION touch_content_version();
