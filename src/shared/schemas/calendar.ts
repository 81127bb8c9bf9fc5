import { z } from "zod";
import { isCalendarDate } from "../domain/business-days.ts";
import { CAPACITY_MESSAGES, MAX_CAPACITY_GRAMS } from "../domain/ready-days.ts";
import { SEASON_MESSAGES } from "../domain/seasons.ts";
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

// ---- Seasons ----

const seasonDay = text({ message: SEASON_MESSAGES.DAY })
  .trim()
  .refine(isCalendarDate, SEASON_MESSAGES.DAY);

/** `POST /api/admin/seasons`, `PUT /api/admin/seasons/{id}`: the whole season each time. */
export const seasonInputSchema = z.object({
  name: text({ message: SEASON_MESSAGES.NAME })
    .trim()
    .min(1, SEASON_MESSAGES.NAME)
    .max(80, SEASON_MESSAGES.NAME),
  name_ar: text({ message: SEASON_MESSAGES.NAME }).trim().max(80, SEASON_MESSAGES.NAME).default(""),
  first_day: seasonDay,
  last_day: seasonDay,
  orders_open: seasonDay,
  /** Products sold only in this season; empty = none. */
  product_ids: z
    .array(
      z
        .number({ message: SEASON_MESSAGES.PRODUCTS })
        .int(SEASON_MESSAGES.PRODUCTS)
        .positive(SEASON_MESSAGES.PRODUCTS)
        .max(2_147_483_647, SEASON_MESSAGES.PRODUCTS),
      { message: SEASON_MESSAGES.PRODUCTS },
    )
    .max(200, SEASON_MESSAGES.PRODUCTS)
    .default([])
    .transform((ids) => [...new Set(ids)]),
});
export type SeasonInput = z.input<typeof seasonInputSchema>;
export type SeasonValues = z.output<typeof seasonInputSchema>;

export const seasonParamsSchema = z.object({
  id: z.coerce
    .number({ message: SEASON_MESSAGES.NOT_FOUND })
    .int(SEASON_MESSAGES.NOT_FOUND)
    .positive(SEASON_MESSAGES.NOT_FOUND)
    .max(2_147_483_647, SEASON_MESSAGES.NOT_FOUND),
});

const bilingualLabel = z.object({ en: z.string(), ar: z.string() });

export const seasonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_ar: z.string(),
  first_day: z.string(),
  last_day: z.string(),
  orders_open: z.string(),
  product_ids: z.array(z.number().int()),
  /** Checkout offers its days today (from the day orders open to its last day). */
  open: z.boolean(),
  /** The first and last day in the Umm al-Qura Hijri calendar, in both languages. */
  hijri: z.object({ first_day: bilingualLabel, last_day: bilingualLabel }),
});
export type SeasonDto = z.infer<typeof seasonSchema>;

export const seasonResponseSchema = z.object({ data: seasonSchema });
export const seasonListResponseSchema = z.object({ data: z.array(seasonSchema) });
