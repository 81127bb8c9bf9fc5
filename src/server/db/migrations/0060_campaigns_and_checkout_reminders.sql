CREATE TABLE "campaign_recipients" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"campaign_id" bigint NOT NULL,
	"subscriber_id" bigint,
	"handed_at" timestamp with time zone,
	"outbox_id" bigint,
	"unsubscribe_token_hash" text,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_en" text NOT NULL,
	"subject_ar" text NOT NULL,
	"body_en" jsonb NOT NULL,
	"body_ar" jsonb NOT NULL,
	"rate_per_minute" integer DEFAULT 60 NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"send_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_contacts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"lines" jsonb NOT NULL,
	"restore_token_hash" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkout_contacts_restoreTokenHash_unique" UNIQUE("restore_token_hash")
);
--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_subscriber_id_newsletter_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."newsletter_subscribers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_once_idx" ON "campaign_recipients" USING btree ("campaign_id","subscriber_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_waiting_idx" ON "campaign_recipients" USING btree ("campaign_id","id") WHERE "campaign_recipients"."handed_at" is null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_handed_idx" ON "campaign_recipients" USING btree ("campaign_id","handed_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_token_idx" ON "campaign_recipients" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_contacts_open_idx" ON "checkout_contacts" USING btree (lower("email")) WHERE "checkout_contacts"."reminded_at" is null and "checkout_contacts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "checkout_contacts_due_idx" ON "checkout_contacts" USING btree ("next_attempt_at") WHERE "checkout_contacts"."reminded_at" is null and "checkout_contacts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "checkout_contacts_reminded_idx" ON "checkout_contacts" USING btree ("reminded_at");