-- The back office's order search (see orderDesk in src/server/db/schema/orders-desk.ts).
-- order_search_fold mirrors normaliseSearchText (src/shared/domain/arabic-search.ts): invisible
-- marks, Arabic diacritics and tatweel dropped, alef/hamza, taa marbuta and alef maqsura folded,
-- Arabic-Indic digits made Latin, lower case, spaces collapsed. Queries are folded by the same
-- function, so the two sides can never drift apart.
CREATE OR REPLACE FUNCTION order_search_fold(input text) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(translate(
    regexp_replace(normalize(coalesce(input, ''), NFC),
      '[\u064B-\u065F\u0670\u0640\u200B-\u200F\u061C\u2066-\u2069\uFEFF]', '', 'g'),
    'أإآٱؤئةى٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹',
    'ااااويهي01234567890123456789')), '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
-- Number, name, e-mail and phone, plus the phone's digits alone so "0944000111" finds
-- "+963 944 000 111" written with spaces.
CREATE OR REPLACE FUNCTION order_desk_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "order_desk" ("order_id", "search_text")
  VALUES (NEW."id", order_search_fold(concat_ws(' ', NEW."number", NEW."name", NEW."email",
    NEW."phone", regexp_replace(NEW."phone", '[^0-9]', '', 'g'))))
  ON CONFLICT ("order_id") DO UPDATE SET "search_text" = EXCLUDED."search_text";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_desk_sync"
  AFTER INSERT OR UPDATE OF "number", "name", "email", "phone" ON "orders"
  FOR EACH ROW EXECUTE FUNCTION order_desk_sync();
--> statement-breakpoint
-- Orders placed before this migration.
INSERT INTO "order_desk" ("order_id", "search_text")
SELECT "id", order_search_fold(concat_ws(' ', "number", "name", "email", "phone",
  regexp_replace("phone", '[^0-9]', '', 'g')))
FROM "orders"
ON CONFLICT ("order_id") DO NOTHING;
