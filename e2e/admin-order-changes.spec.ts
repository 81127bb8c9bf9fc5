import {
  expect,
  localeTexts,
  placeGuestOrder,
  seededProductsInStock,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// Orders that change after they are placed: the desk adds a line to a placed order, the
// customer's page shows the new total, and the packer records 1,040 g for a line.

const T = {
  en: { orders: localeTexts("en", "admin-orders") },
  ar: { orders: localeTexts("ar", "admin-orders") },
};

/** "$1,234.50" / "‏1,234.50 US$" -> 1234.5 (Latin digits in both languages). */
const dollars = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));

for (const lang of ["en", "ar"] as const) {
  const tr = T[lang].orders;

  test(`${lang}: the desk adds a line, the customer's page shows the new total, the packer records 1,040 g`, async ({
    page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    // Untracked seeded products: the stock other journeys count is not moved.
    const [, extra] = await seededProductsInStock(page.request, { count: 2 });
    const extraName = lang === "ar" ? extra!.name_ar : extra!.name;
    const order = await placeGuestOrder(page.request, {
      name: `Edit ${lang} ${Date.now()}`,
      payment_method: "cod",
      lang,
    });

    await page.goto("/admin-orders");
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: tr.search }).fill(order.number);
    const link = page.getByTestId("order-link").filter({ hasText: order.number });
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(order.number);

    // The desk adds a line: checkout's pricing gives the new total.
    await page.getByTestId("edit-lines").click();
    const dialog = page.getByTestId("edit-lines-dialog");
    await dialog.getByRole("searchbox", { name: tr.newOrder.findProduct }).fill(extraName);
    await dialog
      .getByRole("button", { name: tr.newOrder.addProduct.replace("{{name}}", extraName) })
      .first()
      .click();
    await expect(dialog.getByTestId("new-order-line")).toHaveCount(2);
    await dialog.getByTestId("save-lines").click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("timeline-change")).toHaveCount(1);

    const answer = await page.request.get(
      `/api/orders/${order.number}?key=${encodeURIComponent(order.access_key)}`,
    );
    const changed = (await answer.json()).data as { total: number; version: number };
    expect(changed.version).toBe(1);
    expect(changed.total).toBeGreaterThan(order.total);

    // The customer's private page shows the new total.
    const shopper = await browser.newPage({ baseURL });
    await useLanguage(shopper, lang, baseURL!);
    await shopper.goto(`/order/${order.number}?key=${encodeURIComponent(order.access_key)}`);
    await expect
      .poll(async () => dollars(await shopper.getByTestId("order-total").textContent()))
      .toBe(changed.total);
    await shopper.close();

    // The packer records 1,040 g for the first line once the order is being prepared.
    for (const status of ["confirmed", "preparing"] as const) {
      await page.getByTestId(`to-${status}`).click();
      await expect(page.getByTestId("order-status").first()).toHaveAttribute("data-status", status);
    }
    await page.getByTestId("record-weights").click();
    const weights = page.getByTestId("weights-dialog");
    await weights.getByTestId("weighed-grams").first().fill("1040");
    await weights.getByTestId("save-weights").click();
    await expect(weights).toBeHidden();
    await expect(page.getByTestId("line-weighed").first()).toContainText("1");
    await expect(page.getByTestId("line-weighed").first()).toContainText("040");
  });
}
