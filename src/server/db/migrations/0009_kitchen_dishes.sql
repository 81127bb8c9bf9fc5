CREATE TABLE "kitchen_dishes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"price_cents" integer,
	"image" text,
	"weekdays" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sold_out_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kitchen_dishes_price_check" CHECK ("kitchen_dishes"."price_cents" >= 0),
	CONSTRAINT "kitchen_dishes_weekdays_check" CHECK ("kitchen_dishes"."weekdays" <@ '{0,1,2,3,4,5,6}'::smallint[])
);
--> statement-breakpoint
CREATE INDEX "kitchen_dishes_active_idx" ON "kitchen_dishes" USING btree ("active","id");