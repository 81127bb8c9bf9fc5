import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  expect,
  type Lang,
  localeTexts,
  placeGuestOrder,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// The back office on a phone (390 px wide): the orders list is a column of cards, not a wide
// table scrolled sideways, and an order number stays on one line.
test.use({ viewport: { width: 390, height: 844 } });

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(`${lang}: at 390 px the orders list is cards with no sideways scroll`, async ({
    page,
    request,
    baseURL,
  }) => {
    const orders = localeTexts(lang, "admin-orders");
    await placeGuestOrder(request, {
      name: lang === "ar" ? "زبون الهاتف" : "Phone Customer",
      payment_method: "cod",
    });
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    await page.goto("/admin-orders");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(orders.title);
    const table = page.getByTestId("orders-table");
    const row = table.getByTestId("table-row").first();
    await expect(row).toBeVisible();

    // Nothing wider than the screen: the page does not scroll sideways, nor does the list.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: document.documentElement.clientWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.view);
    const box = table.locator("table").locator("..");
    const inner = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(inner.scroll).toBeLessThanOrEqual(inner.client);

    // A card: the row is a block of its own, the column headers are not drawn.
    expect(await row.evaluate((el) => getComputedStyle(el).display)).not.toBe("table-row");
    await expect(table.locator("thead")).toBeHidden();
    // The card keeps the number, the customer, the total and the state; the rest waits on the
    // order's page.
    await expect(row).toContainText(orders.customer);
    await expect(row).toContainText(orders.total);
    await expect(row).toContainText(orders.status.label);
    await expect(row.getByText(orders.date, { exact: true })).toHaveCount(0);

    // The order number is one line ("SW-10003", never "SW-/10003").
    const link = row.getByTestId("order-link");
    expect(await link.evaluate((el) => el.getClientRects().length)).toBe(1);
    const fontSize = await link.evaluate((el) => Number.parseFloat(getComputedStyle(el).fontSize));
    expect((await link.boundingBox())!.height).toBeLessThan(fontSize * 2);
  });
}

/** Wider than the screen: the page scrolls sideways. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scroll: root.scrollWidth, client: root.clientWidth };
  });

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(`${lang}: at 390 px the customers and products lists are cards too`, async ({
    page,
    request,
    baseURL,
  }) => {
    await placeGuestOrder(request, {
      name: lang === "ar" ? "زبونة البطاقات" : "Card Customer",
      payment_method: "cod",
    });
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    for (const [path, testId] of [
      ["/admin-customers", "customers-table"],
      ["/admin-products", "data-table"],
    ] as const) {
      await page.goto(path);
      await waitForHydration(page);
      const row = page.getByTestId(testId).getByTestId("table-row").first();
      await expect(row).toBeVisible();
      expect(await row.evaluate((el) => getComputedStyle(el).display)).not.toBe("table-row");
      await expect(page.getByTestId(testId).locator("thead")).toBeHidden();
      const { scroll, client } = await sideways(page);
      expect(scroll, path).toBeLessThanOrEqual(client);
    }
  });
}

/** Every back-office screen the owner opens from the menu (one load each). */
const ADMIN_SCREENS = [
  "/admin-dashboard",
  "/admin-reports",
  "/admin-orders",
  "/admin-orders/new",
  "/admin-products",
  "/admin-categories",
  "/admin-copouns",
  "/admin-promotions",
  "/admin-gift-cards",
  "/admin-customers",
  "/admin-traders",
  "/admin-receivables",
  "/admin-kitchen",
  "/admin-kitchen-orders",
  "/admin-production",
  "/admin-calendar",
  "/admin-shipping",
  "/admin-pages",
  "/admin-reviews",
  "/admin-inbox",
  "/admin-settings",
  "/admin-account",
] as const;

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(`${lang}: every admin screen at 390 px: no sideways scroll, no serious accessibility fault`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    const faults: string[] = [];
    for (const path of ADMIN_SCREENS) {
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
      const { scroll, client } = await sideways(page);
      if (scroll > client) faults.push(`${path}: ${scroll} px wide in ${client} px`);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      for (const v of results.violations.filter(
        (v) => v.impact === "serious" || v.impact === "critical",
      ))
        faults.push(`${path}: ${v.id} ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`);
    }
    expect(faults).toEqual([]);
  });
}
