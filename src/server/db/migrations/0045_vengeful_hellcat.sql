CREATE TABLE "promotions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"kind" text NOT NULL,
	"rule" jsonb NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"standing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_dates_check" CHECK ("promotions"."starts_on" IS NULL OR "promotions"."ends_on" IS NULL OR "promotions"."ends_on" >= "promotions"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promotions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_one_standing_idx" ON "promotions" USING btree ("standing") WHERE "promotions"."standing";