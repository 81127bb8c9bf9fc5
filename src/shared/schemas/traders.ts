import { z } from "zod";
import { isCalendarDate } from "../domain/business-days.ts";
import { ACCOUNT_STATES } from "../domain/trade-terms.ts";
import { TRADER_STATUS_VALUES } from "../domain/traders.ts";
import { text } from "./fields.ts";

export const TRADER_MESSAGES = {
  NAME: "Give the list a name (at most 120 characters).",
  MONEY: "An amount from 0 to 1,000,000 with at most two decimals.",
  PRICE: "A price per kg above 0 and up to 100,000, with at most two decimals.",
  GRAMS: "A whole number of grams from 0 to 10,000,000.",
  ID: "Choose an existing record.",
  TERMS: "Payment terms are a whole number of days from 0 to 365.",
  STATUS: "The status is active or suspended.",
  COMPANY: "Give the company's name (at most 200 characters).",
  CONTACT: "Give the contact's name (at most 120 characters).",
  EMAIL: "Please enter a valid email address.",
  PHONE: "Please enter a valid phone number.",
  COUNTRY: "The country is a two-letter code.",
  TAX_NUMBER: "The tax number is at most 60 characters.",
  LIST_NOT_FOUND: "Price list not found.",
  LIST_IN_USE: "Traders buy under this price list: move them to another list first.",
  TRADER_NOT_FOUND: "Trader not found.",
  ENQUIRY_NOT_FOUND: "Trader enquiry not found.",
  ENQUIRY_NO_EMAIL: "The enquiry gives no e-mail address: add the trader by hand with one.",
  ALREADY_TRADER: "This account is already a trader.",
  ALREADY_APPROVED: "This enquiry was already approved.",
  UNKNOWN_PRODUCT: "There is no such product.",
  UNKNOWN_CATEGORY: "There is no such category.",
  SUSPENDED: "This trader account is suspended. Please contact the shop.",
} as const;

const twoDecimals = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
const money = z
  .number({ message: TRADER_MESSAGES.MONEY })
  .min(0, TRADER_MESSAGES.MONEY)
  .max(1_000_000, TRADER_MESSAGES.MONEY)
  .refine(twoDecimals, TRADER_MESSAGES.MONEY);
const pricePerKg = z
  .number({ message: TRADER_MESSAGES.PRICE })
  .gt(0, TRADER_MESSAGES.PRICE)
  .max(100_000, TRADER_MESSAGES.PRICE)
  .refine(twoDecimals, TRADER_MESSAGES.PRICE);
const grams = z
  .number({ message: TRADER_MESSAGES.GRAMS })
  .int(TRADER_MESSAGES.GRAMS)
  .min(0, TRADER_MESSAGES.GRAMS)
  .max(10_000_000, TRADER_MESSAGES.GRAMS);
const id = z
  .number({ message: TRADER_MESSAGES.ID })
  .int(TRADER_MESSAGES.ID)
  .positive(TRADER_MESSAGES.ID);

/** `POST /api/admin/price-lists`, `PUT /api/admin/price-lists/{id}` (money in dollars). */
export const priceListInputSchema = z.object({
  name: text({ message: TRADER_MESSAGES.NAME })
    .trim()
    .min(1, TRADER_MESSAGES.NAME)
    .max(120, TRADER_MESSAGES.NAME),
  min_order_total: money.default(0),
  products: z
    .array(
      z.object({
        product_id: id,
        price_per_kg: pricePerKg,
        min_grams: grams.default(0),
        tiers: z
          .array(z.object({ from_grams: grams, price_per_kg: pricePerKg }))
          .max(10)
          .default([]),
      }),
    )
    .max(500)
    .default([]),
  categories: z
    .array(
      z.object({
        category_id: id,
        // Checked by the shared rules (1-100, whole): one message for the form and the API.
        percent_off: z.number({ message: "The percentage off is a whole number from 1 to 100." }),
      }),
    )
    .max(200)
    .default([]),
});
export type PriceListInput = z.infer<typeof priceListInputSchema>;

