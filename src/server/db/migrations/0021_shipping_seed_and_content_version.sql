-- Issue 23: today's shipping rules (SPEC 9, DECISIONS) become rows the owner edits. The seed
-- is here, not in the demo seed, so an existing install upgrades to exactly what its shoppers
-- saw before (same refusals, same caps, the same fee everywhere: the shop's delivery-fee
-- setting, 15.00 unless the owner changed it), and fresh installs and test databases, which
-- run every migration, get the same rows. `todaysRules()` in shared/domain/shipping.ts is its
-- pure twin; modules/shipping/routes.test.ts keeps the two in step.
--
-- Public reads (quote, the shipping page) are cached under the content version: every write
-- to these tables bumps it (docs/conventions.md, "Caches"). Carriers only reach orders as
-- snapshots, so they need no trigger.
CREATE TRIGGER "shipping_zones_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "shipping_zones" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
--> statement-breakpoint
CREATE TRIGGER "shipping_zone_countries_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "shipping_zone_countries" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
--> statement-breakpoint
CREATE TRIGGER "shipping_refused_countries_content_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "shipping_refused_countries" FOR EACH STATEMENT EXECUTE FUNCTION touch_content_version();
--> statement-breakpoint
INSERT INTO "shipping_refused_countries" ("country") VALUES
  ('AF'), ('DZ'), ('AR'), ('BE'), ('BO'), ('BR'), ('CL'), ('CO'), ('CR'), ('CU'), ('SV'), ('DO'), ('EC'), ('EG'), ('GH'), ('GR'), ('GT'), ('HT'), ('HN'), ('ID'), ('IR'), ('MX'), ('NI'), ('PA'), ('PY'), ('PE'), ('PT'), ('PR'), ('RU'), ('ES'), ('TH'), ('TN'), ('TR'), ('UA'), ('UY'), ('VE');
