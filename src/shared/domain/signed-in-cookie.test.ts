import { describe, expect, it } from "vitest";
import { hasSignedInCookie } from "./signed-in-cookie.ts";

describe("hasSignedInCookie", () => {
  it.each([
    [undefined, false],
    [null, false],
    ["", false],
    ["signed_in=1", true],
    ["lang=ar; signed_in=1", true],
    ["signed_in=1; currency=EUR", true],
    ["signed_in=", false],
    ["signed_in=0", false],
    ["not_signed_in=1", false],
    ["signed_in=11", false],
  ])("%s -> %s", (header, expected) => {
    expect(hasSignedInCookie(header)).toBe(expected);
  });
});
