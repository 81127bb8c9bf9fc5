CREATE TABLE "gift_card_offer" (
	"id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"amounts_cents" integer[] NOT NULL,
	"custom_min_cents" integer,
	"custom_max_cents" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_card_purchases" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"amount_cents" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"message" text,
	"send_on" date NOT NULL,
	"lang" text NOT NULL,
	"gift_card_id" bigint,
	"issued_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_purchases_amount_check" CHECK ("gift_card_purchases"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "order_id" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_cards_sold_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_purchases" ADD CONSTRAINT "gift_card_purchases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_purchases" ADD CONSTRAINT "gift_card_purchases_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_purchases_waiting_idx" ON "gift_card_purchases" USING btree ("send_on") WHERE "gift_card_purchases"."issued_at" is null;--> statement-breakpoint
CREATE INDEX "gift_card_purchases_order_idx" ON "gift_card_purchases" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;