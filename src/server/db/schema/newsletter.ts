import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    email: text().notNull(),
    lang: text({ enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    /**
     * Double opt-in: set when the link in the confirmation e-mail was used. Only
     * confirmed addresses are subscribers; NULL = pending. Addresses recorded before double
     * opt-in were kept as confirmed at their sign-up time (migration 0029).
     */
    confirmedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_email_lower_idx").on(sql`lower(${t.email})`)],
);

export const NEWSLETTER_TOKEN_PURPOSES = ["confirm", "unsubscribe"] as const;

/**
 * The links in newsletter e-mails: only the sha256 of each 256-bit token is kept. A confirm
 * link is used once; an unsubscribe link (one per e-mail sent) removes the address, and the
 * address's links with it.
 */
export const newsletterTokens = pgTable(
  "newsletter_tokens",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    subscriberId: bigint({ mode: "number" })
      .notNull()
      .references(() => newsletterSubscribers.id, { onDelete: "cascade" }),
    purpose: text({ enum: NEWSLETTER_TOKEN_PURPOSES }).notNull(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("newsletter_tokens_subscriber_idx").on(t.subscriberId, t.purpose, t.createdAt)],
);
