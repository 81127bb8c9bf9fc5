import { describe, expect, it } from "vitest";
import { rootDataFor } from "../test/render-in-shell.tsx";
import { alternateLinks, pageMeta } from "./meta.ts";
import { alternatesOf } from "./paths.ts";

const links = (tags: ReturnType<typeof pageMeta>) =>
  tags.filter((tag) => "tagName" in tag && tag.tagName === "link");

describe("alternate links (docs/decisions/0028)", () => {
  it.each([
    ["/", "/", "/ar"],
    ["/ar", "/", "/ar"],
    ["/shop?category=cakes", "/shop?category=cakes", "/ar/shop?category=cakes"],
    ["/ar/faq", "/faq", "/ar/faq"],
  ])("%s has en %s and ar %s", (path, en, ar) => {
    expect(alternatesOf(path)).toEqual({ en, ar });
  });

  it("names both languages and x-default (the English address, which also detects) absolutely", () => {
    expect(
      alternateLinks("https://shop.example", { en: "/product/1-baklava", ar: "/ar/product/1-x" }),
    ).toEqual([
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "en",
        href: "https://shop.example/product/1-baklava",
      },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "ar",
        href: "https://shop.example/ar/product/1-x",
      },
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "x-default",
        href: "https://shop.example/product/1-baklava",
      },
    ]);
  });
});

describe("pageMeta's canonical follows the page's language", () => {
  const matches = (lang: "en" | "ar") => [
    { id: "root", data: rootDataFor(lang, { publicUrl: "https://shop.example" }) },
  ];

  it.each([
    ["en", "/shop", "https://shop.example/shop"],
    ["ar", "/shop", "https://shop.example/ar/shop"],
    ["ar", "/ar/shop", "https://shop.example/ar/shop"],
    ["en", "/ar/shop", "https://shop.example/shop"],
  ] as const)("%s page at %s: canonical %s", (lang, path, canonical) => {
    const tags = pageMeta(matches(lang), { title: "Shop", path });
    expect(links(tags)).toContainEqual({ tagName: "link", rel: "canonical", href: canonical });
    expect(tags).toContainEqual({ property: "og:url", content: canonical });
    expect(links(tags).filter((tag) => "rel" in tag && tag.rel === "alternate")).toHaveLength(3);
    expect(tags).toContainEqual({
      property: "og:locale",
      content: lang === "ar" ? "ar_SY" : "en_US",
    });
  });

  it("a page kept out of the index has its canonical but offers no languages", () => {
    const tags = pageMeta(matches("ar"), { title: "Cart", path: "/cart", noIndex: true });
    expect(links(tags)).toEqual([
      { tagName: "link", rel: "canonical", href: "https://shop.example/ar/cart" },
    ]);
    expect(tags).toContainEqual({ name: "robots", content: "noindex" });
  });

  it("a page with its own addresses (a product's slugs) uses them", () => {
    const tags = pageMeta(matches("ar"), {
      title: "x",
      alternates: { en: "/product/7-baklava", ar: "/ar/product/7-%D8%A8" },
    });
    expect(links(tags)[0]).toEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://shop.example/ar/product/7-%D8%A8",
    });
  });
});
