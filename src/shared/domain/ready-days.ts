// The day an order must be ready (Asia/Damascus business days, YYYY-MM-DD) and the kitchen's
// capacity in grams. Pure: the clock, the settings, the calendar's overrides and what is
// already booked are all passed in, so checkout's quote and the order's transaction run the
// same rules on the same figures.

import {
  addDays,
  BUSINESS_TIME_ZONE,
  businessClock,
  clockDate,
  weekdayOf,
} from "./business-time.ts";

/** The days checkout offers for delivery and pickup: the next 7 business days. */
export const READY_WINDOW_DAYS = 7;
/** How far ahead an order going abroad looks for a dispatch day with room. */
export const DISPATCH_HORIZON_DAYS = 60;

/** Grams per weekday, Sunday first; null = no limit. */
export type WeekdayCapacity = readonly (number | null)[];
export const NO_WEEKDAY_LIMITS: WeekdayCapacity = [null, null, null, null, null, null, null];

/**
 * The owner's change to one date. `closed` null follows the weekday (a closed weekday stays
 * closed), true closes the day, false opens even a closed weekday (the Friday before Eid).
 * `capacityGrams` null follows the weekday's figure.
 */
export type DayOverride = { closed: boolean | null; capacityGrams: number | null };

export type DayCapacity = { closed: boolean; capacityGrams: number | null };

/** What orders already hold on one day (cancelled and refunded ones never count). */
export type Booked = {
  grams: number;
  gramsByCategory?: ReadonlyMap<number, number>;
  /** How many orders hold those grams (the calendar shows it). */
  orders?: number;
  /** Orders per time slot, keyed by `slotKey(kind, id)` (delivery-slots.ts). */
  slots?: ReadonlyMap<string, number>;
};

/** A cart's weight, in total and per category (for the categories' own daily caps). */
export type CartLoad = { grams: number; gramsByCategory?: ReadonlyMap<number, number> };

export type CapacityRules = {
  closedWeekdays: readonly number[];
  cutoffHour: number;
  weekdayCapacity: WeekdayCapacity;
  overrides: ReadonlyMap<string, DayOverride>;
  /** Daily cap in grams per category id (maamoul moulds are few); absent = no cap. */
  categoryCaps?: ReadonlyMap<number, number>;
};

/** The first business day an order placed at `now` can be ready: today, or tomorrow from the cut-off hour on. */
export function firstBookableDay(now: Date, cutoffHour: number, tz = BUSINESS_TIME_ZONE): string {
  const clock = businessClock(now, tz);
  const today = clockDate(clock);
  return clock.hour >= cutoffHour ? addDays(today, 1) : today;
}

/** Whether a day is closed and how many grams it takes: the override wins over the weekday. */
export function dayCapacity(
  day: string,
  rules: Pick<CapacityRules, "closedWeekdays" | "weekdayCapacity" | "overrides">,
): DayCapacity {
  const weekday = weekdayOf(day);
  const override = rules.overrides.get(day);
  const closed = override?.closed ?? rules.closedWeekdays.includes(weekday);
  const capacityGrams = override?.capacityGrams ?? rules.weekdayCapacity[weekday] ?? null;
  return { closed, capacityGrams };
}

/**
 * Whether a day still has room for the whole cart: open, the cart within what is left of the
 * day's grams, and within what is left of each category's own cap. Limits are inclusive: a
 * cart that takes the last gram fits.
 */
export function hasRoom(
  capacity: DayCapacity,
  booked: Booked | undefined,
  cart: CartLoad,
  categoryCaps?: ReadonlyMap<number, number>,
): boolean {
  if (capacity.closed) return false;
  if (capacity.capacityGrams !== null && (booked?.grams ?? 0) + cart.grams > capacity.capacityGrams)
    return false;
  if (categoryCaps && cart.gramsByCategory) {
    for (const [category, grams] of cart.gramsByCategory) {
      const cap = categoryCaps.get(category);
      if (cap === undefined) continue;
      if ((booked?.gramsByCategory?.get(category) ?? 0) + grams > cap) return false;
    }
  }
  return true;
}

/**
 * A cart's grams per capped category: each line's grams (weight x qty) added to its product's
 * category. Only products of a capped category are in `productCategory`; the others count
 * towards the day's total alone.
 */
export function gramsByCategory(
  lines: ReadonlyArray<{ productId: number; grams: number }>,
  productCategory: ReadonlyMap<number, number>,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const line of lines) {
    const category = productCategory.get(line.productId);
    if (category === undefined) continue;
    out.set(category, (out.get(category) ?? 0) + line.grams);
  }
  return out;
}

/**
 * Whether a day has room for the cart's capped categories alone (the day's own figure aside):
 * the 409's wording names the category's day when this is what fails.
 */
export function categoriesFit(
  booked: Booked | undefined,
  cart: CartLoad,
  categoryCaps: ReadonlyMap<number, number>,
): boolean {
  return hasRoom({ closed: false, capacityGrams: null }, booked, cart, categoryCaps);
}

/** True when no rule can ever refuse a day for its load: the quote then reads no bookings. */
export function unlimited(rules: CapacityRules): boolean {
  return (
    rules.weekdayCapacity.every((grams) => grams === null) &&
    [...rules.overrides.values()].every((o) => o.capacityGrams === null) &&
    (rules.categoryCaps?.size ?? 0) === 0
  );
}

