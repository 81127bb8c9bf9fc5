// Seasons the kitchen sells for (Eid al-Fitr, Eid al-Adha, Ramadan): ready days from a first
// to a last day, offered at checkout from the day orders open, however far ahead they lie.
// Pure: today is passed in. Hijri dates come from Intl's Umm al-Qura calendar, never from
// a conversion written here.

import { addDays } from "./business-time.ts";

export type Season = {
  id: number;
  nameEn: string;
  nameAr: string;
  /** The first and last ready day of the season, YYYY-MM-DD. */
  firstDay: string;
  lastDay: string;
  /** From this day on checkout offers the season's days. */
  ordersOpen: string;
  /** Products sold only in this season (empty = none). */
  productIds: readonly number[];
};

export const SEASON_MESSAGES = {
  NAME: "Please give the season's name (at most 80 characters).",
  DAY: "Please give a date as YYYY-MM-DD.",
  BACKWARDS: "The season's last day cannot come before its first day.",
  OPENS_LATE: "Orders must open on or before the season's last day.",
  LONG: "A season may last at most 60 days.",
  PRODUCTS: "Give at most 200 products, each one of the shop's products.",
  NOT_FOUND: "This season was not found.",
} as const;

/** A season longer than this is a typing error (Ramadan and both Eids fit well inside). */
export const MAX_SEASON_DAYS = 60;

/** "The days overlap Eid al-Fitr (2027-03-08 to 2027-03-12)." */
export function seasonOverlapMessage(other: Pick<Season, "nameEn" | "firstDay" | "lastDay">) {
  return `The days overlap ${other.nameEn} (${other.firstDay} to ${other.lastDay}). Seasons may not overlap.`;
}

/** Days between two YYYY-MM-DD dates (b - a). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/**
 * What is wrong with a season's days, by field: running backwards, orders opening after the
 * last day, longer than 60 days, or overlapping another season (`others` leaves out itself).
 */
export function seasonProblems(
  season: Pick<Season, "firstDay" | "lastDay" | "ordersOpen">,
  others: ReadonlyArray<Pick<Season, "id" | "nameEn" | "firstDay" | "lastDay">>,
): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  if (season.lastDay < season.firstDay) problems.last_day = [SEASON_MESSAGES.BACKWARDS];
  else if (daysBetween(season.firstDay, season.lastDay) >= MAX_SEASON_DAYS)
    problems.last_day = [SEASON_MESSAGES.LONG];
  if (season.ordersOpen > season.lastDay) problems.orders_open = [SEASON_MESSAGES.OPENS_LATE];
  if (problems.last_day) return problems;
  const overlap = others.find(
    (other) => other.firstDay <= season.lastDay && season.firstDay <= other.lastDay,
  );
  if (overlap) problems.first_day = [seasonOverlapMessage(overlap)];
  return problems;
}

/** The season whose days hold `day`, if any (seasons never overlap). */
export function seasonOfDay<S extends Pick<Season, "firstDay" | "lastDay">>(
  seasons: readonly S[],
  day: string,
): S | null {
  return seasons.find((s) => s.firstDay <= day && day <= s.lastDay) ?? null;
}

/** Whether checkout offers the season's days today: from the day orders open to its last day. */
export function seasonOpen(season: Pick<Season, "ordersOpen" | "lastDay">, today: string): boolean {
  return season.ordersOpen <= today && today <= season.lastDay;
}

/** The seasons still to come or running (last day today or later), earliest first. */
export function currentSeasons<S extends Pick<Season, "firstDay" | "lastDay">>(
  seasons: readonly S[],
  today: string,
): S[] {
  return seasons
    .filter((s) => s.lastDay >= today)
    .sort((a, b) => a.firstDay.localeCompare(b.firstDay));
}

/**
 * The season days checkout adds to its 7-day window: the days of every season open for orders,
 * from `firstBookable` (today, or tomorrow after the cut-off) to its last day.
 */
