import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { CAMPAIGN_STATUSES, type CampaignBlock } from "../../../shared/domain/campaigns.ts";
import { users } from "./accounts.ts";
import { newsletterSubscribers } from "./newsletter.ts";
import { mailOutbox } from "./orders-desk.ts";

/** A newsletter campaign: a subject and a block body per language, sent once. */
export const campaigns = pgTable("campaigns", {
  id: bigserial({ mode: "number" }).primaryKey(),
  subjectEn: text().notNull(),
  subjectAr: text().notNull(),
  bodyEn: jsonb().$type<CampaignBlock[]>().notNull(),
  bodyAr: jsonb().$type<CampaignBlock[]>().notNull(),
  ratePerMinute: integer().notNull().default(60),
  /** draft → scheduled (send_at in the future) → sending (recipients queued) → sent. */
  status: text({ enum: CAMPAIGN_STATUSES }).notNull().default("draft"),
  sendAt: timestamp({ withTimezone: true }),
  finishedAt: timestamp({ withTimezone: true }),
  createdBy: bigint({ mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who a campaign goes to: written in one insert when it starts, one row per confirmed
 * subscriber (the unique key makes a second start add no one twice). The sender hands a row to
 * the mail outbox and stamps it in one transaction, so after a restart nobody gets it twice and
 * nobody is skipped. A subscriber who leaves before their turn is dropped (subscriber_id null).
 */
export const campaignRecipients = pgTable(
  "campaign_recipients",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    campaignId: bigint({ mode: "number" })
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    subscriberId: bigint({ mode: "number" }).references(() => newsletterSubscribers.id, {
      onDelete: "set null",
    }),
    /** When the e-mail went into the outbox (null: still to go). */
    handedAt: timestamp({ withTimezone: true }),
    outboxId: bigint({ mode: "number" }).references(() => mailOutbox.id, { onDelete: "set null" }),
    /** The sha256 of this e-mail's unsubscribe link: an unsubscribe through it counts here. */
    unsubscribeTokenHash: text(),
    unsubscribedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex("campaign_recipients_once_idx").on(t.campaignId, t.subscriberId),
    index("campaign_recipients_waiting_idx")
      .on(t.campaignId, t.id)
      .where(sql`${t.handedAt} is null`),
    index("campaign_recipients_handed_idx").on(t.campaignId, t.handedAt),
    index("campaign_recipients_token_idx").on(t.unsubscribeTokenHash),
  ],
);

/** A cart line as the storefront keeps it (what `POST /api/orders` takes). */
export type SavedCartLine = {
  productId: number;
  grams: number;
  qty: number;
  contents?: Array<{ productId: number; grams: number }>;
};

/**
 * An e-mail a shopper gave at checkout with their consent to one reminder, and their cart. One
 * open row per address (the latest cart wins); once reminded (or closed by an order) a row is
 * done, and a later checkout is a new row. Only the sha256 of the restore link's token is kept.
 */
export const checkoutContacts = pgTable(
  "checkout_contacts",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    email: text().notNull(),
    lang: text({ enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    lines: jsonb().$type<SavedCartLine[]>().notNull(),
    restoreTokenHash: text().notNull().unique(),
    consentAt: timestamp({ withTimezone: true }).notNull(),
    /** The last time the shopper gave the address (the reminder waits from here). */
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    remindedAt: timestamp({ withTimezone: true }),
    /** Set instead when an order with the address came first: no reminder. */
    closedAt: timestamp({ withTimezone: true }),
    /** The next time the job looks at the row (claimed rows are leased ahead). */
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("checkout_contacts_open_idx")
      .on(sql`lower(${t.email})`)
      .where(sql`${t.remindedAt} is null and ${t.closedAt} is null`),
    index("checkout_contacts_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.remindedAt} is null and ${t.closedAt} is null`),
    index("checkout_contacts_reminded_idx").on(t.remindedAt),
  ],
);
