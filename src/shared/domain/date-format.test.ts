import { describe, expect, it } from "vitest";
import { formatDate, formatDateTime, formatShortDay } from "./date-format.ts";

// The text is isolated in its own direction (issue 29.2): Arabic in RLI…PDI, English in LRI…PDI.
const ar = (text: string) => `\u2067${text}\u2069`;
const en = (text: string) => `\u2066${text}\u2069`;

describe("formatDateTime", () => {
  it.each([
    // Damascus is UTC+3 all year: 20:15 UTC is 23:15 there, and New Year's midnight UTC is 03:00.
    ["2026-11-23T20:15:00Z", "en", en("23 Nov 2026, 23:15")],
    ["2026-01-01T00:00:00Z", "en", en("1 Jan 2026, 03:00")],
    ["2026-11-23T21:30:00Z", "en", en("24 Nov 2026, 00:30")],
    ["2026-09-05T06:07:00Z", "en", en("5 Sep 2026, 09:07")],
    ["2026-11-25T15:25:00Z", "en", en("25 Nov 2026, 18:25")],
    // Arabic: day/month/year then the 12-hour time and ص/م, no direction marks between the
    // numbers (issue 29.2: "25م 6:25 ،2026/11/" was Intl's marks inside a left-to-right cell).
    ["2026-11-25T15:25:00Z", "ar", ar("25/11/2026، 6:25 م")],
    ["2026-11-23T20:15:00Z", "ar", ar("23/11/2026، 11:15 م")],
    ["2026-01-01T00:00:00Z", "ar", ar("01/01/2026، 3:00 ص")],
    ["2026-11-23T21:30:00Z", "ar", ar("24/11/2026، 12:30 ص")],
    ["2026-06-15T09:05:00Z", "ar", ar("15/06/2026، 12:05 م")],
    ["2026-12-31T20:59:00Z", "ar", ar("31/12/2026، 11:59 م")],
    ["not a date", "en", "not a date"],
    ["not a date", "ar", "not a date"],
  ] as const)("%s in %s -> %s", (iso, lang, text) => {
    expect(formatDateTime(iso, lang)).toBe(text);
  });

  it("takes a Date as well, keeps Latin digits in Arabic and no marks between the numbers", () => {
    const text = formatDateTime(new Date("2026-06-15T09:05:00Z"), "ar");
    expect(text).toContain("2026");
    expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
    // Only the two isolates at the ends: no LRM/RLM/ALM inside.
    expect(text.slice(1, -1)).not.toMatch(/[\u200e\u200f\u061c\u2066-\u2069]/);
  });
});

describe("formatDate", () => {
  it("gives the day in the shop's time zone, without the hour", () => {
    // 23:30 UTC is already the next day in Damascus (UTC+3).
    expect(formatDate("2026-11-22T23:30:00Z", "en")).toBe(en("23 Nov 2026"));
    expect(formatDate("2026-11-22T23:30:00Z", "ar")).toBe(ar("23/11/2026"));
    expect(formatDate("not a date", "en")).toBe("not a date");
  });
});

describe("formatShortDay", () => {
  it.each([
    ["2026-11-23", "en", "23 Nov"],
    ["2026-01-05", "en", "5 Jan"],
    ["2026-11-23", "ar", "23/11"],
    ["2026-01-05", "ar", "05/01"],
    ["not a day", "en", "not a day"],
    ["2026-11-23T10:00:00Z", "ar", "2026-11-23T10:00:00Z"],
  ] as const)("%s in %s -> %s", (day, lang, text) => {
    expect(formatShortDay(day, lang)).toBe(text);
  });
});
