import { describe, expect, it } from "vitest";
import {
  deskSearchTerm,
  emailKey,
  looksLikeEmail,
  phoneDigits,
  samePhone,
} from "./order-lookup.ts";

describe("phoneDigits", () => {
  it.each([
    ["+963 944 123 456", "963944123456"],
    ["00963-944-123-456", "963944123456"],
    ["0944 123 456", "944123456"],
    ["(0)944.123.456", "944123456"],
    ["", ""],
  ])("%j -> %j", (raw, digits) => expect(phoneDigits(raw)).toBe(digits));
});

describe("samePhone (typed, on the order)", () => {
  it.each([
    // Syria: international, with 00, domestic with the trunk 0, bare national number.
    ["0944123456", "+963 944 123 456", true],
    ["944123456", "+963944123456", true],
    ["00963944123456", "+963 944 123 456", true],
    ["+963 944 123 456", "0944 123 456", true],
    ["+963944123456", "+963944123456", true],
    // Qatar's 8-digit numbers with and without the calling code.
    ["55551234", "+974 5555 1234", true],
    // Another number, or only its last digits.
    ["0944123457", "+963 944 123 456", false],
    ["4123456", "+963 944 123 456", false],
    ["123456", "123456", false],
    ["44123456", "+963 944 123 456", false],
    ["", "+963 944 123 456", false],
    // The same national number under a longer prefix than any calling code.
    ["12345944123456", "0944123456", false],
  ])("%j vs %j -> %s", (typed, stored, same) => expect(samePhone(typed, stored)).toBe(same));
});

describe("e-mail or phone", () => {
  it.each([
    ["Fan@Example.com ", "fan@example.com"],
    [" fan@example.com", "fan@example.com"],
  ])("emailKey(%j) = %j", (raw, key) => expect(emailKey(raw)).toBe(key));
  it.each([
    ["fan@example.com", true],
    ["+963 944 123 456", false],
  ])("looksLikeEmail(%j) = %s", (raw, yes) => expect(looksLikeEmail(raw)).toBe(yes));
});

describe("deskSearchTerm", () => {
  it.each([
    ["944 555", "944555"],
    ["0944 555 666", "944555666"],
    ["+963 944-555", "963944555"],
    ["٩٤٤ ٥٥٥", "944555"],
    ["(011) 2345", "112345"],
    // Too short to be a phone, or not one: as typed.
    ["12", "12"],
    ["SW-10003", "SW-10003"],
    ["layla", "layla"],
    ["50%", "50%"],
  ])("%s -> %s", (query, term) => {
    expect(deskSearchTerm(query)).toBe(term);
  });
});
