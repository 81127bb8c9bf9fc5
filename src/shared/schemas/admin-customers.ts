import { z } from "zod";
import { ORDER_STATUSES } from "../domain/order-states.ts";
import { PAYMENT_STATUSES } from "../domain/payments.ts";
import { pageMetaSchema } from "./catalog.ts";
import { text } from "./fields.ts";

/** The back office's customers: English texts, translated by the screens. */
export const CUSTOMER_MESSAGES = {
  NOT_FOUND: "No such customer.",
  PAGE: "The page must be a whole number of at least 1.",
  PER_PAGE: "The per page must be 10, 20 or 50.",
  SEARCH_TOO_LONG: "The search must not be longer than 100 characters.",
  NOTE_REQUIRED: "Please write a note.",
  NOTE_TOO_LONG: "The note must not be longer than 1000 characters.",
  LOAD_FAILED: "The customers could not be loaded.",
  NOTE_FAILED: "The note could not be saved.",
  EXPORT_FAILED: "The export failed.",
} as const;

export const CUSTOMER_PER_PAGE = [10, 20, 50] as const;

const search = text()
  .trim()
  .max(100, CUSTOMER_MESSAGES.SEARCH_TOO_LONG)
  .optional()
  .transform((value) => (value ? value : undefined));

/** `GET /api/admin/customers?search=&page=&per_page=`: newest buyer first. */
export const adminCustomersQuerySchema = z.object({
  /** Name, e-mail or phone; Arabic-normalised like the orders desk's search. */
  search,
  page: z.coerce
    .number({ message: CUSTOMER_MESSAGES.PAGE })
    .int(CUSTOMER_MESSAGES.PAGE)
    .min(1, CUSTOMER_MESSAGES.PAGE)
    .max(1_000_000, CUSTOMER_MESSAGES.PAGE)
    .default(1),
  per_page: z.coerce
    .number()
    .pipe(
      z.union([z.literal(10), z.literal(20), z.literal(50)], {
        message: CUSTOMER_MESSAGES.PER_PAGE,
      }),
    )
    .default(20),
});
export type AdminCustomersQuery = z.output<typeof adminCustomersQuerySchema>;

/** `GET /api/admin/customers.csv?search=`: the same customers as the list, every page. */
export const adminCustomersCsvQuerySchema = z.object({ search });

/**
 * A customer's key: `a-<account id>`, `e-<e-mail in lower case>` or `p-<phone digits>` (sent
 * URL-encoded in the path). Anything else is simply no customer (404).
 */
export const customerKeyParam = z.object({
  key: text({ message: CUSTOMER_MESSAGES.NOT_FOUND }).min(1).max(400),
});

export const adminCustomerSchema = z.object({
  key: z.string(),
  /** An account's (with `user_id`) or a guest buyer's. */
  kind: z.enum(["account", "guest"]),
  user_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The latest order's country (ISO 3166-1 alpha-2), else the account's; null when neither. */
  country: z.string().nullable(),
  order_count: z.number().int(),
  /** Dollars: the money received and kept (orders marked paid; not unpaid, not refunded). */
  total_spent: z.number(),
  last_order_at: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomerListResponseSchema = z.object({
  data: z.array(adminCustomerSchema),
  meta: pageMetaSchema,
});
export type AdminCustomerPage = z.infer<typeof adminCustomerListResponseSchema>;

export const customerNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  author: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  created_at: z.string(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;

export const customerOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  /** Dollars. */
  total: z.number(),
  country: z.string(),
  created_at: z.string(),
});
export type CustomerOrder = z.infer<typeof customerOrderSchema>;

/** The customer's page: the summary, their latest orders (up to 100) and the staff's notes. */
export const adminCustomerDetailSchema = adminCustomerSchema.extend({
  orders: z.array(customerOrderSchema),
  notes: z.array(customerNoteSchema),
});
export type AdminCustomerDetail = z.infer<typeof adminCustomerDetailSchema>;
export const adminCustomerDetailResponseSchema = z.object({ data: adminCustomerDetailSchema });

/** `POST /api/admin/customers/{key}/notes { body }`: 1-1000 characters after trimming. */
export const customerNoteInputSchema = z.object({
  body: text({ message: CUSTOMER_MESSAGES.NOTE_REQUIRED })
    .trim()
    .min(1, CUSTOMER_MESSAGES.NOTE_REQUIRED)
    .max(1000, CUSTOMER_MESSAGES.NOTE_TOO_LONG),
});
export type CustomerNoteInput = z.input<typeof customerNoteInputSchema>;
export const customerNoteResponseSchema = z.object({ data: customerNoteSchema });
