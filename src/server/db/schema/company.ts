import { sql } from "drizzle-orm";
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** The inbox's four states for contact messages and trader enquiries. */
export const INBOX_STATUSES = ["new", "in_progress", "handled", "spam"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];

/** A contact message, as sent from the contact page's form. */
export const contactMessages = pgTable(
  "contact_messages",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    subject: text(),
    message: text().notNull(),
    lang: text({ enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    status: text({ enum: INBOX_STATUSES }).notNull().default("new"),
    /** The owner's internal note; never shown to the sender. */
    note: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("contact_messages_new_idx").on(t.status).where(sql`${t.status} = 'new'`),
  ],
);

/** A trader enquiry; the country is an ISO 3166-1 alpha-2 code. */
export const traderEnquiries = pgTable(
  "trader_enquiries",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    fullName: text().notNull(),
    country: text().notNull(),
    city: text().notNull(),
    phone: text().notNull(),
    companyName: text(),
    email: text(),
    activityType: text(),
    monthlyQuantity: text(),
    questions: text(),
    lang: text({ enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    status: text({ enum: INBOX_STATUSES }).notNull().default("new"),
    note: text().notNull().default(""),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("trader_enquiries_created_idx").on(t.createdAt.desc(), t.id.desc()),
    index("trader_enquiries_new_idx").on(t.status).where(sql`${t.status} = 'new'`),
  ],
);

/** An FAQ item, bilingual (stored content the owner edits). */
export const faqItems = pgTable(
  "faq_items",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    /** Names a seeded item (null for the owner's own), so seeding never duplicates one. */
    slug: text(),
    position: integer().notNull().default(0),
    questionEn: text().notNull(),
    questionAr: text().notNull().default(""),
    answerEn: text().notNull(),
    answerAr: text().notNull().default(""),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("faq_items_slug_idx").on(t.slug)],
);

export const POLICY_PAGES = ["privacy", "terms", "refund", "shipping"] as const;
export type PolicyPage = (typeof POLICY_PAGES)[number];

/**
 * A policy section: a title with either points (a list) or text. `slug` names a seeded
 * section so the seed stays idempotent and a page can be re-seeded without duplicates.
 */
export const policySections = pgTable(
  "policy_sections",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    page: text({ enum: POLICY_PAGES }).notNull(),
    slug: text().notNull(),
    position: integer().notNull().default(0),
    titleEn: text().notNull(),
    titleAr: text().notNull().default(""),
    textEn: text().notNull().default(""),
    textAr: text().notNull().default(""),
    pointsEn: jsonb().$type<string[]>().notNull().default([]),
    pointsAr: jsonb().$type<string[]>().notNull().default([]),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("policy_sections_page_slug_idx").on(t.page, t.slug)],
);
