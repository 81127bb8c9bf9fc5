import type { Lang } from "./money.ts";

const formats = new Map<Lang, Intl.DateTimeFormat>();

/** "Thu 26 Nov" / "الخميس 26 نوفمبر", Latin digits in both languages. */
export function formatDeliveryDay(day: string, lang: Lang): string {
  let format = formats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", {
      weekday: lang === "ar" ? "long" : "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    });
    formats.set(lang, format);
  }
  // A calendar day, not an instant: read at noon UTC so no time zone moves it.
  return format.format(new Date(`${day}T12:00:00Z`));
}
