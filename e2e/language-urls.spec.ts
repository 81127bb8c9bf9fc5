import { expect, localeTexts, seededProducts, test, waitForHydration } from "./support.ts";

// A URL per language (issue 26, docs/decisions/0028), in a real browser.

test.describe("a URL per language", () => {
  for (const lang of ["en", "ar"] as const) {
    const other = lang === "ar" ? "en" : "ar";
    const prefix = lang === "ar" ? "/ar" : "";
    const otherPrefix = other === "ar" ? "/ar" : "";

    test(`${lang}: the toggle keeps the page, query and all, and the links follow`, async ({
      page,
      baseURL,
    }) => {
      // The cookie only: support's useLanguage would put the language back in storage on every
      // page load, and on an address with no prefix the detection would then switch back.
      await page.context().addCookies([{ name: "lang", value: lang, url: baseURL! }]);
      await page.goto(`${prefix}/shop?category=baklava`);
      await waitForHydration(page);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      await page.getByTestId("language-toggle").click();
      await page.waitForURL(`${baseURL}${otherPrefix}/shop?category=baklava`);
      await expect(page.locator("html")).toHaveAttribute("lang", other);
      await expect(page.locator("html")).toHaveAttribute("dir", other === "ar" ? "rtl" : "ltr");
      const common = localeTexts(other, "common");
      await expect(
        page
          .getByRole("navigation", { name: common.nav.mainNavigation })
          .getByRole("link", { name: common.nav.about }),
      ).toHaveAttribute("href", `${otherPrefix}/about`);
      // The choice is remembered where SPEC's detection looks.
      expect(await page.evaluate(() => localStorage.getItem("i18nextLng"))).toBe(other);
      expect((await page.context().cookies()).find((c) => c.name === "lang")?.value).toBe(other);

      // A product keeps its page too, with the slug of the other language.
      await waitForHydration(page);
      await page.getByTestId("product-card").first().getByRole("link").first().click();
      await page.waitForURL(new RegExp(`^${baseURL}${otherPrefix}/product/\\d+-[^/]+$`));
      const id = /\/product\/(\d+)-/.exec(page.url())![1];
      await waitForHydration(page);
      // The address changes before React draws the new page (a transition): wait for the
      // toggle to point at this product, or a loaded machine clicks the shop's toggle.
      const toggle = page.getByTestId("language-toggle");
      await expect(toggle).toHaveAttribute("href", new RegExp(`^${prefix}/product/${id}-`));
      await toggle.click();
      await page.waitForURL(new RegExp(`^${baseURL}${prefix}/product/${id}-[^/]+$`));
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
    });
  }

  test("a product link shared from Arabic opens in Arabic for a new visitor with an English browser", async ({
    browser,
    baseURL,
  }) => {
    // The sharer, in Arabic, copies a product's address.
    const sharer = await browser.newPage({ locale: "ar-SY" });
    await sharer.goto("/ar/shop");
    const href = await sharer
      .getByTestId("product-card")
      .first()
      .getByRole("link")
      .first()
      .getAttribute("href");
    expect(href).toMatch(/^\/ar\/product\/\d+-%D[89A-B]/); // Arabic letters, percent-encoded
    await sharer.close();

    // A new visitor, English browser, no cookie, no storage.
    const context = await browser.newContext({
      locale: "en-US",
      extraHTTPHeaders: { "accept-language": "en-US,en;q=0.9" },
    });
    const page = await context.newPage();
    const response = await page.goto(`${baseURL}${href}`);
    expect(await response!.text()).toContain('<html lang="ar" dir="rtl"');
    await waitForHydration(page);
    // Hydration and the browser's detection leave it in Arabic.
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(/[\u0600-\u06FF]/);
    await context.close();
  });

  test("the old product address and a stale slug move permanently to the current one", async ({
    request,
  }) => {
    // Seeded, not the newest: that may be another journey's product, renamed or deleted meanwhile.
    const id = (await seededProducts(request))[0]!.id;
    for (const old of [`/product/${id}`, `/product/${id}-old-name`, `/ar/product/${id}`]) {
      const res = await request.get(old, { maxRedirects: 0 });
      expect(res.status(), old).toBe(301);
      expect(res.headers().location, old).toMatch(
        new RegExp(`^${old.startsWith("/ar") ? "/ar" : ""}/product/${id}-[^/]+$`),
      );
    }
  });

  for (const lang of ["en", "ar"] as const) {
    test(`${lang}: the web app manifest is valid and linked from the page`, async ({
      page,
      request,
    }) => {
      await page.goto(lang === "ar" ? "/ar" : "/");
      const href = await page.locator('link[rel="manifest"]').getAttribute("href");
      expect(href).toBe(`/manifest.${lang}.webmanifest`);
      const res = await request.get(href!);
      expect(res.status()).toBe(200);
      expect(res.headers()["content-type"]).toMatch(/application\/manifest\+json/);
      const manifest = (await res.json()) as Record<string, unknown> & {
        icons: { src: string; sizes: string; type: string; purpose?: string }[];
      };
      expect(manifest).toMatchObject({
        lang,
        dir: lang === "ar" ? "rtl" : "ltr",
        start_url: lang === "ar" ? "/ar" : "/",
        scope: "/",
        display: "standalone",
      });
      expect(typeof manifest.name).toBe("string");
      expect(typeof manifest.short_name).toBe("string");
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
      expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
      // Installable: a 192 and a 512 PNG, and a maskable one; every icon is served.
      const sizes = manifest.icons.map((icon) => icon.sizes);
      expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
      expect(manifest.icons.some((icon) => icon.purpose?.includes("maskable"))).toBe(true);
      for (const icon of manifest.icons) {
        const file = await request.get(icon.src);
        expect(file.status(), icon.src).toBe(200);
        expect(file.headers()["content-type"]).toBe(icon.type);
      }
    });
  }
});
