import { z } from "zod";
import { NEWSLETTER_MESSAGES } from "../domain/newsletter.ts";
import { emailField, text } from "./fields.ts";

export const newsletterSubscribeSchema = z.object({
  email: emailField,
  lang: z.enum(["en", "ar"]).optional(),
});
export type NewsletterSubscribeInput = z.infer<typeof newsletterSubscribeSchema>;

export { NEWSLETTER_MESSAGES };

/** A link's token: 32 random bytes, base64url. */
// Empty is left to the "required" rule, so an empty token gets that message alone.
const TOKEN = /^(?:[A-Za-z0-9_-]{43})?$/;

export const newsletterTokenField = text({ message: NEWSLETTER_MESSAGES.TOKEN_REQUIRED })
  .trim()
  .min(1, NEWSLETTER_MESSAGES.TOKEN_REQUIRED)
  .regex(TOKEN, NEWSLETTER_MESSAGES.TOKEN_INVALID);

export const newsletterTokenSchema = z.object({ token: newsletterTokenField });
export type NewsletterTokenInput = z.infer<typeof newsletterTokenSchema>;

/**
 * The one answer to a subscription, whatever the address's state (new, waiting for its
 * confirmation, already confirmed): `confirmation` says whether this shop sends the
 * confirmation e-mail now (SMTP set) or only later, never anything about the address.
 */
export const newsletterSubscribedSchema = z.object({
  data: z.object({ email: z.string(), confirmation: z.enum(["email", "later"]) }),
});
export type NewsletterSubscribed = z.infer<typeof newsletterSubscribedSchema>["data"];
