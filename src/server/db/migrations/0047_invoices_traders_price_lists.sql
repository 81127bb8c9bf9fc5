CREATE TABLE "invoice_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"year" integer NOT NULL,
	"seq" integer NOT NULL,
	"order_id" bigint NOT NULL,
	"invoice_id" bigint,
	"total_cents" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "invoices_credit_note_refers_check" CHECK (("invoices"."kind" = 'invoice') = ("invoices"."invoice_id" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"min_order_total_cents" integer DEFAULT 0 NOT NULL,
	"products" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_min_total_check" CHECK ("price_lists"."min_order_total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "traders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"company_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"tax_number" text,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"price_list_id" bigint,
	"terms_days" integer DEFAULT 0 NOT NULL,
	"credit_limit_cents" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"enquiry_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "traders_terms_check" CHECK ("traders"."terms_days" >= 0 AND "traders"."terms_days" <= 365 AND "traders"."credit_limit_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traders" ADD CONSTRAINT "traders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traders" ADD CONSTRAINT "traders_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traders" ADD CONSTRAINT "traders_enquiry_id_trader_enquiries_id_fk" FOREIGN KEY ("enquiry_id") REFERENCES "public"."trader_enquiries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_per_order_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_credit_note_idx" ON "invoices" USING btree ("invoice_id") WHERE "invoices"."kind" = 'credit_note';--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "traders_user_idx" ON "traders" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "traders_enquiry_idx" ON "traders" USING btree ("enquiry_id");