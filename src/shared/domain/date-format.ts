import { businessClock } from "./business-time.ts";
import type { Lang } from "./money.ts";

// THE date formatter: every date and time the shop shows (orders, history,
// inbox, settings) reads the same way, in the shop's time zone (Damascus), with Latin digits
// in Arabic too.
//
// The text is built from numbers in a fixed order, not taken from a locale's Intl output:
// Intl's Arabic date carries right-to-left marks between its numbers, and inside a
// left-to-right cell (or any `dir="ltr"` wrapper) those marks scrambled it to
// "25م 6:25 ،2026/11/". Node and the browsers also spell some months differently (Sept/Sep).
// Intl is only asked for the clock in Damascus, as numbers (`en-US`), which every engine
// agrees on.
//
// The text is wrapped in Unicode isolates in its own direction (RLI…PDI in Arabic, LRI…PDI
// in English), so it reads the same beside a label, in a table cell or inside a `<bdi
// dir="ltr">`, whatever the surrounding text: in Arabic "25/11/2026، 6:25 م" reads right to
// left (date, then time, then ص/م), the date itself a run of Latin digits like a price.

const LRI = "\u2066";
const RLI = "\u2067";
const PDI = "\u2069";

const MONTHS_EN = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

const two = (n: number) => String(n).padStart(2, "0");

/**
 * "23 Nov 2026, 23:15" / "23/11/2026، 11:15 م", each wrapped in isolates of its direction;
 * a text that is not a date comes back as it is.
 */
export function formatDateTime(value: string | Date, lang: Lang): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const { year, month, day, hour, minute } = businessClock(date);
  if (lang === "ar") {
    const hour12 = hour % 12 === 0 ? 12 : hour % 12;
    const period = hour < 12 ? "ص" : "م";
    return `${RLI}${two(day)}/${two(month)}/${year}، ${hour12}:${two(minute)} ${period}${PDI}`;
  }
  return `${LRI}${day} ${MONTHS_EN[month - 1]} ${year}, ${two(hour)}:${two(minute)}${PDI}`;
}

/**
 * The day alone, "23 Nov 2026" / "23/11/2026" (a review's date: the hour says nothing to a
 * reader), in the shop's time zone and wrapped in isolates like `formatDateTime`.
 */
export function formatDate(value: string | Date, lang: Lang): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  const { year, month, day } = businessClock(date);
  if (lang === "ar") return `${RLI}${two(day)}/${two(month)}/${year}${PDI}`;
  return `${LRI}${day} ${MONTHS_EN[month - 1]} ${year}${PDI}`;
}

/**
 * A business day "2026-11-23" as a chart's axis shows it: "23 Nov" / "23/11", the way the
 * shop's dates read (never "11-23"), without the year and without isolates (an SVG label
 * stands alone). A text that is not such a day comes back as it is.
 */
export function formatShortDay(isoDay: string, lang: Lang): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(isoDay);
  if (!match) return isoDay;
  const [, month, day] = match;
  return lang === "ar" ? `${day}/${month}` : `${Number(day)} ${MONTHS_EN[Number(month) - 1]}`;
}
