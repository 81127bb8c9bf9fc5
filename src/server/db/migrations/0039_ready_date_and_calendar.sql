CREATE TABLE "calendar_days" (
	"day" date PRIMARY KEY NOT NULL,
	"closed" boolean,
	"capacity_grams" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_days_capacity_check" CHECK ("calendar_days"."capacity_grams" IS NULL OR "calendar_days"."capacity_grams" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ready_date" date;--> statement-breakpoint
CREATE INDEX "orders_ready_date_idx" ON "orders" USING btree ("ready_date");