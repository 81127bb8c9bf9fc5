-- The order counter carries on from the highest number given so far ("SW-10042" -> 10042), so
-- the next placed order follows it; a new shop's first order is SW-10001.
INSERT INTO "order_counters" ("name", "last")
SELECT 'order', COALESCE(MAX(substring("number" FROM 4)::bigint), 10000)
FROM "orders"
WHERE "number" ~ '^SW-[0-9]+$'
ON CONFLICT ("name") DO NOTHING;

--> statement-breakpoint
-- A customer's "total spent" is the money the shop received and kept: what was paid on orders
-- whose payment is recorded and not refunded. An unpaid order (cash on delivery not yet
-- collected, a transfer not yet seen) is no money spent, and a refunded one is money returned.
-- Same function as before apart from that sum.
CREATE OR REPLACE FUNCTION customers_refresh(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  keys := ARRAY(SELECT DISTINCT k FROM unnest(keys) AS k WHERE k IS NOT NULL ORDER BY k);
  IF cardinality(keys) = 0 THEN
    RETURN;
  END IF;
  INSERT INTO "customers" ("key") SELECT k FROM unnest(keys) AS k ORDER BY k
    ON CONFLICT ("key") DO NOTHING;
  PERFORM 1 FROM "customers" WHERE "key" = ANY(keys) ORDER BY "key" FOR UPDATE;
  UPDATE "customers" AS c SET
    "user_id" = s.user_id,
    "name" = s.name,
    "email" = s.email,
    "phone" = s.phone,
    "country" = s.country,
    "order_count" = s.order_count,
    "total_cents" = s.total_cents,
    "last_order_at" = s.last_order_at,
    "search_text" = order_search_fold(concat_ws(' ', s.name, s.email, s.phone,
      regexp_replace(coalesce(s.phone, ''), '[^0-9]', '', 'g'))),
    "updated_at" = now()
  FROM (
    SELECT k.key,
      acct.id AS user_id,
      coalesce(acct.name, latest.name, '') AS name,
      coalesce(acct.email, latest.email) AS email,
      coalesce(nullif(acct.phone, ''), latest.phone) AS phone,
      coalesce(latest.country, acct.country) AS country,
      coalesce(stats.n, 0) AS order_count,
      coalesce(stats.spent, 0) AS total_cents,
      stats.last AS last_order_at
    FROM unnest(keys) AS k(key)
    LEFT JOIN "users" AS acct
      ON acct."id" = CASE WHEN k.key LIKE 'a-%' THEN substr(k.key, 3)::bigint END
    LEFT JOIN LATERAL (
      SELECT count(*)::int AS n,
        (sum(coalesce(o."paid_cents", o."total_cents")) FILTER (
          WHERE o."payment_status" = 'paid'))::bigint AS spent,
        max(o."created_at") AS last
      FROM "orders" AS o
      WHERE customer_key_of(o."user_id", o."email", o."phone") = k.key
    ) AS stats ON true
    LEFT JOIN LATERAL (
      SELECT o."name", o."email", o."phone", o."country"
      FROM "orders" AS o
      WHERE customer_key_of(o."user_id", o."email", o."phone") = k.key
      ORDER BY o."created_at" DESC, o."id" DESC
      LIMIT 1
    ) AS latest ON true
  ) AS s
  WHERE c."key" = s.key;
  -- No orders left: a guest is gone; an account stays listed while it is a customer's.
  DELETE FROM "customers" AS c
  WHERE c."key" = ANY(keys) AND c."order_count" = 0
    AND NOT EXISTS (
      SELECT 1 FROM "users" AS u WHERE u."id" = c."user_id" AND NOT u."is_admin");
END
$$;
--> statement-breakpoint
-- Every customer recomputed under the new rule.
SELECT customers_refresh(ARRAY(SELECT "key" FROM "customers"));
