import { addDays, BUSINESS_TIME_ZONE, businessDate, weekdayOf } from "./business-time.ts";

/**
 * The kitchen's daily menu (docs/decisions/0013). Every
 * date here is a business date: a calendar day in Asia/Damascus written YYYY-MM-DD. The
 * clock is never read: callers pass `now`.
 */

/** `GET /api/kitchen?filter=today|tomorrow|nextWeek`; a missing filter is today. */
export const KITCHEN_FILTERS = ["today", "tomorrow", "nextWeek"] as const;
export type KitchenFilter = (typeof KITCHEN_FILTERS)[number];
export const DEFAULT_KITCHEN_FILTER: KitchenFilter = "today";

/** `nextWeek` is the seven days after today (today itself excluded). */
export const NEXT_WEEK_DAYS = 7;

/** Days of the week as JavaScript numbers them: 0 = Sunday ... 6 = Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** The dish rules' texts (the admin form translates them: admin-kitchen errors.*). */
export const KITCHEN_MESSAGES = {
  /** "Kitchen dish: title required". */
  TITLE_REQUIRED: "Title is required",
  TITLE_TOO_LONG: "The title must not be longer than 120 characters.",
  DESCRIPTION_TOO_LONG: "The description must not be longer than 2000 characters.",
  /** "price optional number". */
  PRICE_NUMBER: "The price must be a number of at least 0.",
  IMAGE_URL: "The image must be an http(s) address or an uploaded image.",
  WEEKDAYS: "Weekdays must be whole numbers from 0 (Sunday) to 6 (Saturday).",
  FILTER: `The filter must be one of: ${KITCHEN_FILTERS.join(", ")}.`,
  BOOLEAN: "Must be true or false.",
  PORTIONS_PER_DAY:
    "Portions per day must be a whole number from 1 to 10000, or empty for no limit.",
} as const;

export function isKitchenFilter(value: unknown): value is KitchenFilter {
  return typeof value === "string" && (KITCHEN_FILTERS as readonly string[]).includes(value);
}

/** Today in the kitchen's time zone. */
export function kitchenToday(now: Date, tz = BUSINESS_TIME_ZONE): string {
  return businessDate(now, tz);
}

/** The business dates a filter covers, in order. */
export function filterDates(filter: KitchenFilter, now: Date, tz = BUSINESS_TIME_ZONE): string[] {
  const today = kitchenToday(now, tz);
  switch (filter) {
    case "today":
      return [today];
    case "tomorrow":
      return [addDays(today, 1)];
    case "nextWeek":
      return Array.from({ length: NEXT_WEEK_DAYS }, (_, i) => addDays(today, i + 1));
  }
}

/** Weekdays cleaned for storage: unique, valid, sorted. An empty list means every day. */
export function normaliseWeekdays(weekdays: readonly number[]): Weekday[] {
  const set = new Set(
    weekdays.filter((d): d is Weekday => Number.isInteger(d) && d >= 0 && d <= 6),
  );
  return [...set].sort((a, b) => a - b);
}

/** Whether a dish is cooked on a date: no weekdays chosen means every day. */
export function isCookedOn(weekdays: readonly number[], date: string): boolean {
  return weekdays.length === 0 || weekdays.includes(weekdayOf(date));
}

/**
 * "Sold out today" stores the business date it was switched on for, so it clears itself at
 * midnight in Damascus without a job: it only counts while that date is still today.
 */
export function isSoldOutToday(
  soldOutOn: string | null | undefined,
  now: Date,
  tz = BUSINESS_TIME_ZONE,
): boolean {
  return soldOutOn != null && soldOutOn === kitchenToday(now, tz);
}

/** A dish is sold out on a date only when the switch was set for that very day. */
export function isSoldOutOn(soldOutOn: string | null | undefined, date: string): boolean {
  return soldOutOn != null && soldOutOn === date;
}

/**
 * What to store when the admin flips the switch: today's date, or null. Switching it off
 * on a later day is the same as leaving it (it already cleared at midnight).
 */
export function soldOutValue(soldOutToday: boolean, now: Date, tz = BUSINESS_TIME_ZONE) {
  return soldOutToday ? kitchenToday(now, tz) : null;
}

export type KitchenDishRule = {
  active: boolean;
  weekdays: readonly number[];
  soldOutOn: string | null;
};

export type MenuEntry<D> = {
  dish: D;
  /** The dates of the filter this dish is served on (one date for today and tomorrow). */
  dates: string[];
  /** Sold out on the first of those dates (only ever true for today's menu). */
  soldOut: boolean;
};

/**
 * The menu a filter shows: active dishes cooked on at least one of its dates, each with
 * the dates it is served, in the order given (the caller sorts the dishes).
 */
export function kitchenMenu<D extends KitchenDishRule>(
  dishes: readonly D[],
  filter: KitchenFilter,
  now: Date,
  tz = BUSINESS_TIME_ZONE,
): MenuEntry<D>[] {
  const dates = filterDates(filter, now, tz);
  const menu: MenuEntry<D>[] = [];
  for (const dish of dishes) {
    if (!dish.active) continue;
    const served = dates.filter((date) => isCookedOn(dish.weekdays, date));
    if (served.length === 0) continue;
    menu.push({ dish, dates: served, soldOut: isSoldOutOn(dish.soldOutOn, served[0] as string) });
  }
  return menu;
}

/** Next week's menu as one group per date (dates with no dish are left out). */
export function groupByDate<D>(
  entries: readonly { dish: D; dates: readonly string[] }[],
): { date: string; dishes: D[] }[] {
  const groups = new Map<string, D[]>();
  for (const entry of entries) {
    for (const date of entry.dates) {
      const list = groups.get(date) ?? [];
      list.push(entry.dish);
      groups.set(date, list);
    }
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, list]) => ({ date, dishes: list }));
}

// Day and month names as Node's Intl writes them (kitchen.test.ts compares every day of a
// year), from tables: a browser's first Intl formatter loads ICU data, 50-75 ms of the main
// thread while the menu hydrates (docs/decisions/0019), and its ICU may spell a month
// differently from the server's, which would break hydration.
const WEEKDAY_NAMES = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  ar: ["الأحد", "الاثنين", "الثلاثاء", "الأربعاء", "الخميس", "الجمعة", "السبت"],
} as const;
const SHORT_MONTHS = {
  en: ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sept", "Oct", "Nov", "Dec"],
  ar: [
    "يناير",
    "فبراير",
    "مارس",
    "أبريل",
    "مايو",
    "يونيو",
    "يوليو",
    "أغسطس",
    "سبتمبر",
    "أكتوبر",
    "نوفمبر",
    "ديسمبر",
  ],
} as const;

/**
 * A date's weekday name in a language ("Monday", "الاثنين"), for next week's headings. Display
 * only (the dates come from the server), so the storefront's page loads no date arithmetic.
 */
export function weekdayName(date: string, lang: "en" | "ar"): string {
  return WEEKDAY_NAMES[lang][new Date(`${date}T00:00:00Z`).getUTCDay()] as string;
}

/** Day and month of a date in a language, with Latin digits ("24 Nov", "24 نوفمبر"). */
export function shortDate(date: string, lang: "en" | "ar"): string {
  const [, month, day] = date.split("-").map(Number) as [number, number, number];
  return `${day} ${SHORT_MONTHS[lang][month - 1]}`;
}
