-- Issue 24: before payment state existed, a completed order was the only sign of money
-- received (the dashboard counted completed orders as revenue). Those orders start as paid
-- for their total on the day they were completed, so the revenue figures do not drop to zero
-- on upgrade; every other order starts unpaid. The timeline says where the record came from.
UPDATE "orders" o SET
  "payment_status" = 'paid',
  "paid_cents" = o."total_cents",
  "paid_at" = COALESCE(
    (SELECT max(e."created_at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."status" = 'completed'),
    o."updated_at")
WHERE o."status" = 'completed' AND o."payment_status" = 'unpaid';
--> statement-breakpoint
INSERT INTO "order_payments" ("order_id", "kind", "amount_cents", "paid_at", "note", "actor")
SELECT o."id", 'payment', o."total_cents", o."paid_at", 'Completed before payments were recorded.', 'system'
FROM "orders" o
WHERE o."payment_status" = 'paid'
  AND NOT EXISTS (SELECT 1 FROM "order_payments" p WHERE p."order_id" = o."id");
