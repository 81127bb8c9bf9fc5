import { describe, expect, it } from "vitest";
import { languageOfPath, localizePath, withoutLanguage } from "./language-path.ts";

describe("languageOfPath", () => {
  it.each([
    ["/ar", "ar"],
    ["/ar/", "ar"],
    ["/ar/shop", "ar"],
    ["/ar/product/1-x", "ar"],
    ["/ar.data", "ar"],
    ["/ar/shop.data", "ar"],
    ["/", null],
    ["/shop", null],
    ["/_root.data", null],
    ["/arabic-sweets", null],
    ["/ar-shop", null],
    ["/about/ar", null],
    ["/AR/shop", null],
  ])("%s → %s", (path, lang) => {
    expect(languageOfPath(path)).toBe(lang);
  });
});

describe("localizePath and withoutLanguage", () => {
  it.each([
    // [path, English, Arabic]
    ["/", "/", "/ar"],
    ["/?a=1", "/?a=1", "/ar?a=1"],
    ["/shop", "/shop", "/ar/shop"],
    [
      "/shop?category=cakes&page=2",
      "/shop?category=cakes&page=2",
      "/ar/shop?category=cakes&page=2",
    ],
    ["/ar", "/", "/ar"],
    ["/ar/", "/", "/ar"],
    ["/ar/shop?x=1", "/shop?x=1", "/ar/shop?x=1"],
    ["/ar?x=1", "/?x=1", "/ar?x=1"],
    ["/arabic-sweets", "/arabic-sweets", "/ar/arabic-sweets"],
    ["/product/1-%D8%A8", "/product/1-%D8%A8", "/ar/product/1-%D8%A8"],
  ])("%s → en %s, ar %s", (path, en, ar) => {
    expect(localizePath("en", path)).toBe(en);
    expect(localizePath("ar", path)).toBe(ar);
    expect(withoutLanguage(ar)).toBe(en);
  });
});
