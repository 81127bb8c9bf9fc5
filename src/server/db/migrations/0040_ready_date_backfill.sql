-- Orders from before ready days: the delivery day they chose, else the Damascus day they were
-- placed on, so the production sheet and the calendar count them on a day.
UPDATE "orders"
  SET "ready_date" = COALESCE("delivery_date", ("created_at" AT TIME ZONE 'Asia/Damascus')::date)
  WHERE "ready_date" IS NULL;
--> statement-breakpoint
-- The quote reads the calendar's overrides through the content cache: a save must move the version.
CREATE TRIGGER "calendar_days_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "calendar_days" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
