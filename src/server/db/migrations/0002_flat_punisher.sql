CREATE TABLE "categories" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"description_en" text,
	"description_ar" text,
	"image" text,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_weight_options" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"product_id" bigint NOT NULL,
	"grams" integer NOT NULL,
	"price_cents" integer,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_weight_options_product_grams_unique" UNIQUE("product_id","grams"),
	CONSTRAINT "product_weight_options_grams_check" CHECK ("product_weight_options"."grams" > 0),
	CONSTRAINT "product_weight_options_price_check" CHECK ("product_weight_options"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"category_id" bigint,
	"name_en" text NOT NULL,
	"name_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"discount_price_cents" integer,
	"weight" numeric(10, 3),
	"weight_unit" text DEFAULT 'kg' NOT NULL,
	"sku" text NOT NULL,
	"image" text,
	"stock_grams" integer,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_price_check" CHECK ("products"."price_cents" >= 0),
	CONSTRAINT "products_discount_check" CHECK ("products"."discount_price_cents" >= 0 AND "products"."discount_price_cents" <= "products"."price_cents"),
	CONSTRAINT "products_stock_check" CHECK ("products"."stock_grams" >= 0),
	CONSTRAINT "products_weight_unit_check" CHECK ("products"."weight_unit" IN ('g', 'kg', 'lb', 'oz'))
);
--> statement-breakpoint
ALTER TABLE "product_weight_options" ADD CONSTRAINT "product_weight_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_active_idx" ON "products" USING btree ("category_id","active","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_active_created_idx" ON "products" USING btree ("active","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_active_price_idx" ON "products" USING btree ("active",(CASE WHEN "discount_price_cents" > 0 AND "discount_price_cents" < "price_cents" THEN "discount_price_cents" ELSE "price_cents" END),"id");--> statement-breakpoint
CREATE INDEX "products_active_name_idx" ON "products" USING btree ("active","name_en","id");