/** The calendar days from the first bookable one (today, or tomorrow after the cut-off). */
export function candidateDays(now: Date, cutoffHour: number, count: number): string[] {
  const first = firstBookableDay(now, cutoffHour);
  return Array.from({ length: count }, (_, i) => addDays(first, i));
}

/**
 * Days beyond the window and a bound on all days: a season open for orders adds its days
 * (`extra`, however far ahead), and a cart holding a season-only product is ready only
 * within that season (`within`).
 */
export type DayScope = {
  extra?: readonly string[];
  within?: { from: string; to: string } | null;
};

export type ReadyDaysInput = {
  now: Date;
  rules: CapacityRules;
  booked: ReadonlyMap<string, Booked>;
  cart: CartLoad;
  scope?: DayScope;
};

/** The window's days, then the scope's extra days after them, all within the scope's bound. */
function scopedDays(
  now: Date,
  cutoffHour: number,
  windowDays: number,
  scope: DayScope | undefined,
): string[] {
  const window = candidateDays(now, cutoffHour, windowDays);
  let days = window;
  if (scope?.extra?.length) {
    const first = window[0]!;
    days = [...new Set([...window, ...scope.extra.filter((day) => day >= first)])].sort();
  }
  const within = scope?.within;
  return within ? days.filter((day) => within.from <= day && day <= within.to) : days;
}

/** The open days of the window, whatever they hold (closed weekdays and dates left out). */
export function openDays(
  input: Pick<ReadyDaysInput, "now" | "rules" | "scope">,
  windowDays = READY_WINDOW_DAYS,
): string[] {
  return scopedDays(input.now, input.rules.cutoffHour, windowDays, input.scope).filter(
    (day) => !dayCapacity(day, input.rules).closed,
  );
}

/**
 * The days a delivery or pickup may be ready on: the 7 calendar days from the first bookable
 * one (and the days of a season open for orders), open (closed weekdays and closed dates left
 * out, a date opened by the owner kept), with room for the whole cart.
 */
export function readyDays(input: ReadyDaysInput, windowDays = READY_WINDOW_DAYS): string[] {
  return scopedDays(input.now, input.rules.cutoffHour, windowDays, input.scope).filter((day) =>
    hasRoom(
      dayCapacity(day, input.rules),
      input.booked.get(day),
      input.cart,
      input.rules.categoryCaps,
    ),
  );
}

/**
 * The day an order going abroad leaves the kitchen: the first open day with room for the
 * whole cart, looking up to 60 days ahead; null when none has room.
 */
export function dispatchDay(input: ReadyDaysInput): string | null {
  return readyDays(input, DISPATCH_HORIZON_DAYS)[0] ?? null;
}

/** The calendar's and the ready day's texts; zod-free so the browser's translator can import them. */
export const CAPACITY_MESSAGES = {
  WEEKDAY_CAPACITY:
    "Give 7 daily capacities, Sunday first: whole numbers of grams from 0 to 10,000,000, or empty for no limit.",
  CAPACITY:
    "The capacity must be a whole number of grams from 0 to 10,000,000, or empty for the weekday's figure.",
  DAY_INVALID: "Please give a date as YYYY-MM-DD.",
  DAY_PAST: "This day has already passed.",
  RANGE: "Give a range of at most 400 days, from a date to the same date or a later one.",
  NO_DAY: "No day has room for this order at the moment. Please try fewer items or contact us.",
  OVERRIDE: "Capacity overridden by the owner: booked past the limits or the closing of",
  OVERRIDE_FORBIDDEN: "Only the owner may book a full or closed day.",
  CATEGORY_CAP:
    "The daily cap must be a number of kg from 0 to 10,000 (up to 3 decimals), or empty for no cap.",
} as const;

/** The largest daily capacity the owner may set, in grams (10 tonnes: a typing error beyond). */
export const MAX_CAPACITY_GRAMS = 10_000_000;

// Made on first use: the browser imports this module, and a formatter costs more to build than to use.
let dayNames: Record<"en" | "ar", Intl.DateTimeFormat> | null = null;
function dayNameFormats(): Record<"en" | "ar", Intl.DateTimeFormat> {
  const options = {
    timeZone: "UTC",
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  } as const;
  dayNames ??= {
    en: new Intl.DateTimeFormat("en-GB", options),
    ar: new Intl.DateTimeFormat("ar-SY", { ...options, numberingSystem: "latn" }),
  };
  return dayNames;
}

/** "Friday 4 December 2026": a YYYY-MM-DD day for a message (the date is a calendar day, not an instant). */
export function dayName(day: string, lang: "en" | "ar"): string {
  return dayNameFormats()[lang].format(new Date(`${day}T00:00:00Z`));
}

/** The 409 for a day filled between the quote and the order, naming the day in both languages. */
export function dayFullMessage(day: string): { en: string; ar: string } {
  return {
    en: `Sorry, ${dayName(day, "en")} is now fully booked. Please choose another day.`,
    ar: `عذراً، اكتمل الحجز ليوم ${dayName(day, "ar")}. يرجى اختيار يوم آخر.`,
  };
}
