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