--> statement-breakpoint
INSERT INTO "shipping_zones" ("id", "name_en", "name_ar", "max_grams", "rates")
SELECT v.id, v.name_en, v.name_ar, v.max_grams, jsonb_build_array(jsonb_build_object('upToGrams', NULL, 'feeCents', fee.cents))
FROM (VALUES
  (1, 'Syria', 'سوريا', NULL::integer),
  (2, 'Europe and the Mediterranean (1 kg limit)', 'أوروبا والمتوسط (حد 1 كغ)', 1000),
  (3, 'Northern Europe (3 kg limit)', 'شمال أوروبا (حد 3 كغ)', 3000),
  (4, 'Rest of the world', 'باقي دول العالم', NULL::integer)
) AS v("id", "name_en", "name_ar", "max_grams"), (SELECT COALESCE((SELECT ("value"->>'deliveryFeeCents')::integer FROM "settings" WHERE "key" = 'shop'), 1500) AS cents) AS fee;
--> statement-breakpoint
-- The owner's zones number after the seeded four, also when a sequence is restarted.
ALTER SEQUENCE "shipping_zones_id_seq" START WITH 5 RESTART WITH 5;
--> statement-breakpoint
INSERT INTO "shipping_zone_countries" ("country", "zone_id") VALUES
  ('SY', 1),
  ('AT', 2), ('DK', 2), ('IT', 2), ('IE', 2), ('LV', 2), ('LT', 2), ('MT', 2), ('PL', 2), ('RO', 2), ('SI', 2), ('LB', 2), ('MA', 2), ('FR', 2),
  ('SE', 3), ('FI', 3), ('DE', 3), ('SK', 3), ('NL', 3),
  ('AD', 4), ('AE', 4), ('AG', 4), ('AI', 4), ('AL', 4), ('AM', 4), ('AO', 4), ('AQ', 4), ('AS', 4), ('AU', 4), ('AW', 4), ('AX', 4), ('AZ', 4), ('BA', 4), ('BB', 4), ('BD', 4), ('BF', 4), ('BG', 4), ('BH', 4), ('BI', 4), ('BJ', 4), ('BL', 4), ('BM', 4), ('BN', 4), ('BQ', 4), ('BS', 4), ('BT', 4), ('BV', 4), ('BW', 4), ('BY', 4), ('BZ', 4), ('CA', 4), ('CC', 4), ('CD', 4), ('CF', 4), ('CG', 4), ('CH', 4), ('CI', 4), ('CK', 4), ('CM', 4), ('CN', 4), ('CV', 4), ('CW', 4), ('CX', 4), ('CY', 4), ('CZ', 4), ('DJ', 4), ('DM', 4), ('EE', 4), ('EH', 4), ('ER', 4), ('ET', 4), ('FJ', 4), ('FK', 4), ('FM', 4), ('FO', 4), ('GA', 4), ('GB', 4), ('GD', 4), ('GE', 4), ('GF', 4), ('GG', 4), ('GI', 4), ('GL', 4), ('GM', 4), ('GN', 4), ('GP', 4), ('GQ', 4), ('GS', 4), ('GU', 4), ('GW', 4), ('GY', 4), ('HK', 4), ('HM', 4), ('HR', 4), ('HU', 4), ('IL', 4), ('IM', 4), ('IN', 4), ('IO', 4), ('IQ', 4), ('IS', 4), ('JE', 4), ('JM', 4), ('JO', 4), ('JP', 4), ('KE', 4), ('KG', 4), ('KH', 4), ('KI', 4), ('KM', 4), ('KN', 4), ('KP', 4), ('KR', 4), ('KW', 4), ('KY', 4), ('KZ', 4), ('LA', 4), ('LC', 4), ('LI', 4), ('LK', 4), ('LR', 4), ('LS', 4), ('LU', 4), ('LY', 4), ('MC', 4), ('MD', 4), ('ME', 4), ('MF', 4), ('MG', 4), ('MH', 4), ('MK', 4), ('ML', 4), ('MM', 4), ('MN', 4), ('MO', 4), ('MP', 4), ('MQ', 4), ('MR', 4), ('MS', 4), ('MU', 4), ('MV', 4), ('MW', 4), ('MY', 4), ('MZ', 4), ('NA', 4), ('NC', 4), ('NE', 4), ('NF', 4), ('NG', 4), ('NO', 4), ('NP', 4), ('NR', 4), ('NU', 4), ('NZ', 4), ('OM', 4), ('PF', 4), ('PG', 4), ('PH', 4), ('PK', 4), ('PM', 4), ('PN', 4), ('PS', 4), ('PW', 4), ('QA', 4), ('RE', 4), ('RS', 4), ('RW', 4), ('SA', 4), ('SB', 4), ('SC', 4), ('SD', 4), ('SG', 4), ('SH', 4), ('SJ', 4), ('SL', 4), ('SM', 4), ('SN', 4), ('SO', 4), ('SR', 4), ('SS', 4), ('ST', 4), ('SX', 4), ('SZ', 4), ('TC', 4), ('TD', 4), ('TF', 4), ('TG', 4), ('TJ', 4), ('TK', 4), ('TL', 4), ('TM', 4), ('TO', 4), ('TT', 4), ('TV', 4), ('TW', 4), ('TZ', 4), ('UG', 4), ('UM', 4), ('US', 4), ('UZ', 4), ('VA', 4), ('VC', 4), ('VG', 4), ('VI', 4), ('VN', 4), ('VU', 4), ('WF', 4), ('WS', 4), ('YE', 4), ('YT', 4), ('ZA', 4), ('ZM', 4), ('ZW', 4);
--> statement-breakpoint
-- Orders placed before zones existed: delivery, under the zone their country has now
-- (the rules were the same then); the fee they were charged stays as it is.
UPDATE "orders" SET "shipping_kind" = 'delivery', "shipping_method_name" = 'Home delivery',
  "shipping_method_name_ar" = 'توصيل إلى العنوان' WHERE "shipping_kind" IS NULL;
--> statement-breakpoint
UPDATE "orders" AS o SET "shipping_method" = 'delivery:' || zc."zone_id",
  "shipping_zone_name" = z."name_en", "shipping_zone_name_ar" = z."name_ar"
FROM "shipping_zone_countries" AS zc JOIN "shipping_zones" AS z ON z."id" = zc."zone_id"
WHERE zc."country" = o."country" AND o."shipping_method" IS NULL;
