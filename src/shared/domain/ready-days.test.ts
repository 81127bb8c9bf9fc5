import { describe, expect, it } from "vitest";
import { weekdayOf } from "./business-time.ts";
import {
  type Booked,
  type CapacityRules,
  candidateDays,
  categoriesFit,
  dayCapacity,
  dispatchDay,
  gramsByCategory,
  hasRoom,
  NO_WEEKDAY_LIMITS,
  readyDays,
  unlimited,
} from "./ready-days.ts";

// Monday 30 November 2026; Damascus is UTC+3, so 06:00Z is 09:00 there and 11:00Z is 14:00.
const MORNING = new Date("2026-11-30T06:00:00Z");
const AT_CUTOFF = new Date("2026-11-30T11:00:00Z");
const LATE_EVENING = new Date("2026-11-30T21:30:00Z"); // 00:30 Tuesday in Damascus

const rules = (over: Partial<CapacityRules> = {}): CapacityRules => ({
  closedWeekdays: [5],
  cutoffHour: 14,
  weekdayCapacity: NO_WEEKDAY_LIMITS,
  overrides: new Map(),
  ...over,
});
const noBookings = new Map<string, Booked>();

describe("weekdays", () => {
  it.each([
    ["2026-11-29", 0],
    ["2026-11-30", 1],
    ["2026-12-04", 5],
    ["2026-12-05", 6],
  ])("%s is weekday %i", (day, weekday) => {
    expect(weekdayOf(day)).toBe(weekday);
  });
});

describe("candidate days and the cut-off", () => {
  it.each([
    [MORNING, "2026-11-30"],
    [AT_CUTOFF, "2026-12-01"],
    [LATE_EVENING, "2026-12-01"],
  ])("at %s the first day is %s", (now, first) => {
    expect(candidateDays(now, 14, 3)[0]).toBe(first);
  });
});

describe("dayCapacity", () => {
  const limits = [null, 100_000, 100_000, 100_000, 150_000, 0, 50_000];
  it.each([
    ["a weekday's figure", "2026-11-30", {}, { closed: false, capacityGrams: 100_000 }],
    ["a closed weekday", "2026-12-04", {}, { closed: true, capacityGrams: 0 }],
    ["no limit on Sunday", "2026-11-29", {}, { closed: false, capacityGrams: null }],
    [
      "a date closed by the owner",
      "2026-12-01",
      { "2026-12-01": { closed: true, capacityGrams: null } },
      { closed: true, capacityGrams: 100_000 },
    ],
    [
      "a closed weekday opened for Eid, with its own figure",
      "2026-12-04",
      { "2026-12-04": { closed: false, capacityGrams: 300_000 } },
      { closed: false, capacityGrams: 300_000 },
    ],
    [
      "another figure, open as the weekday",
      "2026-12-02",
      { "2026-12-02": { closed: null, capacityGrams: 20_000 } },
      { closed: false, capacityGrams: 20_000 },
    ],
  ])("%s", (_name, day, overrides, expected) => {
    expect(
      dayCapacity(
        day,
        rules({ weekdayCapacity: limits, overrides: new Map(Object.entries(overrides)) }),
      ),
    ).toEqual(expected);
  });
});

describe("hasRoom", () => {
  const open = { closed: false, capacityGrams: 20_000 };
  const caps = new Map([[7, 5_000]]);
  it.each([
    ["an empty day takes 20 kg", open, undefined, { grams: 20_000 }, true],
    ["the last gram fits", open, { grams: 19_000 }, { grams: 1_000 }, true],
    ["one gram over does not", open, { grams: 19_001 }, { grams: 1_000 }, false],
    ["a closed day never", { closed: true, capacityGrams: null }, undefined, { grams: 1 }, false],
    [
      "no limit takes anything",
      { closed: false, capacityGrams: null },
      { grams: 9e6 },
      { grams: 9e6 },
      true,
    ],
    [
      "a category under its cap",
      open,
      { grams: 1_000, gramsByCategory: new Map([[7, 4_000]]) },
      { grams: 1_000, gramsByCategory: new Map([[7, 1_000]]) },
      true,
    ],
    [
      "a category over its cap though the day has room",
      open,
      { grams: 1_000, gramsByCategory: new Map([[7, 4_500]]) },
      { grams: 1_000, gramsByCategory: new Map([[7, 1_000]]) },
      false,
    ],
    [
      "another category is not capped",
      open,
      undefined,
      { grams: 10_000, gramsByCategory: new Map([[8, 10_000]]) },
      true,
    ],
  ])("%s", (_name, capacity, booked, cart, expected) => {
    expect(hasRoom(capacity, booked as Booked | undefined, cart, caps)).toBe(expected);
  });
});

