-- The orders desk's version (orderDeskVersion in src/server/db/schema/orders-desk.ts): the admin
-- list keeps its answers, counts and page boundaries in memory under it, so every writer of
-- what the list shows (checkout, the desk, seeds, another instance) must bump it. Once per
-- writing statement, in the writing transaction (visible together with the data), one of 16
-- stripes chosen by the backend; the NOTIFY (delivered at commit) lets a PGlite process count
-- instead of query. 'changes': which orders a filter matches, their order and fields;
-- 'marks': only the new mark (seen_at), which no count depends on.
INSERT INTO "order_desk_version" ("stripe", "changes", "marks")
  SELECT s, 0, 0 FROM generate_series(0, 15) AS s ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION touch_order_desk_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_ARGV[0] = 'marks' THEN
    UPDATE "order_desk_version" SET "marks" = "marks" + 1 WHERE "stripe" = pg_backend_pid() % 16;
  ELSE
    UPDATE "order_desk_version" SET "changes" = "changes" + 1 WHERE "stripe" = pg_backend_pid() % 16;
  END IF;
  PERFORM pg_notify('shop_orders', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_desk_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION touch_order_desk_version('changes');
--> statement-breakpoint
CREATE TRIGGER "order_lines_desk_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "order_lines" FOR EACH STATEMENT EXECUTE FUNCTION touch_order_desk_version('changes');
--> statement-breakpoint
-- A desk row's search text is what a search matches; deleting rows (with their order) too.
CREATE TRIGGER "order_desk_desk_version" AFTER UPDATE OF "search_text" OR DELETE OR TRUNCATE
  ON "order_desk" FOR EACH STATEMENT EXECUTE FUNCTION touch_order_desk_version('changes');
--> statement-breakpoint
-- Opening an order upserts its desk row (INSERT ... ON CONFLICT fires both statement
-- triggers even when nothing changes): only the new mark can differ.
CREATE TRIGGER "order_desk_desk_marks" AFTER INSERT OR UPDATE OF "seen_at", "seen_by"
  ON "order_desk" FOR EACH STATEMENT EXECUTE FUNCTION touch_order_desk_version('marks');
