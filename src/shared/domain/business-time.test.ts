import { describe, expect, it } from "vitest";
import {
  addDays,
  businessClock,
  businessDate,
  businessDateTime,
  weekdayOf,
} from "./business-time.ts";

describe("the business clock (Damascus, UTC+3)", () => {
  it.each([
    ["2026-11-23T11:05:09Z", "2026-11-23", "2026-11-23 14:05"],
    // 21:00 UTC is already midnight in Damascus: the next business day.
    ["2026-11-23T21:00:00Z", "2026-11-24", "2026-11-24 00:00"],
    ["2026-12-31T20:59:59Z", "2026-12-31", "2026-12-31 23:59"],
    ["2026-12-31T21:00:00Z", "2027-01-01", "2027-01-01 00:00"],
  ])("%s is %s, %s", (iso, date, dateTime) => {
    expect(businessDate(new Date(iso))).toBe(date);
    expect(businessDateTime(new Date(iso))).toBe(dateTime);
  });

  it("reads another zone when a rule names one", () => {
    expect(businessDate(new Date("2026-11-23T23:30:00Z"), "UTC")).toBe("2026-11-23");
    expect(businessClock(new Date("2026-11-23T23:30:05Z"), "UTC")).toEqual({
      year: 2026,
      month: 11,
      day: 23,
      hour: 23,
      minute: 30,
      second: 5,
    });
  });
});

describe("addDays and weekdayOf", () => {
  it.each([
    ["2026-11-23", 1, "2026-11-24"],
    ["2026-11-30", 1, "2026-12-01"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2027-02-28", 1, "2027-03-01"],
    ["2026-11-23", 7, "2026-11-30"],
    ["2026-01-01", -1, "2025-12-31"],
  ])("%s + %i days = %s", (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
  });

  it.each([
    ["2026-11-22", 0], // Sunday
    ["2026-11-23", 1], // Monday
    ["2026-11-27", 5], // Friday
    ["2026-11-28", 6], // Saturday
    ["2027-01-01", 5], // Friday
  ])("%s is weekday %i", (date, weekday) => {
    expect(weekdayOf(date)).toBe(weekday);
  });

  it.each(["2026-02-30", "2026-13-01", "23-11-2026", "", "2026-11-23T00:00:00Z"])(
    "rejects %j",
    (value) => {
      expect(() => addDays(value, 1)).toThrow(RangeError);
      expect(() => weekdayOf(value)).toThrow(RangeError);
    },
  );
});
