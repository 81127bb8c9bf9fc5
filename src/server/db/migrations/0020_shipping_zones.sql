CREATE TABLE "carriers" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"tracking_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_refused_countries" (
	"country" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zone_countries" (
	"country" text PRIMARY KEY NOT NULL,
	"zone_id" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_zones" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"max_grams" integer,
	"rates" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_zones_max_grams_check" CHECK ("shipping_zones"."max_grams" IS NULL OR "shipping_zones"."max_grams" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_kind" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_zone_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_zone_name_ar" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_name_ar" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "carrier_name_ar" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url_template" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "shipping_zone_countries" ADD CONSTRAINT "shipping_zone_countries_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_zone_countries_zone_idx" ON "shipping_zone_countries" USING btree ("zone_id");