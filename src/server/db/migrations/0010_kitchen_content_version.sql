-- The public kitchen menu is cached under the content version (docs/conventions.md, "Caches"):
-- every write to the dishes bumps it, like the catalogue's tables in migration 0008.
CREATE TRIGGER "kitchen_dishes_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "kitchen_dishes" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
