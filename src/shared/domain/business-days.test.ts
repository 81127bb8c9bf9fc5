import { describe, expect, it } from "vitest";
import { businessDayStart, daysEndingWith, isCalendarDate, nextDay } from "./business-days.ts";

describe("businessDayStart", () => {
  it.each([
    // Damascus keeps UTC+3 all year since 2022.
    ["2026-11-23", "Asia/Damascus", "2026-11-22T21:00:00.000Z"],
    ["2026-06-01", "Asia/Damascus", "2026-05-31T21:00:00.000Z"],
    // Before 2022 Syria still changed clocks: winter UTC+2.
    ["2021-01-15", "Asia/Damascus", "2021-01-14T22:00:00.000Z"],
    ["2026-03-29", "Europe/Berlin", "2026-03-28T23:00:00.000Z"],
    ["2026-03-30", "Europe/Berlin", "2026-03-29T22:00:00.000Z"],
    ["2026-01-01", "UTC", "2026-01-01T00:00:00.000Z"],
  ])("%s in %s starts at %s", (day, tz, iso) => {
    expect(businessDayStart(day, tz).toISOString()).toBe(iso);
  });
});

describe("calendar helpers", () => {
  it.each([
    ["2026-02-28", true],
    ["2026-02-30", false],
    ["2026-13-01", false],
    ["26-1-1", false],
    ["2028-02-29", true],
  ])("isCalendarDate(%s) is %s", (value, ok) => {
    expect(isCalendarDate(value)).toBe(ok);
  });

  it.each([
    ["2026-12-31", "2027-01-01"],
    ["2028-02-28", "2028-02-29"],
  ])("the day after %s is %s", (day, next) => {
    expect(nextDay(day)).toBe(next);
  });

  it("lists days oldest first across a month end", () => {
    expect(daysEndingWith("2026-03-02", 4)).toEqual([
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });
});
