/**
 * The business's clock. Dates that matter to the business are Damascus dates: a coupon's last
 * day, the kitchen's "today", report and filter days, delivery days and their cut-off hour,
 * the times a CSV shows. Every date rule reads the clock here; none builds its own.
 */

export const BUSINESS_TIME_ZONE = "Asia/Damascus";

/** The date and time on the business's clock, as numbers. */
export type BusinessClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** The date and time on the clock of `tz` (the business's unless a test names another). */
export function businessClock(now: Date, tz = BUSINESS_TIME_ZONE): BusinessClock {
  let format = formats.get(tz);
  if (!format) {
    // en-US numbers: every engine agrees on them (a locale's own digits and marks vary).
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: tz,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
    formats.set(tz, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(now)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    // Some engines write midnight as 24 even with h23.
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const two = (n: number) => String(n).padStart(2, "0");

/** The calendar day of a clock reading, YYYY-MM-DD. */
export function clockDate(clock: BusinessClock): string {
  return `${String(clock.year).padStart(4, "0")}-${two(clock.month)}-${two(clock.day)}`;
}

/** Today's date in the business time zone, as YYYY-MM-DD. */
export function businessDate(now: Date, tz = BUSINESS_TIME_ZONE): string {
  return clockDate(businessClock(now, tz));
}

/** "2026-11-23 14:05": a date and time on the business's clock, as spreadsheets sort them. */
export function businessDateTime(at: Date, tz = BUSINESS_TIME_ZONE): string {
  const clock = businessClock(at, tz);
  return `${clockDate(clock)} ${two(clock.hour)}:${two(clock.minute)}`;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A YYYY-MM-DD calendar date as midnight UTC; a RangeError for anything else ("2026-02-30"). */
function parseDay(day: string): Date {
  const match = DAY.exec(day);
  const value = match
    ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])))
    : new Date(Number.NaN);
  if (Number.isNaN(value.getTime()) || value.toISOString().slice(0, 10) !== day)
    throw new RangeError(`Not a date: ${day}`);
  return value;
}

/**
 * A calendar date `days` later (or earlier), YYYY-MM-DD: date arithmetic, no time zone. A
 * RangeError for a text that is not a real date.
 */
export function addDays(day: string, days: number): string {
  const value = parseDay(day);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

/** The weekday (0 = Sunday ... 6 = Saturday) a YYYY-MM-DD date falls on; a RangeError if none. */
export function weekdayOf(day: string): 0 | 1 | 2 | 3 | 4 | 5 | 6 {
  return parseDay(day).getUTCDay() as 0 | 1 | 2 | 3 | 4 | 5 | 6;
}