export const priceListDtoSchema = priceListInputSchema.extend({
  id: z.number().int(),
  min_order_total: z.number(),
  updated_at: z.string(),
});
export type PriceListDto = z.infer<typeof priceListDtoSchema>;

/** The terms an owner gives a trader (approving an enquiry, or editing the trader). */
const termsFields = {
  price_list_id: id.nullable(),
  terms_days: z
    .number({ message: TRADER_MESSAGES.TERMS })
    .int(TRADER_MESSAGES.TERMS)
    .min(0, TRADER_MESSAGES.TERMS)
    .max(365, TRADER_MESSAGES.TERMS),
  credit_limit: money,
};

/** `POST /api/admin/inbox/{id}/approve-trader`. */
export const approveTraderSchema = z.object({
  ...termsFields,
  price_list_id: termsFields.price_list_id.default(null),
  terms_days: termsFields.terms_days.default(0),
  credit_limit: money.default(0),
});

const phone = text({ message: TRADER_MESSAGES.PHONE })
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{4,22}$/, TRADER_MESSAGES.PHONE);

/** `POST /api/admin/traders`: a trader the owner adds by hand. */
export const traderCreateSchema = z.object({
  company_name: text({ message: TRADER_MESSAGES.COMPANY })
    .trim()
    .min(1, TRADER_MESSAGES.COMPANY)
    .max(200, TRADER_MESSAGES.COMPANY),
  contact_name: text({ message: TRADER_MESSAGES.CONTACT })
    .trim()
    .min(1, TRADER_MESSAGES.CONTACT)
    .max(120, TRADER_MESSAGES.CONTACT),
  email: text({ message: TRADER_MESSAGES.EMAIL })
    .trim()
    .max(254, TRADER_MESSAGES.EMAIL)
    .pipe(z.email(TRADER_MESSAGES.EMAIL)),
  phone,
  country: text({ message: TRADER_MESSAGES.COUNTRY })
    .trim()
    .regex(/^[A-Za-z]{2}$/, TRADER_MESSAGES.COUNTRY)
    .transform((v) => v.toUpperCase()),
  tax_number: text({ message: TRADER_MESSAGES.TAX_NUMBER })
    .trim()
    .max(60, TRADER_MESSAGES.TAX_NUMBER)
    .nullable()
    .default(null),
  lang: z.enum(["en", "ar"]).default("en"),
  ...termsFields,
  price_list_id: termsFields.price_list_id.default(null),
  terms_days: termsFields.terms_days.default(0),
  credit_limit: money.default(0),
});
export type TraderCreateInput = z.infer<typeof traderCreateSchema>;

/** `PATCH /api/admin/traders/{id}`: any of these. */
export const traderPatchSchema = z
  .object({
    status: z.enum(TRADER_STATUS_VALUES, { message: TRADER_MESSAGES.STATUS }),
    company_name: traderCreateSchema.shape.company_name,
    tax_number: traderCreateSchema.shape.tax_number,
    ...termsFields,
  })
  .partial();
export type TraderPatch = z.infer<typeof traderPatchSchema>;

export const traderDtoSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  email: z.string(),
  company_name: z.string(),
  contact_name: z.string(),
  tax_number: z.string().nullable(),
  country: z.string(),
  phone: z.string(),
  lang: z.enum(["en", "ar"]),
  price_list_id: z.number().int().nullable(),
  terms_days: z.number().int(),
  credit_limit: z.number(),
  status: z.enum(TRADER_STATUS_VALUES),
  enquiry_id: z.number().int().nullable(),
  created_at: z.string(),
});
export type TraderDto = z.infer<typeof traderDtoSchema>;

/**
 * `GET /api/account/trader`: the signed-in account's trade terms, or null for a retail account
 * (and a suspended trader). The storefront asks once after sign-in to show trader prices.
 */
