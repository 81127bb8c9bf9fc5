import { act, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { I18nProvider, Translator, useTranslation } from "./translator.tsx";

const en = {
  common: {
    hello: "Hello {{name}}",
    nested: { deep: "Deep" },
    items_one: "{{count}} item",
    items_other: "{{count}} items",
    items_zero: "No items",
    onlyEnglish: "English only",
    policy: { a: "A", b: "B" },
  },
  shop: { title: "Shop", hello: "Shop hello" },
};
const ar = {
  common: {
    hello: "مرحبا {{name}}",
    items_zero: "لا عناصر",
    items_one: "عنصر واحد",
    items_two: "عنصران",
    items_few: "{{count}} عناصر",
    items_many: "{{count}} عنصرًا",
    items_other: "{{count}} عنصر",
  },
};

describe("Translator.t", () => {
  const english = new Translator("en", en);
  const arabic = new Translator("ar", ar);
  arabic.addResourceBundle("en", "common", en.common);
  arabic.addResourceBundle("en", "shop", en.shop);

  it.each([
    ["en", "hello", { name: "Layla" }, "Hello Layla"],
    ["en", "hello", undefined, "Hello {{name}}"],
    ["en", "nested.deep", undefined, "Deep"],
    ["en", "shop:title", undefined, "Shop"],
    ["en", "items", { count: 0 }, "No items"],
    ["en", "items", { count: 1 }, "1 item"],
    ["en", "items", { count: 2 }, "2 items"],
    ["en", "items", { count: 21 }, "21 items"],
    ["ar", "hello", { name: "ليلى" }, "مرحبا ليلى"],
    ["ar", "items", { count: 0 }, "لا عناصر"],
    ["ar", "items", { count: 1 }, "عنصر واحد"],
    ["ar", "items", { count: 2 }, "عنصران"],
    ["ar", "items", { count: 3 }, "3 عناصر"],
    ["ar", "items", { count: 11 }, "11 عنصرًا"],
    ["ar", "items", { count: 100 }, "100 عنصر"],
    // Without a loader (server, tests) English fills a key Arabic lacks.
    ["ar", "onlyEnglish", undefined, "English only"],
    ["ar", "shop:title", undefined, "Shop"],
    // A missing key shows bare; a default value is interpolated.
    ["en", "missing.key", undefined, "missing.key"],
    ["en", "missing", { defaultValue: "Failed ({{status}})", status: 502 }, "Failed (502)"],
  ] as const)("%s %s %j → %s", (lang, key, options, expected) => {
    const i18n = lang === "en" ? english : arabic;
    expect(i18n.getFixedT(null)(key, options)).toBe(expected);
  });

  it("searches the namespaces in order, and `ns` overrides them", () => {
    expect(english.getFixedT(null, ["shop", "common"])("hello", { name: "x" })).toBe("Shop hello");
    expect(english.getFixedT(null, ["common", "shop"])("title")).toBe("Shop");
    expect(english.getFixedT(null, "shop")("hello", { ns: "common", name: "x" })).toBe("Hello x");
  });

  it("returns objects only when asked", () => {
    const t = english.getFixedT(null);
    expect(t("policy", { returnObjects: true })).toEqual({ a: "A", b: "B" });
    expect(t("policy")).toBe("policy");
  });

  it("reports a key no loaded text has, with its namespace", () => {
    const onMissing = vi.fn();
    const i18n = new Translator("en", { common: en.common }, { onMissing });
    expect(i18n.getFixedT(null)("shop:title")).toBe("title");
    expect(i18n.getFixedT(null)("hello", { name: "a" })).toBe("Hello a");
    expect(onMissing.mock.calls).toEqual([["shop", "title"]]);
  });

  it("has no English fallback with a loader: the files are already filled", () => {
    const i18n = new Translator("ar", { common: {} }, { load: async () => ({}) });
    i18n.addResourceBundle("en", "common", en.common);
    expect(i18n.getFixedT(null)("onlyEnglish")).toBe("onlyEnglish");
  });
});

describe("Translator loading", () => {
  it("loads what is shown in the new language before it switches, and tells subscribers once", async () => {
    const load = vi.fn(
      async (lang: string, ns: string) => (lang === "ar" ? ar : en)[ns as "common"] ?? {},
    );
    const i18n = new Translator("en", { common: en.common, shop: en.shop }, { load });
    const listener = vi.fn();
    i18n.subscribe(listener);
    const switching = i18n.changeLanguage("ar");
    expect(i18n.language).toBe("en");
    await switching;
    expect(i18n.language).toBe("ar");
    expect(load.mock.calls.map((c) => c.join("/")).sort()).toEqual(["ar/common", "ar/shop"]);
    expect(i18n.getFixedT(null)("items", { count: 2 })).toBe("عنصران");
    expect(i18n.dir()).toBe("rtl");
    // Two bundles arrived and the language changed.
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it("shows a failed file's keys bare instead of waiting forever", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const i18n = new Translator("en", {}, { load: () => Promise.reject(new Error("offline")) });
    await i18n.loadNamespaces("shop");
    expect(i18n.getFixedT(null, "shop")("title")).toBe("title");
    expect(warn).toHaveBeenCalledWith("Texts en/shop failed to load", expect.any(Error));
    warn.mockRestore();
  });
});

function Title() {
  const { t } = useTranslation("shop");
  return <h1>{t("title")}</h1>;
}

describe("useTranslation", () => {
  it("suspends until a missing namespace arrives, then re-renders on a language switch", async () => {
    let release: (bundle: Record<string, unknown>) => void = () => {};
    const load = vi.fn(
      (lang: string, ns: string) =>
        new Promise<Record<string, unknown>>((resolve) => {
          if (lang === "en") release = resolve;
          else resolve(ns === "shop" ? { title: "المتجر" } : {});
        }),
    );
    const i18n = new Translator("en", { common: en.common }, { load });
    await act(async () => {
      render(
        <I18nProvider i18n={i18n}>
          <Suspense fallback={<p>waiting</p>}>
            <Title />
          </Suspense>
        </I18nProvider>,
      );
    });
    expect(screen.getByText("waiting")).toBeTruthy();
    await act(async () => release(en.shop));
    expect(await screen.findByRole("heading", { name: "Shop" })).toBeTruthy();
    await act(() => i18n.changeLanguage("ar"));
    expect(screen.getByRole("heading", { name: "المتجر" })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(3); // en/shop, then ar/common and ar/shop
  });

  it("needs a provider", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(<Title />)).toThrow("useTranslation needs an I18nProvider above it");
    error.mockRestore();
  });
});
