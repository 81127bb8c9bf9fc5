import { z } from "zod";

/** Reusable field schemas: one definition for the browser form and the server route. */
export const emailField = z
  .string({ message: "The email field is required." })
  .trim()
  .min(1, "The email field is required.")
  .max(254, "The email must not be longer than 254 characters.")
  .pipe(z.email("Please enter a valid email address."));

export const langField = z.enum(["en", "ar"]);
export type Lang = z.infer<typeof langField>;

/** Route params `:id` — a positive integer id; anything else is a 400/404 (never a 500). */
export const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
