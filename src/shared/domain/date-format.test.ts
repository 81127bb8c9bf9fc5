import { describe, expect, it } from "vitest";
import { formatDateTime } from "./date-format.ts";

describe("formatDateTime", () => {
  it.each([
    // Damascus is UTC+3 all year: 20:15 UTC is 23:15 there, and New Year's midnight UTC is 03:00.
    ["2026-11-23T20:15:00Z", "en", "23 Nov 2026, 23:15"],
    ["2026-01-01T00:00:00Z", "en", "1 Jan 2026, 03:00"],
    ["2026-11-23T21:30:00Z", "en", "24 Nov 2026, 00:30"],
    ["2026-11-23T20:15:00Z", "ar", "23\u200f/11\u200f/2026، 11:15 م"],
    ["2026-01-01T00:00:00Z", "ar", "01\u200f/01\u200f/2026، 3:00 ص"],
    ["not a date", "en", "not a date"],
  ] as const)("%s in %s -> %s", (iso, lang, text) => {
    expect(formatDateTime(iso, lang)).toBe(text);
  });

  it("takes a Date as well, and keeps Latin digits in Arabic", () => {
    const text = formatDateTime(new Date("2026-06-15T09:05:00Z"), "ar");
    expect(text).toContain("2026");
    expect(text).not.toMatch(/[\u0660-\u0669\u06f0-\u06f9]/);
  });
});