describe("readyDays", () => {
  it("without limits: the 7 days from today minus Friday, as delivery days always were", () => {
    expect(
      readyDays({ now: MORNING, rules: rules(), booked: noBookings, cart: { grams: 500 } }),
    ).toEqual(["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-05", "2026-12-06"]);
  });

  it("after the cut-off the window starts tomorrow", () => {
    expect(
      readyDays({ now: AT_CUTOFF, rules: rules(), booked: noBookings, cart: { grams: 500 } })[0],
    ).toBe("2026-12-01");
  });

  it("leaves out a full day and a closed date, keeps a Friday the owner opened", () => {
    const days = readyDays({
      now: MORNING,
      rules: rules({
        weekdayCapacity: [null, 20_000, 20_000, 20_000, 20_000, null, null],
        overrides: new Map([
          ["2026-12-03", { closed: true, capacityGrams: null }],
          ["2026-12-04", { closed: false, capacityGrams: null }],
        ]),
      }),
      booked: new Map([["2026-11-30", { grams: 19_500 }]]),
      cart: { grams: 1_000 },
    });
    expect(days).toEqual(["2026-12-01", "2026-12-02", "2026-12-04", "2026-12-05", "2026-12-06"]);
  });

  it("a category cap removes the days its category has filled", () => {
    const days = readyDays({
      now: MORNING,
      rules: rules({ categoryCaps: new Map([[3, 10_000]]) }),
      booked: new Map([["2026-12-01", { grams: 10_000, gramsByCategory: new Map([[3, 10_000]]) }]]),
      cart: { grams: 2_000, gramsByCategory: new Map([[3, 1_000]]) },
    });
    expect(days).not.toContain("2026-12-01");
    expect(days).toContain("2026-12-02");
  });
});

describe("dispatchDay", () => {
  it.each([
    ["today when it has room", noBookings, "2026-11-30"],
    ["the next day with room", new Map([["2026-11-30", { grams: 20_000 }]]), "2026-12-01"],
    [
      "skips the closed Friday",
      new Map(
        ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03"].map((d) => [d, { grams: 20_000 }]),
      ),
      "2026-12-05",
    ],
  ])("%s", (_name, booked, expected) => {
    expect(
      dispatchDay({
        now: MORNING,
        rules: rules({ weekdayCapacity: [20_000, 20_000, 20_000, 20_000, 20_000, 20_000, 20_000] }),
        booked,
        cart: { grams: 1_000 },
      }),
    ).toBe(expected);
  });

  it("looks beyond the 7-day window, and is null when 60 days are full", () => {
    const full = { weekdayCapacity: [0, 0, 0, 0, 0, 0, 0] };
    const late = new Map([["2027-01-14", { closed: null, capacityGrams: 5_000 }]]);
    const input = { now: MORNING, booked: noBookings, cart: { grams: 1_000 } };
    expect(dispatchDay({ ...input, rules: rules({ ...full, overrides: late }) })).toBe(
      "2027-01-14",
    );
    expect(dispatchDay({ ...input, rules: rules(full) })).toBeNull();
  });
});

describe("unlimited", () => {
  it.each([
    ["the defaults", rules(), true],
    [
      "a weekday figure",
      rules({ weekdayCapacity: [null, 1, null, null, null, null, null] }),
      false,
    ],
    [
      "a date's figure",
      rules({ overrides: new Map([["2026-12-01", { closed: null, capacityGrams: 5 }]]) }),
      false,
    ],
    [
      "only closed dates",
      rules({ overrides: new Map([["2026-12-01", { closed: true, capacityGrams: null }]]) }),
      true,
    ],
    ["a category cap", rules({ categoryCaps: new Map([[1, 5]]) }), false],
  ])("%s", (_name, r, expected) => {
    expect(unlimited(r)).toBe(expected);
  });
});

describe("gramsByCategory", () => {
  const productCategory = new Map([
    [1, 7],
    [2, 7],
    [3, 8],
  ]);
  it.each([
    ["no lines", [], []],
    ["an uncapped product counts nowhere", [{ productId: 9, grams: 5_000 }], []],
    [
      "two products of one category add up",
      [
        { productId: 1, grams: 1_000 },
        { productId: 2, grams: 1_500 },
      ],
      [[7, 2_500]],
    ],
    [
      "the same product on two lines adds up, categories apart",
      [
        { productId: 1, grams: 500 },
        { productId: 3, grams: 250 },
        { productId: 1, grams: 500 },
      ],
      [
        [7, 1_000],
        [8, 250],
      ],
    ],
  ])("%s", (_name, lines, expected) => {
    expect([...gramsByCategory(lines, productCategory)]).toEqual(expected);
  });
});

describe("categoriesFit", () => {
  const caps = new Map([[7, 5_000]]);
  it.each([
    ["nothing booked, the cart within the cap", undefined, 5_000, true],
    [
      "the last gram of the cap fits",
      { grams: 1, gramsByCategory: new Map([[7, 4_000]]) },
      1_000,
      true,
    ],
    ["one gram over does not", { grams: 1, gramsByCategory: new Map([[7, 4_001]]) }, 1_000, false],
    ["the day's own total is not its concern", { grams: 9e6 }, 1_000, true],
  ])("%s", (_name, booked, grams, expected) => {
    const cart = { grams, gramsByCategory: new Map([[7, grams]]) };
    expect(categoriesFit(booked as Booked | undefined, cart, caps)).toBe(expected);
  });
});
