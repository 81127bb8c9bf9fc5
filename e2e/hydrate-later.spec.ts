import type { Locator, Page } from "@playwright/test";
import { firstVisitScripts } from "../src/web/first-visit-scripts.ts";
import { expect, localeTexts, test, useLanguage, waitForHydration } from "./support.ts";

/**
 * Issue 30 (docs/decisions/0032): on a phone, what is below the fold stays server HTML until it
 * comes near; it then hydrates in place, and a press inside it before that is not lost.
 */

/** Whether React has hydrated the element (its props are attached). */
const isHydrated = (element: Locator) =>
  element.first().evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactProps")));
const hydrated = (page: Page, selector: string) => isHydrated(page.locator(selector));
test.use({ viewport: { width: 390, height: 740 } });

test("every section is in the server's HTML in document order, none sent later by script", async ({
  request,
}) => {
  for (const path of ["/", "/ar", "/shop", "/ar/shop"]) {
    const html = await (await request.get(path)).text();
    // A section still pending when the page was sent, and where. (After the footer, React
    // Router streams its loader data in a boundary of its own: that one may wait.)
    const page = html.slice(0, html.indexOf("</footer>"));
    expect(page.length, path).toBeGreaterThan(0);
    expect(/[\s\S]{0,300}(<!--\$\?-->|<template id="B:)[\s\S]{0,300}/.exec(page)?.[0], path).toBe(
      undefined,
    );
    expect(html.indexOf("<footer"), path).toBeGreaterThan(html.indexOf("<main"));
  }
});

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: the footer hydrates in place when it comes near`, async ({ page, baseURL }) => {
    await useLanguage(page, lang, baseURL!);
    // Its code is not among the page's scripts: it comes after the page.
    const html = await (await page.request.get(lang === "ar" ? "/ar" : "/")).text();
    expect(firstVisitScripts(html).join(" ")).not.toMatch(/footer-content/);
    await page.goto(lang === "ar" ? "/ar" : "/");
    await waitForHydration(page);
    // Above the fold is live; the footer, far below, is still the server's HTML.
    expect(await hydrated(page, "header a")).toBe(true);
    expect(await hydrated(page, "footer a")).toBe(false);

    // Hydrated in place: the very nodes the server sent, so nothing is drawn again or moves.
    await page.evaluate(() => {
      (window as unknown as { serverLink: Element }).serverLink =
        document.querySelector("footer a")!;
    });
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect.poll(() => hydrated(page, "footer a")).toBe(true);
    expect(
      await page.evaluate(
        () =>
          (window as unknown as { serverLink: Element }).serverLink ===
          document.querySelector("footer a"),
      ),
    ).toBe(true);
  });

  test(`${lang}: a press inside a section not hydrated yet is handled, and the header navigates meanwhile`, async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, lang, baseURL!);
    const home = localeTexts(lang, "home");
    // The carousel's code is not part of the page (it comes after it, ADR 0032): held here
    // until after the press, the slowest case.
    let deliver = () => {};
    const code = new Promise<void>((resolve) => (deliver = resolve));
    await page.route(/\/assets\/product-carousel-[\w-]+\.js$/, async (route) => {
      await code;
      await route.continue();
    });
    await page.goto(lang === "ar" ? "/ar" : "/");
    await waitForHydration(page);
    const next = page.getByRole("button", { name: home.products.next });
    expect(await isHydrated(next)).toBe(false);
    // The press opens the carousel; React cannot take it before its code comes, so it is held.
    const first = await page.getByTestId("home-product").allTextContents();
    await next.click();
    expect(await isHydrated(next)).toBe(false);
    expect(await page.getByTestId("home-product").allTextContents()).toEqual(first);
    // The code comes, the carousel hydrates in place and the press pages it, once.
    deliver();
    await expect(page.getByText("2 / 3")).toBeVisible();
    expect(await page.getByTestId("home-product").allTextContents()).not.toEqual(first);

    // A client navigation while the footer still waits: the page changes without a reload.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.reload();
    await waitForHydration(page);
    expect(await hydrated(page, "footer a")).toBe(false);
    const loads: string[] = [];
    page.on("load", () => loads.push(page.url()));
    const shop = localeTexts(lang, "shop");
    // The hero's "Shop now" (the phone's header folds its links into the menu).
    await page.locator('main a[href$="/shop"]').first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(shop.title);
    expect(loads).toEqual([]);
  });
}
