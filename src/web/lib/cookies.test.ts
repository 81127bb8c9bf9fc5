import { describe, expect, it } from "vitest";
import { readCookie } from "./cookies.ts";

describe("readCookie", () => {
  it.each([
    [undefined, "signed_in", null],
    [null, "signed_in", null],
    ["", "signed_in", null],
    ["signed_in=1", "signed_in", "1"],
    ["lang=ar; signed_in=1", "signed_in", "1"],
    ["signed_in=1;currency=EUR", "signed_in", "1"],
    ["signed_in=", "signed_in", ""],
    ["not_signed_in=1", "signed_in", null],
    ["signed_in=11", "signed_in", "11"],
    ["lang=ar-SY", "lang", "ar-SY"],
    ["lang=%3Cscript%3E", "lang", "<script>"],
    ["lang=%E0%A4%A", "lang", null],
  ])("%s, %s -> %s", (header, name, expected) => {
    expect(readCookie(header, name)).toBe(expected);
  });
});
