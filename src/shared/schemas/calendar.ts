import { z } from "zod";
import { isCalendarDate } from "../domain/business-days.ts";
import { CAPACITY_MESSAGES, MAX_CAPACITY_GRAMS } from "../domain/ready-days.ts";
import { text } from "./fields.ts";

const dayField = text({ message: CAPACITY_MESSAGES.DAY_INVALID })
  .trim()
  .refine(isCalendarDate, CAPACITY_MESSAGES.DAY_INVALID);

/** `GET /api/admin/calendar?from=&to=`: up to 400 days, `from` not after `to`. */
export const calendarQuerySchema = z
  .object({ from: dayField, to: dayField })
  .refine(
    (q) =>
      q.from <= q.to &&
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 < 400,
    { message: CAPACITY_MESSAGES.RANGE, path: ["to"] },
  );

export const calendarDayParamsSchema = z.object({ date: dayField });

/**
 * `PUT /api/admin/calendar/{date}`: what the owner changes on one day. `closed` null follows
 * the weekday; `capacity_grams` null follows the weekday's figure. A field left out is kept.
 */
export const calendarDayInputSchema = z.object({
  closed: z.boolean({ message: "closed must be true, false or null." }).nullable().optional(),
  capacity_grams: z
    .number({ message: CAPACITY_MESSAGES.CAPACITY })
    .int(CAPACITY_MESSAGES.CAPACITY)
    .min(0, CAPACITY_MESSAGES.CAPACITY)
    .max(MAX_CAPACITY_GRAMS, CAPACITY_MESSAGES.CAPACITY)
    .nullable()
    .optional(),
});
export type CalendarDayInput = z.infer<typeof calendarDayInputSchema>;

export const calendarDaySchema = z.object({
  date: z.string(),
  weekday: z.number().int(),
  /** Grams the kitchen makes that day (the date's own figure, else the weekday's); null = no limit. */
  capacity_grams: z.number().int().nullable(),
  /** Grams held by the orders ready that day (cancelled and refunded ones never count). */
  booked_grams: z.number().int(),
  orders: z.number().int(),
  closed: z.boolean(),
  /** What the owner set on this date (null = as the weekday). */
  override: z
    .object({ closed: z.boolean().nullable(), capacity_grams: z.number().nullable() })
    .nullable(),
  season: z.object({ id: z.number().int(), name: z.string(), name_ar: z.string() }).nullable(),
});
export type CalendarDay = z.infer<typeof calendarDaySchema>;

export const calendarResponseSchema = z.object({ data: z.array(calendarDaySchema) });
export const calendarDayResponseSchema = z.object({ data: calendarDaySchema });
