import {
  expect,
  labelStarting as label,
  localeTexts,
  seededProductInStock,
  signInAsOwner,
  test,
  useLanguage,
} from "./support.ts";

// Gift cards in both languages: the owner issues one on the back office screen (the code shown
// once), a shopper's balance check and two orders spend it, and the screen finds it by its
// last four characters with its ledger.
for (const lang of ["en", "ar"] as const) {
  test(`${lang}: the owner issues a gift card; two orders spend it and the ledger shows them`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow();
    const admin = localeTexts(lang, "admin");
    const tr = localeTexts(lang, "admin-gift-cards");
    // A card worth one and a half orders of the cheapest option: the second order takes the rest.
    const product = await seededProductInStock(request);
    const grams = Math.min(...product.weights.map((w: { grams: number }) => w.grams));
    const priced = await request.post("/api/cart/price", {
      data: { lines: [{ productId: product.id, grams, qty: 1 }], country: "SY" },
    });
    const orderTotal = (await priced.json()).data.total as number;
    const amount = Math.ceil(orderTotal * 1.5);

    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    await page.getByRole("link", { name: admin.menu.giftCards, exact: true }).click();
    await page.waitForURL(/\/admin-gift-cards$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr.title);

    await page.getByRole("button", { name: tr.issue, exact: true }).click();
    const dialog = page.getByTestId("gift-card-dialog");
    await dialog.getByLabel(label(tr.amount)).fill(String(amount));
    await dialog.getByRole("button", { name: admin.actions.save, exact: true }).click();
    const shown = dialog.getByTestId("gift-card-code");
    await expect(shown).toHaveText(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
    const code = (await shown.textContent())!;
    await dialog.getByRole("button", { name: tr.done, exact: true }).click();

    const balance = await request.post("/api/gift-cards/balance", { data: { code } });
    expect(await balance.json()).toEqual({ data: { balance: amount } });

    // Two orders of the cheapest option: the first is paid whole, the second takes the rest.
    const order = () =>
      request.post("/api/orders", {
        headers: { "idempotency-key": `e2e-gift-${lang}-${Date.now()}-${Math.random()}` },
        data: {
          name: "Gift Card Shopper",
          phone: "+963 944 000 222",
          email: "gift-card@example.com",
          country: "SY",
          city: "Damascus",
          address: "Example Street 9",
          payment_method: "cod",
          lines: [{ productId: product.id, grams, qty: 1 }],
          gift_card: code,
        },
      });
    const first = await order();
    expect(first.status(), await first.text()).toBe(201);
    const second = await order();
    expect(second.status(), await second.text()).toBe(201);
    expect((await first.json()).data).toMatchObject({
      gift_card_paid: orderTotal,
      payment_status: "paid",
    });
    const rest = Math.round((amount - orderTotal) * 100) / 100;
    expect((await second.json()).data).toMatchObject({
      gift_card_paid: rest,
      payment_status: "unpaid",
    });

    // Found by its last four, with its ledger.
    await page.getByLabel(tr.search).fill(code.slice(-4));
    const table = page.getByTestId("gift-cards-table");
    await expect(table.getByRole("row")).toHaveCount(2);
    await table
      .getByRole("button", { name: tr.showNamed.replace("{{last}}", code.slice(-4)) })
      .click();
    await expect(page.getByTestId("gift-card-entries").getByRole("listitem")).toHaveCount(3);
  });
}
