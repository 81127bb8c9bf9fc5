import { z } from "zod";
import { isCountryCode } from "../domain/countries.ts";
import { MESSAGES } from "../domain/validation-messages.ts";
import { pageMetaSchema } from "./catalog.ts";

/** One definition for the contact and trader forms (browser) and their routes (server). */
export const INBOX_MESSAGES = {
  NAME_REQUIRED: "The name field is required.",
  FULL_NAME_REQUIRED: "The full name field is required.",
  EMAIL_REQUIRED: "The email field is required.",
  EMAIL_INVALID: "Please enter a valid email address.",
  PHONE_REQUIRED: "The phone field is required.",
  PHONE_INVALID: "Please enter a valid phone number.",
  MESSAGE_REQUIRED: "The message field is required.",
  COUNTRY_REQUIRED: "Please choose a country.",
  COUNTRY_INVALID: "Please choose a country from the list.",
  CITY_REQUIRED: "The city field is required.",
  TOO_LONG: "This field is too long.",
  /** The fixed text, shown by the contact form before anything is sent. */
  FILL_REQUIRED: MESSAGES.CONTACT_REQUIRED,
} as const;

const requiredText = (message: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, `${INBOX_MESSAGES.TOO_LONG} (${max})`);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `${INBOX_MESSAGES.TOO_LONG} (${max})`)
    .nullish()
    .transform((value) => (value ? value : null));

const phoneField = z
  .string({ message: INBOX_MESSAGES.PHONE_REQUIRED })
  .trim()
  .min(1, INBOX_MESSAGES.PHONE_REQUIRED)
  .regex(/^\+?[0-9][0-9 ()-]{4,22}$/, INBOX_MESSAGES.PHONE_INVALID);

const requiredEmail = z
  .string({ message: INBOX_MESSAGES.EMAIL_REQUIRED })
  .trim()
  .min(1, INBOX_MESSAGES.EMAIL_REQUIRED)
  .max(254, INBOX_MESSAGES.EMAIL_INVALID)
  .pipe(z.email(INBOX_MESSAGES.EMAIL_INVALID));

const optionalEmail = z
  .string()
  .trim()
  .max(254, INBOX_MESSAGES.EMAIL_INVALID)
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(z.email(INBOX_MESSAGES.EMAIL_INVALID).nullable());

const langField = z.enum(["en", "ar"]).optional();

/** A contact message: name, email, phone, message required; subject optional. */
export const contactMessageSchema = z.object({
  name: requiredText(INBOX_MESSAGES.NAME_REQUIRED, 120),
  email: requiredEmail,
  phone: phoneField,
  subject: optionalText(200),
  message: requiredText(INBOX_MESSAGES.MESSAGE_REQUIRED, 5000),
  lang: langField,
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

/** A trader enquiry: full name, country, city, phone required; the rest optional. */
export const traderEnquirySchema = z.object({
  full_name: requiredText(INBOX_MESSAGES.FULL_NAME_REQUIRED, 120),
  country: z
    .string({ message: INBOX_MESSAGES.COUNTRY_REQUIRED })
    .trim()
    .min(1, INBOX_MESSAGES.COUNTRY_REQUIRED)
    .transform((value) => value.toUpperCase())
    .refine(isCountryCode, INBOX_MESSAGES.COUNTRY_INVALID),
  city: requiredText(INBOX_MESSAGES.CITY_REQUIRED, 120),
  phone: phoneField,
  company_name: optionalText(200),
  email: optionalEmail,
  activity_type: optionalText(200),
  monthly_quantity: optionalText(200),
  questions: optionalText(5000),
  lang: langField,
});
export type TraderEnquiryInput = z.input<typeof traderEnquirySchema>;
export type TraderEnquiry = z.output<typeof traderEnquirySchema>;

export const receivedResponseSchema = z.object({
  data: z.object({ id: z.number().int(), received: z.literal(true) }),
});

// ---- Admin inbox ----

export const INBOX_STATUSES = ["new", "in_progress", "handled", "spam"] as const;
export type InboxStatus = (typeof INBOX_STATUSES)[number];
export const INBOX_PER_PAGE = [10, 20, 50] as const;

export const inboxListQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z
    .enum(INBOX_STATUSES, { message: `The status must be one of: ${INBOX_STATUSES.join(", ")}.` })
    .optional(),
  page: z.coerce
    .number({ message: "The page must be a whole number of at least 1." })
    .int("The page must be a whole number of at least 1.")
    .min(1, "The page must be a whole number of at least 1.")
    .max(1_000_000, "The page must be a whole number of at least 1.")
    .default(1),
  per_page: z.coerce
    .number()
    .pipe(
      z.union([z.literal(10), z.literal(20), z.literal(50)], {
        message: "The per page must be 10, 20 or 50.",
      }),
    )
    .default(20),
  format: z.enum(["json", "csv"], { message: "The format must be json or csv." }).default("json"),
});
export type InboxListQuery = z.output<typeof inboxListQuerySchema>;

export const inboxPatchSchema = z
  .object({
    status: z
      .enum(INBOX_STATUSES, {
        message: `The status must be one of: ${INBOX_STATUSES.join(", ")}.`,
      })
      .optional(),
    note: z.string().max(5000, `${INBOX_MESSAGES.TOO_LONG} (5000)`).optional(),
  })
  .refine((body) => body.status !== undefined || body.note !== undefined, {
    message: "Send a status or a note.",
    path: ["status"],
  });
export type InboxPatch = z.output<typeof inboxPatchSchema>;

const inboxCommon = {
  id: z.number().int(),
  status: z.enum(INBOX_STATUSES),
  note: z.string(),
  lang: z.enum(["en", "ar"]),
  created_at: z.string(),
  updated_at: z.string(),
};

export const contactMessageDtoSchema = z.object({
  ...inboxCommon,
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.string().nullable(),
  message: z.string(),
});
export type ContactMessageDto = z.infer<typeof contactMessageDtoSchema>;

export const traderEnquiryDtoSchema = z.object({
  ...inboxCommon,
  full_name: z.string(),
  country: z.string(),
  city: z.string(),
  phone: z.string(),
  company_name: z.string().nullable(),
  email: z.string().nullable(),
  activity_type: z.string().nullable(),
  monthly_quantity: z.string().nullable(),
  questions: z.string().nullable(),
});
export type TraderEnquiryDto = z.infer<typeof traderEnquiryDtoSchema>;

export const subscriberDtoSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  lang: z.enum(["en", "ar"]),
  created_at: z.string(),
  /** Double opt-in: null while the address waits for its confirmation. */
  confirmed_at: z.string().nullable(),
});
export type SubscriberDto = z.infer<typeof subscriberDtoSchema>;

export const contactMessageListSchema = z.object({
  data: z.array(contactMessageDtoSchema),
  meta: pageMetaSchema,
});
export const traderEnquiryListSchema = z.object({
  data: z.array(traderEnquiryDtoSchema),
  meta: pageMetaSchema,
});
export const subscriberListSchema = z.object({
  data: z.array(subscriberDtoSchema),
  meta: pageMetaSchema,
});

/** Unread (status new) counts for the side menu; subscribers as a total. */
export const inboxCountsSchema = z.object({
  data: z.object({
    contact_messages: z.number().int(),
    trader_enquiries: z.number().int(),
    subscribers: z.number().int(),
  }),
});
export type InboxCounts = z.infer<typeof inboxCountsSchema>["data"];
