CREATE TABLE "season_products" (
	"season_id" bigint NOT NULL,
	"product_id" bigint NOT NULL,
	CONSTRAINT "season_products_season_id_product_id_pk" PRIMARY KEY("season_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"first_day" date NOT NULL,
	"last_day" date NOT NULL,
	"orders_open" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_days_check" CHECK ("seasons"."first_day" <= "seasons"."last_day" AND "seasons"."orders_open" <= "seasons"."last_day")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "daily_cap_grams" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "season_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "season_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "season_name_ar" text;--> statement-breakpoint
ALTER TABLE "season_products" ADD CONSTRAINT "season_products_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "season_products" ADD CONSTRAINT "season_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "season_products_product_idx" ON "season_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "seasons_last_day_idx" ON "seasons" USING btree ("last_day");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_season_idx" ON "orders" USING btree ("season_id");