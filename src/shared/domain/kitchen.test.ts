import { describe, expect, it } from "vitest";
import { addDays } from "./business-time.ts";
import {
  filterDates,
  groupByDate,
  isCookedOn,
  isKitchenFilter,
  isSoldOutOn,
  isSoldOutToday,
  type KitchenDishRule,
  kitchenMenu,
  kitchenToday,
  normaliseWeekdays,
  shortDate,
  soldOutValue,
  weekdayName,
} from "./kitchen.ts";

// Damascus is UTC+3 all year (since 2022): midnight there is 21:00 UTC the day before.

describe("kitchenToday", () => {
  it.each([
    ["2026-11-23T12:00:00Z", "2026-11-23"],
    ["2026-11-23T20:59:59Z", "2026-11-23"], // 23:59:59 in Damascus
    ["2026-11-23T21:00:00Z", "2026-11-24"], // midnight in Damascus, still the 23rd in UTC
    ["2026-11-22T22:30:00Z", "2026-11-23"],
    ["2026-12-31T21:00:00Z", "2027-01-01"], // new year in Damascus first
    ["2028-02-28T21:00:00Z", "2028-02-29"], // leap day
  ])("%s is %s in Damascus", (now, date) => {
    expect(kitchenToday(new Date(now))).toBe(date);
  });
});

describe("filterDates", () => {
  it.each([
    // [now (UTC), filter, dates]
    ["2026-11-23T10:00:00Z", "today", ["2026-11-23"]],
    ["2026-11-23T10:00:00Z", "tomorrow", ["2026-11-24"]],
    ["2026-11-23T20:59:59Z", "today", ["2026-11-23"]],
    ["2026-11-23T21:00:00Z", "today", ["2026-11-24"]], // just past midnight in Damascus
    ["2026-11-23T21:00:00Z", "tomorrow", ["2026-11-25"]],
    ["2026-12-31T21:30:00Z", "today", ["2027-01-01"]],
    ["2026-12-31T12:00:00Z", "tomorrow", ["2027-01-01"]],
  ] as const)("%s %s → %j", (now, filter, dates) => {
    expect(filterDates(filter, new Date(now))).toEqual(dates);
  });

  it("nextWeek is the seven days after today, crossing a month and a year", () => {
    expect(filterDates("nextWeek", new Date("2026-12-28T21:30:00Z"))).toEqual([
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
      "2027-01-03",
      "2027-01-04",
      "2027-01-05",
    ]);
  });

  it("nextWeek never contains today", () => {
    const now = new Date("2026-11-23T08:00:00Z");
    expect(filterDates("nextWeek", now)).not.toContain(kitchenToday(now));
  });
});

describe("isKitchenFilter", () => {
  it.each([
    ["today", true],
    ["tomorrow", true],
    ["nextWeek", true],
    ["nextweek", false],
    ["yesterday", false],
    ["", false],
    [undefined, false],
    [1, false],
  ])("%j → %s", (value, expected) => {
    expect(isKitchenFilter(value)).toBe(expected);
  });
});

describe("weekdays", () => {
  it.each([
    [[], "2026-11-23", true], // none chosen = every day
    [[1], "2026-11-23", true], // Monday
    [[1], "2026-11-24", false],
    [[0, 6], "2026-11-28", true], // Saturday
    [[0, 6], "2026-11-22", true], // Sunday
    [[0, 6], "2026-11-27", false], // Friday
  ])("%j on %s → %s", (weekdays, date, expected) => {
    expect(isCookedOn(weekdays, date)).toBe(expected);
  });

  it.each([
    [[], []],
    [
      [3, 1, 3],
      [1, 3],
    ],
    [
      [7, -1, 2.5, 6, 0],
      [0, 6],
    ],
  ])("normaliseWeekdays(%j) = %j", (input, expected) => {
    expect(normaliseWeekdays(input)).toEqual(expected);
  });
});

describe("sold out today", () => {
  it.each([
    // [soldOutOn, now (UTC), sold out now?]
    [null, "2026-11-23T10:00:00Z", false],
    ["2026-11-23", "2026-11-23T10:00:00Z", true],
    ["2026-11-23", "2026-11-22T21:00:00Z", true], // 00:00 on the 23rd in Damascus
    ["2026-11-23", "2026-11-23T20:59:59Z", true], // 23:59:59 in Damascus
    ["2026-11-23", "2026-11-23T21:00:00Z", false], // midnight: it clears itself
    ["2026-11-22", "2026-11-23T10:00:00Z", false], // set yesterday
    ["2026-12-31", "2026-12-31T21:00:00Z", false], // across the year end
  ])("set for %s, at %s → %s", (soldOutOn, now, expected) => {
    expect(isSoldOutToday(soldOutOn, new Date(now))).toBe(expected);
  });

  it.each([
    [true, "2026-11-23T20:59:59Z", "2026-11-23"],
    [true, "2026-11-23T21:00:00Z", "2026-11-24"], // switched on just after midnight
    [false, "2026-11-23T10:00:00Z", null],
  ])("switch %s at %s stores %j", (on, now, stored) => {
    expect(soldOutValue(on, new Date(now))).toBe(stored);
  });

  it("only the day it was set for is sold out", () => {
    expect(isSoldOutOn("2026-11-23", "2026-11-23")).toBe(true);
    expect(isSoldOutOn("2026-11-23", "2026-11-24")).toBe(false);
    expect(isSoldOutOn(null, "2026-11-23")).toBe(false);
  });
});

