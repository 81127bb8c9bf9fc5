-- The FAQ and policy pages are cached under the content version (docs/conventions.md,
-- "Caches"): every write to their tables bumps it, like the catalogue's in migration 0008.
CREATE TRIGGER "faq_items_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "faq_items" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
--> statement-breakpoint
CREATE TRIGGER "policy_sections_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "policy_sections" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
