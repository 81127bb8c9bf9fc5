CREATE TABLE "gift_card_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"gift_card_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"order_id" bigint,
	"actor" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"last_four" text NOT NULL,
	"initial_cents" integer NOT NULL,
	"balance_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"recipient_email" text,
	"note" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"issued_by_admin_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "gift_cards_codeHash_unique" UNIQUE("code_hash"),
	CONSTRAINT "gift_cards_balance_check" CHECK ("gift_cards"."balance_cents" >= 0)
);
--> statement-breakpoint
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
ALTER TABLE "orders" ADD COLUMN "gift_card_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_entries" ADD CONSTRAINT "gift_card_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_issued_by_admin_id_users_id_fk" FOREIGN KEY ("issued_by_admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_entries_card_idx" ON "gift_card_entries" USING btree ("gift_card_id","id");--> statement-breakpoint
CREATE INDEX "gift_cards_last_four_idx" ON "gift_cards" USING btree ("last_four");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_one_standing_idx" ON "promotions" USING btree ("standing") WHERE "promotions"."standing";