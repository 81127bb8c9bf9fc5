import { z } from "zod";
import { emailField } from "./fields.ts";

export const newsletterSubscribeSchema = z.object({
  email: emailField,
  lang: z.enum(["en", "ar"]).optional(),
});
export type NewsletterSubscribeInput = z.infer<typeof newsletterSubscribeSchema>;
