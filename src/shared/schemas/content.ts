import { z } from "zod";

export const POLICY_PAGES = ["privacy", "terms", "refund", "shipping"] as const;
export type PolicyPage = (typeof POLICY_PAGES)[number];

export const CONTENT_MESSAGES = {
  QUESTION_REQUIRED: "The English question is required.",
  ANSWER_REQUIRED: "The English answer is required.",
  TITLE_REQUIRED: "The English title is required.",
  BODY_REQUIRED: "Give the section a text or at least one point.",
  TOO_LONG: "This field is too long.",
} as const;

/** An FAQ item, in both languages (Arabic falls back to English when empty). */
export const faqItemDtoSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  question_en: z.string(),
  question_ar: z.string(),
  answer_en: z.string(),
  answer_ar: z.string(),
  updated_at: z.string(),
});
export type FaqItemDto = z.infer<typeof faqItemDtoSchema>;

/** A policy section: a title with either points (a list) or text. */
export const policySectionDtoSchema = z.object({
  id: z.number().int(),
  page: z.enum(POLICY_PAGES),
  slug: z.string(),
  position: z.number().int(),
  title_en: z.string(),
  title_ar: z.string(),
  text_en: z.string(),
  text_ar: z.string(),
  points_en: z.array(z.string()),
  points_ar: z.array(z.string()),
  updated_at: z.string(),
});
export type PolicySectionDto = z.infer<typeof policySectionDtoSchema>;

const text = (max: number) =>
  z.string().trim().max(max, `${CONTENT_MESSAGES.TOO_LONG} (${max})`).default("");
const required = (message: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, `${CONTENT_MESSAGES.TOO_LONG} (${max})`);
const points = z
  .array(z.string().trim().max(2000, `${CONTENT_MESSAGES.TOO_LONG} (2000)`))
  .max(50)
  .default([])
  .transform((list) => list.filter((point) => point.length > 0));

export const faqItemInputSchema = z.object({
  position: z.coerce.number().int().min(0).max(10_000).default(0),
  question_en: required(CONTENT_MESSAGES.QUESTION_REQUIRED, 500),
  question_ar: text(500),
  answer_en: required(CONTENT_MESSAGES.ANSWER_REQUIRED, 5000),
  answer_ar: text(5000),
});
export type FaqItemInput = z.input<typeof faqItemInputSchema>;

export const policySectionInputSchema = z
  .object({
    position: z.coerce.number().int().min(0).max(10_000).default(0),
    title_en: required(CONTENT_MESSAGES.TITLE_REQUIRED, 300),
    title_ar: text(300),
    text_en: text(10_000),
    text_ar: text(10_000),
    points_en: points,
    points_ar: points,
  })
  .refine((s) => s.text_en.length > 0 || s.points_en.length > 0, {
    message: CONTENT_MESSAGES.BODY_REQUIRED,
    path: ["text_en"],
  });
export type PolicySectionInput = z.input<typeof policySectionInputSchema>;

export const faqListResponseSchema = z.object({ data: z.array(faqItemDtoSchema) });
export const faqItemResponseSchema = z.object({ data: faqItemDtoSchema });
export const policyListResponseSchema = z.object({ data: z.array(policySectionDtoSchema) });
export const policySectionResponseSchema = z.object({ data: policySectionDtoSchema });
export const policyPageParams = z.object({
  page: z.enum(POLICY_PAGES, { message: `The page must be one of: ${POLICY_PAGES.join(", ")}.` }),
});
