import { localizePath } from "../src/shared/domain/language-path.ts";
import { expect, localeTexts, test, waitForHydration } from "./support.ts";

/**
 * Issue 30: "no layout shift appears". A storefront page, on a phone, moves nothing while it
 * loads, hydrates and does what it leaves for the first idle moment after (the cart read from
 * storage, the language detection). The cart page drew its loading text in the middle of the
 * box and then moved that same node to the top as the empty cart's title: CLS 0.005 in
 * Lighthouse, now none. (It replaces the cart test that compared the footer's place with and
 * without scripts: the footer did not move, the text inside the box did.)
 */
const PAGES = ["/", "/shop", "/product/1", "/cart", "/our-kitchen", "/contact"];

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: no layout shift while a storefront page loads and settles on a phone`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    // Every shift the browser records, from the first one, with the nodes that moved.
    await page.addInitScript(() => {
      const shifts: string[] = [];
      (window as unknown as { shifts: string[] }).shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node }[];
        }[]) {
          if (entry.hadRecentInput) continue;
          const nodes = entry.sources.map((source) => {
            const element = source.node as Element | undefined;
            return `${element?.nodeName}.${element?.className ?? ""}`;
          });
          shifts.push(`${entry.value.toFixed(4)} ${nodes.join(", ")}`);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const cart = localeTexts(lang, "cart");
    for (const route of PAGES) {
      await page.goto(localizePath(lang, route));
      await waitForHydration(page);
      // What the page leaves for after hydration runs in idle callbacks: two idle moments.
      for (let i = 0; i < 2; i++)
        await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null))));
      if (route === "/cart")
        await expect(page.getByText(cart.empty, { exact: true })).toBeVisible();
      const shifts = await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts);
      expect(shifts, `layout shifts on ${route}`).toEqual([]);
    }
  });
}