type Dish = KitchenDishRule & { id: string };
const dish = (id: string, over: Partial<Dish> = {}): Dish => ({
  id,
  active: true,
  weekdays: [],
  soldOutOn: null,
  ...over,
});

describe("kitchenMenu", () => {
  // Monday 2026-11-23, 10:00 in Damascus.
  const monday = new Date("2026-11-23T07:00:00Z");
  const dishes = [
    dish("daily"),
    dish("monday", { weekdays: [1] }),
    dish("tuesday", { weekdays: [2] }),
    dish("weekend", { weekdays: [5, 6] }), // Friday and Saturday
    dish("hidden", { active: false }),
    dish("soldOut", { soldOutOn: "2026-11-23" }),
    dish("soldOutYesterday", { soldOutOn: "2026-11-22" }),
  ];
  const ids = (filter: "today" | "tomorrow" | "nextWeek", now = monday) =>
    kitchenMenu(dishes, filter, now).map((e) => e.dish.id);

  it.each([
    ["today", ["daily", "monday", "soldOut", "soldOutYesterday"]],
    ["tomorrow", ["daily", "tuesday", "soldOut", "soldOutYesterday"]],
    ["nextWeek", ["daily", "monday", "tuesday", "weekend", "soldOut", "soldOutYesterday"]],
  ] as const)("%s lists %j (inactive never)", (filter, expected) => {
    expect(ids(filter)).toEqual(expected);
  });

  it("just after midnight on Monday (Sunday in UTC) today is Monday's menu", () => {
    expect(ids("today", new Date("2026-11-22T21:00:00Z"))).toEqual([
      "daily",
      "monday",
      "soldOut",
      "soldOutYesterday",
    ]);
  });

  it("a minute before midnight on Sunday, tomorrow is Monday's menu", () => {
    expect(ids("tomorrow", new Date("2026-11-22T20:59:00Z"))).toContain("monday");
    expect(ids("today", new Date("2026-11-22T20:59:00Z"))).not.toContain("monday");
  });

  it("next week gives each dish the dates it is served", () => {
    const menu = kitchenMenu(dishes, "nextWeek", monday);
    const dates = Object.fromEntries(menu.map((e) => [e.dish.id, e.dates]));
    expect(dates.monday).toEqual(["2026-11-30"]); // next Monday, not today
    expect(dates.tuesday).toEqual(["2026-11-24"]);
    expect(dates.weekend).toEqual(["2026-11-27", "2026-11-28"]);
    expect(dates.daily).toHaveLength(7);
  });

  it("sold out shows on today's menu only, and clears at midnight", () => {
    const soldOut = (filter: "today" | "tomorrow" | "nextWeek", now = monday) =>
      Object.fromEntries(kitchenMenu(dishes, filter, now).map((e) => [e.dish.id, e.soldOut]));
    expect(soldOut("today")).toMatchObject({ soldOut: true, soldOutYesterday: false });
    expect(soldOut("tomorrow").soldOut).toBe(false);
    expect(soldOut("nextWeek").soldOut).toBe(false);
    expect(soldOut("today", new Date("2026-11-23T21:00:00Z")).soldOut).toBe(false);
  });

  it("a week end: on Thursday, tomorrow is Friday and the weekend dish is on it", () => {
    const thursday = new Date("2026-11-26T12:00:00Z");
    expect(ids("tomorrow", thursday)).toContain("weekend");
    expect(ids("today", thursday)).not.toContain("weekend");
  });
});

describe("groupByDate", () => {
  it("one group per date, dates in order, a dish in every group it is served on", () => {
    const groups = groupByDate([
      { dish: "a", dates: ["2026-11-25", "2026-11-24"] },
      { dish: "b", dates: ["2026-11-24"] },
    ]);
    expect(groups).toEqual([
      { date: "2026-11-24", dishes: ["a", "b"] },
      { date: "2026-11-25", dishes: ["a"] },
    ]);
  });
  it("nothing in, nothing out", () => {
    expect(groupByDate([])).toEqual([]);
  });
});

describe("day names", () => {
  it.each([
    ["2026-11-23", "en", "Monday"],
    ["2026-11-27", "en", "Friday"],
    ["2026-11-23", "ar", "الاثنين"],
    ["2026-11-27", "ar", "الجمعة"],
  ] as const)("%s in %s is %s", (date, lang, name) => {
    expect(weekdayName(date, lang)).toBe(name);
  });

  it.each(["en", "ar"] as const)(
    "%s: every day of a year reads as Intl.DateTimeFormat writes it on the server",
    (lang) => {
      const weekday = new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en", {
        weekday: "long",
        timeZone: "UTC",
      });
      const short = new Intl.DateTimeFormat(lang === "ar" ? "ar-u-nu-latn" : "en-GB", {
        day: "numeric",
        month: "short",
        timeZone: "UTC",
      });
      for (let i = 0; i < 366; i++) {
        const date = addDays("2028-01-01", i);
        const at = new Date(`${date}T00:00:00Z`);
        expect(weekdayName(date, lang)).toBe(weekday.format(at));
        expect(shortDate(date, lang)).toBe(short.format(at));
      }
    },
  );

  it("short dates keep Latin digits in Arabic", () => {
    expect(shortDate("2026-11-24", "en")).toBe("24 Nov");
    expect(shortDate("2026-11-24", "ar")).toMatch(/^24 /);
  });
});
