import type { NewsletterSubscribeInput } from "../../../shared/schemas/newsletter.ts";
import type { Db } from "../../db/client.ts";
import { newsletterSubscribers } from "../../db/schema/newsletter.ts";

export function createNewsletterService(db: Db) {
  return {
    /** Idempotent: subscribing twice keeps one row and is not an error. */
    async subscribe(input: NewsletterSubscribeInput): Promise<{ created: boolean }> {
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ email: input.email, lang: input.lang ?? "en" })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      return { created: inserted.length > 0 };
    },
  };
}
export type NewsletterService = ReturnType<typeof createNewsletterService>;
