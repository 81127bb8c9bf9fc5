import { BUSINESS_TIME_ZONE, businessClock } from "./business-time.ts";

// Reports and the orders filter count Asia/Damascus days. Syria has changed its
// clocks before, so the offset is looked up for each day, never hard-coded.

const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  const match = DAY_RE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The zone's offset from UTC at an instant, in minutes (Damascus: +180). */
function offsetMinutes(at: Date, tz: string): number {
  const clock = businessClock(at, tz);
  const asUtc = Date.UTC(
    clock.year,
    clock.month - 1,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  );
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a business day (YYYY-MM-DD) starts: midnight in the business time zone. */
export function businessDayStart(day: string, tz = BUSINESS_TIME_ZONE): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // Two passes settle a day whose midnight sits next to a clock change.
  let start = guess - offsetMinutes(new Date(guess), tz) * 60_000;
  start = guess - offsetMinutes(new Date(start), tz) * 60_000;
  return new Date(start);
}

/** The calendar day after `day` (YYYY-MM-DD), by the calendar, not by adding 24 hours. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** `count` calendar days ending with `lastDay`, oldest first. */
export function daysEndingWith(lastDay: string, count: number): string[] {
  const [y, m, d] = lastDay.split("-").map(Number) as [number, number, number];
  return Array.from({ length: count }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d - (count - 1 - i))).toISOString().slice(0, 10),
  );
}
