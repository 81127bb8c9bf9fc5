-- Migration 0016's trigger bumped the orders desk version once per statement, and the row
-- trigger orders_desk_sync runs one INSERT into order_desk per order row: a statement writing
-- 100,000 orders updated the same version row 100,000 times in one transaction, each update
-- walking the chain of the ones before (seeding 100,000 orders went from 50 s to 250 s). Once
-- per transaction and kind is enough: readers only ever see committed transactions. The flag
-- is transaction-local (set_config(..., true)), and a rolled-back savepoint takes it back
-- together with its bump.
CREATE OR REPLACE FUNCTION touch_order_desk_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('shop.order_desk_' || TG_ARGV[0], true) = 'bumped' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('shop.order_desk_' || TG_ARGV[0], 'bumped', true);
  IF TG_ARGV[0] = 'marks' THEN
    UPDATE "order_desk_version" SET "marks" = "marks" + 1 WHERE "stripe" = pg_backend_pid() % 16;
  ELSE
    UPDATE "order_desk_version" SET "changes" = "changes" + 1 WHERE "stripe" = pg_backend_pid() % 16;
  END IF;
  PERFORM pg_notify('shop_orders', TG_ARGV[0]);
  RETURN NULL;
END
$$;
