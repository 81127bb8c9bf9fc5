import { describe, expect, it } from "vitest";
import { displayPhone, messagingDigits, telHref, toE164 } from "./phone.ts";

describe("toE164", () => {
  it.each<[string, string | null, string | null]>([
    ["+963 944 000 111", "SY", "+963944000111"],
    ["0944 000 111", "SY", "+963944000111"],
    ["0944 000 111", "sy", "+963944000111"],
    ["944000111", "SY", "+963944000111"],
    ["00963944000111", "SY", "+963944000111"],
    // The number's own calling code beats the order's country.
    ["+963 944 000 111", "QA", "+963944000111"],
    ["3312 3456", "QA", "+97433123456"],
    ["+49 (30) 1234-5678", "DE", "+493012345678"],
    ["030 1234 5678", "DE", "+493012345678"],
    // A Syrian mobile written the domestic way cannot be a Qatari number.
    ["0944 000 111", "QA", null],
    ["12", "SY", null],
    ["", "SY", null],
    ["phone", "SY", null],
    ["0944 000 111", null, null],
    ["0944 000 111", "XX", null],
  ])("%s in %s -> %s", (raw, country, expected) => {
    expect(toE164(raw, country)).toBe(expected);
  });
});

describe("displayPhone", () => {
  it.each<[string, string, string]>([
    ["+963944000111", "SY", "0944 000 111"],
    ["0944000111", "SY", "0944 000 111"],
    ["+97433123456", "QA", "3312 3456"],
    // Foreign to the order's country: shown with its calling code.
    ["+963944000111", "QA", "+963 944 000 111"],
    // Stored before numbers were checked and unreadable: as typed.
    [" 12 ", "SY", "12"],
  ])("%s in %s -> %s", (raw, country, expected) => {
    expect(displayPhone(raw, country)).toBe(expected);
  });
});

describe("links", () => {
  it.each<[string, string, string, string | null]>([
    ["0944 123 456", "SY", "tel:+963944123456", "963944123456"],
    ["+963944123456", "SY", "tel:+963944123456", "963944123456"],
    ["00963 944 123 456", "TR", "tel:+963944123456", "963944123456"],
    ["3312 3456", "QA", "tel:+97433123456", "97433123456"],
    // In Qatar a Syrian domestic number cannot be completed: no chat to open.
    ["0944 123 456", "QA", "tel:0944123456", null],
  ])("%s in %s -> %s, wa.me/%s", (raw, country, tel, wa) => {
    expect(telHref(raw, country)).toBe(tel);
    expect(messagingDigits(raw, country)).toBe(wa);
  });
});
