import { z } from "zod";
import { TEXT_NOT_ALLOWED } from "../domain/validation-messages.ts";

// Defined with the other texts, free of zod, for the browser's message translator.
export { TEXT_NOT_ALLOWED };

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True for text PostgreSQL cannot store: a NUL byte (text columns reject it) or a lone
 * surrogate (not encodable as UTF-8). Either would otherwise fail in the database as a 500.
 */
export function hasForbiddenChars(value: string): boolean {
  return value.includes("\0") || LONE_SURROGATE.test(value);
}

/** The text without NUL bytes and lone surrogates (for query strings, which are lenient). */
export function cleanText(value: string): string {
  return value.replaceAll("\0", "").replace(new RegExp(LONE_SURROGATE, "g"), "");
}

/**
 * THE text schema: every text field a client sends (body, query, params) starts with `text()`
 * instead of `z.string()`, so NUL bytes and lone surrogates are a 422/400 keyed by the field.
 * Chain as usual: `text({ message }).trim().min(1, message).max(120, ...)`.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((value) => !hasForbiddenChars(value), {
    message: TEXT_NOT_ALLOWED,
    abort: true,
  });

/** Reusable field schemas: one definition for the browser form and the server route. */
export const emailField = text({ message: "The email field is required." })
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
