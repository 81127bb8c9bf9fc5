-- Published reviews are a public read cached under the content version (docs/conventions.md,
-- "Caches"): every write to their table bumps it, like the catalogue's in migration 0008.
CREATE TRIGGER "product_reviews_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "product_reviews" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
