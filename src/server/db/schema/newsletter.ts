import { sql } from "drizzle-orm";
import { bigserial, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: bigserial({ mode: "number" }).primaryKey(),
    email: text().notNull(),
    lang: text({ enum: ["en", "ar"] })
      .notNull()
      .default("en"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("newsletter_email_lower_idx").on(sql`lower(${t.email})`)],
);
