-- Seasons show on the storefront (the banner, checkout's days): their writes move the content
-- version like every other table a public read shows.
CREATE TRIGGER "seasons_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "seasons" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
--> statement-breakpoint
CREATE TRIGGER "season_products_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "season_products" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