export const accountTraderSchema = z.object({
  company_name: z.string(),
  /** Days to pay an order on invoice; 0 = no terms (pays at checkout like retail). */
  terms_days: z.number().int(),
  credit_limit: z.number(),
  /** The price list's minimum order total, dollars; 0 = none. */
  min_order_total: z.number(),
});
export type AccountTrader = z.infer<typeof accountTraderSchema>;
export const accountTraderResponseSchema = z.object({ data: accountTraderSchema.nullable() });

/** `GET /api/admin/receivables`: what each trader owes on invoice, by how late it is. */
export const receivableTraderSchema = z.object({
  /** The trader's id. */
  id: z.number().int(),
  company_name: z.string(),
  email: z.string(),
  lang: z.enum(["en", "ar"]),
  /** Dollars per ageing bucket (days past the due date, on the business clock). */
  total: z.number(),
  current: z.number(),
  days_1_30: z.number(),
  days_31_60: z.number(),
  over_60: z.number(),
  invoices: z.array(
    z.object({
      /** Payments are recorded against the order (`POST /api/admin/orders/{id}/payments`). */
      order_id: z.number().int(),
      order_number: z.string(),
      /** The invoice's number once issued (on confirmation), else null. */
      invoice_number: z.string().nullable(),
      total: z.number(),
      due_date: z.string(),
      days_overdue: z.number().int(),
      bucket: z.enum(["current", "1_30", "31_60", "over_60"]),
    }),
  ),
});
export type ReceivableTrader = z.infer<typeof receivableTraderSchema>;
export const receivablesResponseSchema = z.object({
  data: z.array(receivableTraderSchema),
  /** The business date the ageing is counted on. */
  as_of: z.string(),
});

export const STATEMENT_MESSAGES = {
  DATE: "The date must be a calendar date written YYYY-MM-DD.",
  RANGE: "The start date must not be after the end date.",
  FORMAT: "The format must be csv or pdf.",
} as const;

const statementDay = text({ message: STATEMENT_MESSAGES.DATE })
  .trim()
  .refine(isCalendarDate, STATEMENT_MESSAGES.DATE);

/** `GET /api/account/statement`: the account's orders placed from `from` to `to` (business days). */
export const statementQuerySchema = z
  .object({
    from: statementDay,
    to: statementDay,
    format: z.enum(["csv", "pdf"], { message: STATEMENT_MESSAGES.FORMAT }).default("csv"),
    /** The PDF's language; the trader's own when not given. */
    lang: z.enum(["en", "ar"]).optional(),
  })
  .refine((q) => q.from <= q.to, { message: STATEMENT_MESSAGES.RANGE, path: ["to"] });

/** One order on a trader's account (the account page and the statement). */
export const accountLedgerOrderSchema = z.object({
  number: z.string(),
  /** Business date it was placed. */
  date: z.string(),
  payment_method: z.string(),
  total: z.number(),
  due_date: z.string().nullable(),
  state: z.enum(ACCOUNT_STATES),
  /** The invoice once issued: `url` downloads it with the account's token. */
  invoice: z.object({ number: z.string(), url: z.string() }).nullable(),
});
export type AccountLedgerOrder = z.infer<typeof accountLedgerOrderSchema>;

/** `GET /api/account/trader/ledger`: a trader's recent orders and what it owes. */
export const accountLedgerSchema = z.object({
  /** Unpaid on invoice, not yet past its due date (dollars). */
  due: z.number(),
  /** Unpaid on invoice, past its due date (dollars). */
  overdue: z.number(),
  /** The business date `due` and `overdue` are counted on. */
  as_of: z.string(),
  /** The newest first, at most 50. */
  orders: z.array(accountLedgerOrderSchema),
});
export type AccountLedger = z.infer<typeof accountLedgerSchema>;
export const accountLedgerResponseSchema = z.object({ data: accountLedgerSchema.nullable() });
