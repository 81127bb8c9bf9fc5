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
ALTER TABLE "restock_alerts" ADD CONSTRAINT "restock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restock_alerts_unique_idx" ON "restock_alerts" USING btree ("product_id",lower("email"),coalesce("grams", 0));--> statement-breakpoint
CREATE INDEX "restock_alerts_created_idx" ON "restock_alerts" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "restock_alerts_stop_idx" ON "restock_alerts" USING btree ("stop_token_hash");