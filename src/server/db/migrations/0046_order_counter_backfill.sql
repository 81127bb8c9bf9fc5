-- The order counter carries on from the highest number given so far ("SW-10042" -> 10042), so
-- the next placed order follows it; a new shop's first order is SW-10001.
INSERT INTO "order_counters" ("name", "last")
SELECT 'order', COALESCE(MAX(substring("number" FROM 4)::bigint), 10000)
FROM "orders"
WHERE "number" ~ '^SW-[0-9]+$'
ON CONFLICT ("name") DO NOTHING;
