import { BUSINESS_TIME_ZONE } from "./coupons.ts";
import type { Lang } from "./money.ts";

// THE date formatter: every date and time the shop shows (orders, history, inbox, settings)
// reads the same way, in the shop's time zone (Damascus) and with Latin digits in Arabic too
// (DECISIONS). One Intl formatter per language, made on first use.
const formats = new Map<Lang, Intl.DateTimeFormat>();

/** "23 Nov 2026, 22:15" / "23 نوفمبر 2026، 22:15"; a text that is not a date comes back as it is. */
export function formatDateTime(value: string | Date, lang: Lang): string {
  const date = typeof value === "string" ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return String(value);
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: BUSINESS_TIME_ZONE,
    });
    formats.set(lang, format);
  }
  return format.format(date);
}