export function seasonDays(
  seasons: ReadonlyArray<Pick<Season, "firstDay" | "lastDay" | "ordersOpen">>,
  today: string,
  firstBookable: string,
): string[] {
  const days: string[] = [];
  for (const season of seasons) {
    if (!seasonOpen(season, today)) continue;
    const from = season.firstDay > firstBookable ? season.firstDay : firstBookable;
    for (let day = from; day <= season.lastDay; day = addDays(day, 1)) days.push(day);
  }
  return days;
}

/**
 * The season a cart is bound to by its season-only products: null when it holds none. A cart
 * with products of two seasons can never be ready on one day (seasons never overlap): the
 * product of the second season is named.
 */
export function cartSeason<S extends Pick<Season, "id" | "productIds">>(
  seasons: readonly S[],
  productIds: readonly number[],
): { season: S | null; conflict: number | null } {
  let bound: S | null = null;
  for (const productId of productIds) {
    const season = seasons.find((s) => s.productIds.includes(productId));
    if (!season) continue;
    if (bound && bound.id !== season.id) return { season: bound, conflict: productId };
    bound = season;
  }
  return { season: bound, conflict: null };
}

/** "Sorry, Maamoul is sold only for Eid al-Fitr (ready 2027-03-08 to 2027-03-12)." */
export function seasonOnlyMessage(
  product: { en: string; ar: string },
  season: Pick<Season, "nameEn" | "nameAr" | "firstDay" | "lastDay">,
) {
  return {
    en: `Sorry, ${product.en} is sold only for ${season.nameEn} (ready ${season.firstDay} to ${season.lastDay}).`,
    ar: `عذراً، ${product.ar || product.en} يُباع فقط في ${season.nameAr || season.nameEn} (جاهز من ${season.firstDay} إلى ${season.lastDay}).`,
  };
}

// Made on first use: the browser may import this module, and a formatter costs more to build than to use.
let hijri: Record<"en" | "ar", Intl.DateTimeFormat> | null = null;

/**
 * A day in the Umm al-Qura Hijri calendar, through Intl: "1 Shawwal 1447 AH",
 * "1 شوال 1447 هـ" (Latin digits, as the shop writes every number).
 */
export function hijriDate(day: string, lang: "en" | "ar"): string {
  const options = { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" } as const;
  hijri ??= {
    en: new Intl.DateTimeFormat("en-GB-u-ca-islamic-umalqura", options),
    ar: new Intl.DateTimeFormat("ar-SA-u-ca-islamic-umalqura-nu-latn", options),
  };
  return hijri[lang].format(new Date(`${day}T00:00:00Z`));
}

let gregorian: Record<"en" | "ar", Intl.DateTimeFormat> | null = null;

/** "20 December 2026", "20 كانون الأول 2026": a season's day on the storefront's banner. */
export function seasonDayLabel(day: string, lang: "en" | "ar"): string {
  const options = { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" } as const;
  gregorian ??= {
    en: new Intl.DateTimeFormat("en-GB", options),
    ar: new Intl.DateTimeFormat("ar-SY-u-nu-latn", options),
  };
  return gregorian[lang].format(new Date(`${day}T00:00:00Z`));
}

type Bilingual = { en: string; ar: string };

/** What the storefront's banner says of a season open for orders, in both languages. */
export type SeasonBanner = {
  name: Bilingual;
  from: Bilingual;
  to: Bilingual;
  hijriFrom: Bilingual;
  hijriTo: Bilingual;
};

export function seasonBanner(
  season: Pick<Season, "nameEn" | "nameAr" | "firstDay" | "lastDay">,
): SeasonBanner {
  const both = (format: (day: string, lang: "en" | "ar") => string, day: string) => ({
    en: format(day, "en"),
    ar: format(day, "ar"),
  });
  return {
    name: { en: season.nameEn, ar: season.nameAr || season.nameEn },
    from: both(seasonDayLabel, season.firstDay),
    to: both(seasonDayLabel, season.lastDay),
    hijriFrom: both(hijriDate, season.firstDay),
    hijriTo: both(hijriDate, season.lastDay),
  };
}
