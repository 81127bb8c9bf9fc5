import { z } from "zod";
import { isCalendarDate } from "../domain/business-days.ts";
import { CAPACITY_MESSAGES } from "../domain/ready-days.ts";
import { text } from "./fields.ts";

const dayField = text({ message: CAPACITY_MESSAGES.DAY_INVALID })
  .trim()
  .refine(isCalendarDate, CAPACITY_MESSAGES.DAY_INVALID);

/** `GET /api/admin/production?from=&to=[&format=csv]`: ready days, up to 400, in order. */
export const productionQuerySchema = z
  .object({
    from: dayField,
    to: dayField,
    format: z.enum(["json", "csv"], { message: "format must be json or csv." }).optional(),
  })
  .refine(
    (q) =>
      q.from <= q.to &&
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < 400,
    { message: CAPACITY_MESSAGES.RANGE, path: ["to"] },
  );

export const productionSheetSchema = z.object({
  from: z.string(),
  to: z.string(),
  products: z.array(
    z.object({
      product_id: z.number().int().nullable(),
      name: z.string(),
      name_ar: z.string(),
      /** Grams to make. */
      grams: z.number().int(),
      /** Packs per weight option, heaviest first. */
      options: z.array(z.object({ grams: z.number().int(), count: z.number().int() })),
      /** The numbers of the orders behind the figure. */
      orders: z.array(z.string()),
    }),
  ),
  /** Orders to gift-wrap. */
  gift_wraps: z.number().int(),
  /** Orders counted (cancelled and refunded ones never are). */
  orders: z.number().int(),
});
export type ProductionSheet = z.infer<typeof productionSheetSchema>;
export const productionResponseSchema = z.object({ data: productionSheetSchema });

/** `GET /api/admin/production/pack-list?date=`: one ready day. */
export const packListQuerySchema = z.object({ date: dayField });

/** One order as the driver or the counter packs it, in slot order (then by number). */
export const packListEntrySchema = z.object({
  number: z.string(),
  name: z.string(),
  phone: z.string(),
  kind: z.enum(["delivery", "pickup"]),
  method: z.string(),
  method_ar: z.string(),
  country: z.string(),
  city: z.string(),
  address: z.string(),
  notes: z.string().nullable(),
  /** The delivery or pickup time slot, or null. */
  slot: z.object({ id: z.string(), label: z.string(), label_ar: z.string() }).nullable(),
  payment_method: z.string(),
  /** Dollars to collect on delivery or at the counter: a cash-on-delivery order's balance due, else 0. */
  to_collect: z.number(),
  gift_wrap: z.boolean(),
  lines: z.array(
    z.object({
      name: z.string(),
      name_ar: z.string(),
      grams: z.number().int(),
      qty: z.number().int(),
    }),
  ),
});
export type PackListEntry = z.infer<typeof packListEntrySchema>;
export const packListResponseSchema = z.object({ data: z.array(packListEntrySchema) });
