import { describe, expect, it } from "vitest";
import { parseOpeningHours, WEEKDAYS } from "./opening-hours.ts";

const all = [...WEEKDAYS];

describe("parseOpeningHours", () => {
  it.each([
    ["Daily 9:00 – 23:00", all, "09:00", "23:00"],
    ["Daily 9:00 – 22:00", all, "09:00", "22:00"],
    ["every day 10-22", all, "10:00", "22:00"],
    ["يومياً 9:00 – 23:00", all, "09:00", "23:00"],
    ["يومياً ٩:٠٠ – ٢٣:٠٠", all, "09:00", "23:00"],
    [
      "Mon–Fri 8:30-17:00",
      ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      "08:30",
      "17:00",
    ],
    [
      "Sat–Thu 10:00 – 22:00",
      ["Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday"],
      "10:00",
      "22:00",
    ],
    [
      "السبت - الخميس 10:00 - 22:00",
      ["Saturday", "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday"],
      "10:00",
      "22:00",
    ],
    ["Fri, Sat 9am to 11pm", ["Friday", "Saturday"], "09:00", "23:00"],
  ])("%j", (text, days, opens, closes) => {
    expect(parseOpeningHours(text)).toEqual({ days, opens, closes });
  });

  it.each([
    ["Call us"],
    ["Daily"],
    ["Weekdays, ask for times"],
    ["9:00 – 23:00"], // no days: not guessed
    ["Daily 25:00 – 26:00"],
    [""],
  ])("%j gives nothing", (text) => {
    expect(parseOpeningHours(text)).toBeNull();
  });
});
