import { describe, expect, it } from "vitest";
import { dirFor, pickServerLanguage, toLanguage } from "./language.ts";

describe("toLanguage", () => {
  it.each([
    ["en", "en"],
    ["ar", "ar"],
    ["AR", "ar"],
    ["ar-SY", "ar"],
    ["en_GB", "en"],
    [" ar ", "ar"],
    ["fr", null],
    ["", null],
    ["<script>alert(1)</script>", null],
    ["ar<img src=x onerror=alert(1)>", null],
    ["javascript:alert(1)", null],
    ['ar"onload="x', null],
    ["%3Cscript%3E", null],
    [42, null],
    [undefined, null],
  ])("%j -> %j", (input, expected) => {
    expect(toLanguage(input)).toBe(expected);
  });
});

describe("pickServerLanguage", () => {
  it.each([
    [undefined, undefined, "en"],
    ["ar", undefined, "ar"],
    ["en", "ar", "en"],
    [undefined, "ar-SY,ar;q=0.9,en;q=0.8", "ar"],
    [undefined, "fr-FR,fr;q=0.9,ar;q=0.8,en;q=0.7", "ar"],
    [undefined, "en;q=0.5,ar;q=0.9", "ar"],
    [undefined, "fr,de", "en"],
    ["<script>", "ar", "ar"],
    [undefined, "ar;q=0", "en"],
  ] as const)("cookie %j, header %j -> %s", (cookie, header, expected) => {
    expect(pickServerLanguage(cookie, header)).toBe(expected);
  });
});

it("Arabic is right-to-left, English left-to-right", () => {
  expect(dirFor("ar")).toBe("rtl");
  expect(dirFor("en")).toBe("ltr");
});
