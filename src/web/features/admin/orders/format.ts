import type { Lang } from "../../../../shared/domain/money.ts";

/** Dates with Latin digits in both languages (DECISIONS), in the shop's time zone. */
export function formatDateTime(iso: string, lang: Lang): string {
  return new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", {
    timeZone: "Asia/Damascus",
    dateStyle: "medium",
    timeStyle: "short",
  }).format(new Date(iso));
}
