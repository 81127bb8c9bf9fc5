import { describe, expect, it } from "vitest";
import {
  cartSeason,
  currentSeasons,
  hijriDate,
  SEASON_MESSAGES,
  type Season,
  seasonDays,
  seasonOfDay,
  seasonOpen,
  seasonOverlapMessage,
  seasonProblems,
} from "./seasons.ts";

const season = (over: Partial<Season> = {}): Season => ({
  id: 1,
  nameEn: "Eid al-Fitr",
  nameAr: "عيد الفطر",
  firstDay: "2027-03-07",
  lastDay: "2027-03-11",
  ordersOpen: "2027-02-01",
  productIds: [],
  ...over,
});
const ADHA = season({
  id: 2,
  nameEn: "Eid al-Adha",
  nameAr: "عيد الأضحى",
  firstDay: "2027-05-14",
  lastDay: "2027-05-18",
  ordersOpen: "2027-04-20",
  productIds: [9],
});

describe("Hijri dates through Intl's Umm al-Qura calendar", () => {
  it.each([
    ["2025-03-30", "1 Shawwal 1446 AH", "1 شوال 1446 هـ"],
    ["2025-06-06", "10 Dhuʻl-Hijjah 1446 AH", "10 ذو الحجة 1446 هـ"],
    ["2026-03-20", "1 Shawwal 1447 AH", "1 شوال 1447 هـ"],
    ["2026-05-27", "10 Dhuʻl-Hijjah 1447 AH", "10 ذو الحجة 1447 هـ"],
  ])("%s is %s", (day, en, ar) => {
    expect(hijriDate(day, "en")).toBe(en);
    expect(hijriDate(day, "ar")).toBe(ar);
  });
});

describe("which seasons may be saved", () => {
  it.each([
    ["a season of five days", season(), [], {}],
    ["one day", season({ lastDay: "2027-03-07" }), [], {}],
    [
      "days running backwards",
      season({ firstDay: "2027-03-11", lastDay: "2027-03-07" }),
      [],
      { last_day: [SEASON_MESSAGES.BACKWARDS] },
    ],
    [
      "orders opening after the last day",
      season({ ordersOpen: "2027-03-12" }),
      [],
      { orders_open: [SEASON_MESSAGES.OPENS_LATE] },
    ],
    [
      "61 days",
      season({ firstDay: "2027-03-01", lastDay: "2027-04-30" }),
      [],
      { last_day: [SEASON_MESSAGES.LONG] },
    ],
    [
      "overlapping another by one day",
      season({ firstDay: "2027-05-10", lastDay: "2027-05-14" }),
      [ADHA],
      { first_day: [seasonOverlapMessage(ADHA)] },
    ],
    ["touching another", season({ firstDay: "2027-05-10", lastDay: "2027-05-13" }), [ADHA], {}],
  ])("%s", (_name, s, others, problems) => {
    expect(seasonProblems(s, others)).toEqual(problems);
  });
});

describe("a season's days at checkout", () => {
  it.each([
    ["before orders open", "2027-01-31", false],
    ["the day orders open", "2027-02-01", true],
    ["its last day", "2027-03-11", true],
    ["after it", "2027-03-12", false],
  ])("%s (%s): open %s", (_name, today, open) => {
    expect(seasonOpen(season(), today)).toBe(open);
  });

  it.each([
    [
      "weeks ahead: all its days",
      "2027-02-10",
      "2027-02-10",
      ["2027-03-07", "2027-03-08", "2027-03-09", "2027-03-10", "2027-03-11"],
    ],
    [
      "during it: from the first bookable day",
      "2027-03-09",
      "2027-03-10",
      ["2027-03-10", "2027-03-11"],
    ],
    ["before orders open: none", "2027-01-20", "2027-01-20", []],
  ])("%s", (_name, today, firstBookable, days) => {
    expect(seasonDays([season(), ADHA], today, firstBookable)).toEqual(days);
  });

  it("finds the season of a day, and the current seasons in order", () => {
    expect(seasonOfDay([season(), ADHA], "2027-05-15")?.id).toBe(2);
    expect(seasonOfDay([season(), ADHA], "2027-04-01")).toBeNull();
    expect(currentSeasons([ADHA, season()], "2027-03-11").map((s) => s.id)).toEqual([1, 2]);
    expect(currentSeasons([ADHA, season()], "2027-03-12").map((s) => s.id)).toEqual([2]);
  });

  it.each([
    ["no season-only product", [1, 2], null, null],
    ["a season-only product binds the cart", [1, 9], 2, null],
    ["products of two seasons conflict", [9, 5], 2, 5],
  ])("%s", (_name, productIds, bound, conflict) => {
    const seasons = [season({ productIds: [5] }), ADHA];
    const result = cartSeason(seasons, productIds);
    expect(result.season?.id ?? null).toBe(bound);
    expect(result.conflict).toBe(conflict);
  });
});
