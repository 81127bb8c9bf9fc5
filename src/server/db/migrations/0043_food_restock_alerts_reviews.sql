CREATE TABLE "restock_alerts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"email" text NOT NULL,
	"grams" integer,
	"lang" text DEFAULT 'en' NOT NULL,
	"stop_token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restock_alerts_grams_check" CHECK ("restock_alerts"."grams" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_reviews" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"author" text DEFAULT '' NOT NULL,
	"rating" integer NOT NULL,
	"text" text NOT NULL,
	"lang" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reply" text DEFAULT '' NOT NULL,
	"reply_ar" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_reviews_rating_check" CHECK ("product_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "food" jsonb;--> statement-breakpoint
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_reviews" ADD CONSTRAINT "product_reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_alerts_unique_idx" ON "restock_alerts" USING btree ("product_id",lower("email"),coalesce("grams", 0));--> statement-breakpoint
CREATE INDEX "restock_alerts_created_idx" ON "restock_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "restock_alerts_stop_idx" ON "restock_alerts" USING btree ("stop_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "product_reviews_product_order_idx" ON "product_reviews" USING btree ("product_id","order_id");--> statement-breakpoint
CREATE INDEX "product_reviews_product_status_idx" ON "product_reviews" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "product_reviews_status_created_idx" ON "product_reviews" USING btree ("status","created_at");