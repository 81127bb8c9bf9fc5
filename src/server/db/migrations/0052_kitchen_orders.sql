CREATE TABLE "kitchen_dish_portions" (
	"dish_id" bigint NOT NULL,
	"day" date NOT NULL,
	"sold" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "kitchen_dish_portions_dish_id_day_pk" PRIMARY KEY("dish_id","day"),
	CONSTRAINT "kitchen_dish_portions_sold_check" CHECK ("kitchen_dish_portions"."sold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_dish_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"dish_id" bigint,
	"name_en" text NOT NULL,
	"name_ar" text NOT NULL,
	"day" date NOT NULL,
	"portions" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"line_total_cents" integer NOT NULL,
	CONSTRAINT "order_dish_lines_portions_check" CHECK ("order_dish_lines"."portions" > 0)
);
--> statement-breakpoint
ALTER TABLE "kitchen_dishes" ADD COLUMN "portions_per_day" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kitchen_step" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kitchen_steps" jsonb;--> statement-breakpoint
ALTER TABLE "kitchen_dish_portions" ADD CONSTRAINT "kitchen_dish_portions_dish_id_kitchen_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."kitchen_dishes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_dish_lines" ADD CONSTRAINT "order_dish_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_dish_lines" ADD CONSTRAINT "order_dish_lines_dish_id_kitchen_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."kitchen_dishes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_dish_lines_order_idx" ON "order_dish_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_dish_lines_day_idx" ON "order_dish_lines" USING btree ("day");--> statement-breakpoint
CREATE INDEX "orders_ready_date_slot_idx" ON "orders" USING btree ("ready_date","slot");--> statement-breakpoint
ALTER TABLE "kitchen_dishes" ADD CONSTRAINT "kitchen_dishes_portions_check" CHECK ("kitchen_dishes"."portions_per_day" > 0);