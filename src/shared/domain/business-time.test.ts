import { describe, expect, it } from "vitest";
import { businessClock, businessDate, businessDateTime } from "./business-time.ts";

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
