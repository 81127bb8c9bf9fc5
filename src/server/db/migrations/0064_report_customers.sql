CREATE TABLE "report_customers" (
	"key" text PRIMARY KEY NOT NULL,
	"first_order_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "orders_report_customer_idx" ON "orders" USING btree (coalesce('u' || "user_id"::text, 'p' || "phone"),"created_at") WHERE "orders"."status" <> 'canceled' or coalesce("orders"."paid_cents", 0) > "orders"."refunded_cents";