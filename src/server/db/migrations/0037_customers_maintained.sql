-- The back office's customers (issue 27; `customers` in src/server/db/schema/customers.ts), kept
-- by the database itself so every writer of orders and accounts (checkout, the desk, seeds,
-- privacy erasure, another instance) keeps the list right without code having to remember.
--
-- An order's customer: the account (`a-<id>`), else the guest's e-mail in lower case
-- (`e-...`), else the guest's phone digits (`p-...`, Arabic-Indic digits made Latin); NULL
-- when none is left (an erased order), which belongs to no customer.
CREATE OR REPLACE FUNCTION customer_key_of(user_id bigint, email text, phone text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN user_id IS NOT NULL THEN 'a-' || user_id
    WHEN nullif(btrim(email), '') IS NOT NULL THEN 'e-' || lower(btrim(email))
    WHEN regexp_replace(translate(coalesce(phone, ''), '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
      '01234567890123456789'), '[^0-9]', '', 'g') <> ''
      THEN 'p-' || regexp_replace(translate(phone, '٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
        '01234567890123456789'), '[^0-9]', '', 'g')
  END
$$;
--> statement-breakpoint
-- A customer's orders, newest first: the refresh below and the customer's page read it.
CREATE INDEX IF NOT EXISTS "orders_customer_key_idx"
  ON "orders" (customer_key_of("user_id", "email", "phone"), "created_at" DESC, "id" DESC);
--> statement-breakpoint
-- Recomputes the customers named (count, total, last order, latest details) from their orders
-- and accounts. Each customer's row is made if new and locked first (in key order, so two
-- writers never wait on each other in a circle): a second transaction writing the same
-- customer's orders waits, and its next statement (READ COMMITTED: a new snapshot) sees the
-- first one's orders, so concurrent checkouts never leave a count one short.
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
        (sum(o."total_cents") FILTER (
          WHERE o."status" <> 'canceled' AND o."payment_status" <> 'refunded'))::bigint AS spent,
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
-- Orders written: their customers, before and after (a changed e-mail moves an order from one
-- guest to another). Statement triggers with transition tables: a seed writing 100,000 orders
-- refreshes each customer once, in one set-based statement.
CREATE OR REPLACE FUNCTION customers_after_orders() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  keys text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(customer_key_of(n."user_id", n."email", n."phone")) INTO keys
    FROM new_rows AS n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(customer_key_of(o."user_id", o."email", o."phone")) INTO keys
    FROM old_rows AS o;
  ELSE
    -- Only changes the list shows (a payment session's renewal changes nothing here).
    SELECT array_agg(k) INTO keys FROM (
      SELECT unnest(ARRAY[customer_key_of(o."user_id", o."email", o."phone"),
        customer_key_of(n."user_id", n."email", n."phone")]) AS k
      FROM old_rows AS o JOIN new_rows AS n ON n."id" = o."id"
      WHERE (o."user_id", o."email", o."phone", o."name", o."country", o."status",
          o."payment_status", o."total_cents", o."created_at")
        IS DISTINCT FROM (n."user_id", n."email", n."phone", n."name", n."country", n."status",
          n."payment_status", n."total_cents", n."created_at")
    ) AS changed;
  END IF;
  PERFORM customers_refresh(keys);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_customers_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_after_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_customers_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_after_orders();
--> statement-breakpoint
CREATE TRIGGER "orders_customers_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION customers_after_orders();
--> statement-breakpoint
-- Accounts: a new customer account is listed at once; a changed name, e-mail or phone shows.
-- An erased account's customer row and notes go with it (ADR 0026).
CREATE OR REPLACE FUNCTION customers_after_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM "customer_notes" WHERE "customer_key" = 'a-' || OLD."id";
    PERFORM customers_refresh(ARRAY['a-' || OLD."id"]);
  ELSE
    PERFORM customers_refresh(ARRAY['a-' || NEW."id"]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_customers" AFTER INSERT OR DELETE OR UPDATE OF "name", "email", "phone",
  "country", "is_admin" ON "users"
  FOR EACH ROW EXECUTE FUNCTION customers_after_users();
--> statement-breakpoint
-- The customers list keeps its answers under the orders desk's version (like the orders list):
-- a write here moves it. Writes made by an order's triggers were already counted (once per
-- transaction, migration 0017); an account's edit is counted here.
CREATE TRIGGER "customers_desk_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "customers" FOR EACH STATEMENT EXECUTE FUNCTION touch_order_desk_version('changes');
--> statement-breakpoint
-- Customers of the orders and accounts already there.
SELECT customers_refresh(ARRAY(
  SELECT DISTINCT customer_key_of("user_id", "email", "phone") FROM "orders"
  UNION
  SELECT 'a-' || "id" FROM "users" WHERE NOT "is_admin"
));
