CREATE TABLE "contact_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"subject" text,
	"message" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slug" text,
	"position" integer DEFAULT 0 NOT NULL,
	"question_en" text NOT NULL,
	"question_ar" text DEFAULT '' NOT NULL,
	"answer_en" text NOT NULL,
	"answer_ar" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "policy_sections" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"slug" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"title_en" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"text_en" text DEFAULT '' NOT NULL,
	"text_ar" text DEFAULT '' NOT NULL,
	"points_en" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"points_ar" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trader_enquiries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL,
	"country" text NOT NULL,
	"city" text NOT NULL,
	"phone" text NOT NULL,
	"company_name" text,
	"email" text,
	"activity_type" text,
	"monthly_quantity" text,
	"questions" text,
	"lang" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_new_idx" ON "contact_messages" USING btree ("status") WHERE "contact_messages"."status" = 'new';--> statement-breakpoint
CREATE UNIQUE INDEX "faq_items_slug_idx" ON "faq_items" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "policy_sections_page_slug_idx" ON "policy_sections" USING btree ("page","slug");--> statement-breakpoint
CREATE INDEX "trader_enquiries_created_idx" ON "trader_enquiries" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "trader_enquiries_new_idx" ON "trader_enquiries" USING btree ("status") WHERE "trader_enquiries"."status" = 'new';