-- The sales report's customers (`report_customers` in src/server/db/schema/reports.ts) with the
-- instant of their first counted order, kept by the database so every writer of orders
-- (checkout, the desk, seeds, erasure, another instance) keeps the repeat-customer figure
-- right. A customer is the account, else the phone (`coalesce('u' || user_id, 'p' || phone)`,
-- the expression of `orders_report_customer_idx`); an order counts unless it is cancelled and
-- kept no money. The reports service uses the same expression and rule: change them together.
--
-- Recomputes the keys named: each row is made if new and locked first, in key order, so a
-- second transaction writing the same customer's orders waits and then (READ COMMITTED: a new
-- snapshot per statement) sees the first one's orders. The first order is one probe of the
-- partial index; a key left without counted orders is removed.
CREATE OR REPLACE FUNCTION report_customers_refresh(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  keys := ARRAY(SELECT DISTINCT k FROM unnest(keys) AS k WHERE k IS NOT NULL ORDER BY k);
  IF cardinality(keys) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "report_customers" ("key", "first_order_at")
    SELECT k, now() FROM unnest(keys) AS k ORDER BY k
    ON CONFLICT ("key") DO NOTHING;
  PERFORM 1 FROM "report_customers" WHERE "key" = ANY(keys) ORDER BY "key" FOR UPDATE;
  UPDATE "report_customers" AS r SET "first_order_at" = f.first_at
  FROM (
    SELECT k.key, (
      SELECT min(o."created_at") FROM "orders" AS o
      WHERE coalesce('u' || o."user_id"::text, 'p' || o."phone") = k.key
        AND (o."status" <> 'canceled' OR coalesce(o."paid_cents", 0) > o."refunded_cents")
    ) AS first_at
    FROM unnest(keys) AS k(key)
  ) AS f
  WHERE r."key" = f.key AND f.first_at IS NOT NULL
    AND r."first_order_at" IS DISTINCT FROM f.first_at;
  DELETE FROM "report_customers" AS r
  WHERE r."key" = ANY(keys) AND NOT EXISTS (
    SELECT 1 FROM "orders" AS o
    WHERE coalesce('u' || o."user_id"::text, 'p' || o."phone") = r."key"
      AND (o."status" <> 'canceled' OR coalesce(o."paid_cents", 0) > o."refunded_cents"));
END
$$;
--> statement-breakpoint
-- Orders written: their customers before and after (a changed phone moves a guest's order),
-- only when something the figure reads changed. Statement triggers with transition tables: a
-- seed of 100,000 orders refreshes each customer once.
CREATE OR REPLACE FUNCTION report_customers_after_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(coalesce('u' || n."user_id"::text, 'p' || n."phone")) INTO keys
    FROM new_rows AS n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(coalesce('u' || o."user_id"::text, 'p' || o."phone")) INTO keys
    FROM old_rows AS o;
  ELSE
    SELECT array_agg(k) INTO keys FROM (
      SELECT unnest(ARRAY[coalesce('u' || o."user_id"::text, 'p' || o."phone"),
        coalesce('u' || n."user_id"::text, 'p' || n."phone")]) AS k
      FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
      WHERE (o."user_id", o."phone", o."status", o."paid_cents", o."refunded_cents", o."created_at")
        IS DISTINCT FROM
        (n."user_id", n."phone", n."status", n."paid_cents", n."refunded_cents", n."created_at")
    ) AS changed;
  END IF;
  PERFORM report_customers_refresh(keys);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_report_customers_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_customers_after_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_report_customers_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_customers_after_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_report_customers_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION report_customers_after_orders();
--> statement-breakpoint
-- The customers of the orders already there.
INSERT INTO "report_customers" ("key", "first_order_at")
SELECT coalesce('u' || "user_id"::text, 'p' || "phone"), min("created_at")
FROM "orders"
WHERE ("status" <> 'canceled' OR coalesce("paid_cents", 0) > "refunded_cents")
  AND coalesce('u' || "user_id"::text, 'p' || "phone") IS NOT NULL
GROUP BY 1
ON CONFLICT ("key") DO NOTHING;
