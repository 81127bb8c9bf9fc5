import {
  escapeRe,
  expect,
  localeTexts,
  seededProductInStock,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

/**
 * Issue 29, gift orders: at checkout a shopper marks the order as a gift, names the recipient,
 * writes a card in either language and asks for wrapping at the owner's price; the summary
 * adds it, and the order page shows the gift with the card in its own direction.
 */
for (const lang of ["en", "ar"] as const) {
  test(`${lang}: a gift with a card and wrapping, from checkout to the order page`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const tr = localeTexts(lang, "checkout");
    const cart = localeTexts(lang, "cart");
    const settings = (await (await request.get("/api/settings")).json()).data as {
      gift_wrap_price: number | null;
    };
    const product = await seededProductInStock(request);
    const weight = product.weights[0]!;
    await useLanguage(page, lang, baseURL!);
    await page.addInitScript(
      ({ id, name, price, grams }) => {
        if (sessionStorage.getItem("seeded")) return;
        sessionStorage.setItem("seeded", "1");
        const line = { productId: String(id), name, price, image: "", timestamp: 1 };
        localStorage.setItem("cart_v2", JSON.stringify([{ ...line, qty: 1, grams }]));
      },
      { id: product.id, name: product.name, price: weight.price, grams: weight.grams },
    );

    await page.goto(lang === "ar" ? "/ar/checkout" : "/checkout");
    await waitForHydration(page);
    const field = (label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}`));
    await field(tr.fields.name).fill("Layla Haddad");
    await field(tr.fields.phone).fill("+963 944 000 111");
    await field(tr.fields.city).fill("Damascus");
    await field(tr.fields.address).fill("Example Street 5");
    await expect(page.getByTestId("shipping-message")).toHaveText(tr.shipping.domestic);

    // Not a gift until ticked: no recipient fields, no wrapping in the summary.
    await expect(field(tr.gift.recipientName)).toHaveCount(0);
    await page.getByLabel(tr.gift.isGift).check();
    await field(tr.gift.recipientName).fill("Salma Haddad");
    await field(tr.gift.recipientPhone).fill("+963 933 000 222");
    const card = "Eid Mubarak! كل عام وأنتِ بخير";
    await field(tr.gift.message).fill(card);
    const total = page.getByTestId("summary-total");
    const before = await total.textContent();
    if (settings.gift_wrap_price) {
      await page.getByLabel(new RegExp(`^${escapeRe(tr.gift.wrap.split(" (")[0])}`)).check();
      await expect(page.getByTestId("summary-gift-wrap")).toBeVisible();
      await expect(total).not.toHaveText(before!);
    }

    await page.getByRole("button", { name: tr.submit }).click();
    await page.waitForURL(/\/order\/SW-\d+/);
    await waitForHydration(page);
    const gift = page.getByTestId("order-gift");
    await expect(gift).toContainText("Salma Haddad");
    // Stored in E.164, shown nationally on the shopper's page and linked with the full number.
    await expect(gift).toContainText("0933 000 222");
    await expect(gift.locator('a[href="tel:+963933000222"]')).toBeVisible();
    await expect(gift.locator('a[href="https://wa.me/963933000222"]')).toBeVisible();
    const message = page.getByTestId("order-gift-message");
    await expect(message).toHaveText(card);
    await expect(message).toHaveAttribute("dir", "auto");
    if (settings.gift_wrap_price)
      await expect(page.getByText(cart.summary.giftWrap).first()).toBeVisible();
  });
}

test("a gift without the recipient's name is refused in the form, and nothing is sent", async ({
  page,
  baseURL,
}) => {
  const tr = localeTexts("en", "checkout");
  const messages = localeTexts("en", "messages");
  await useLanguage(page, "en", baseURL!);
  await page.addInitScript(() => {
    localStorage.setItem(
      "cart_v2",
      JSON.stringify([
        { productId: "1", name: "Baklava", price: 10, image: "", timestamp: 1, qty: 1, grams: 500 },
      ]),
    );
  });
  let posted = false;
  page.on("request", (req) => {
    if (req.method() === "POST" && req.url().endsWith("/api/orders")) posted = true;
  });
  await page.goto("/checkout");
  await waitForHydration(page);
  const field = (label: string) => page.getByLabel(new RegExp(`^${escapeRe(label)}`));
  await field(tr.fields.name).fill("Layla Haddad");
  await field(tr.fields.phone).fill("+963 944 000 111");
  await field(tr.fields.city).fill("Damascus");
  await field(tr.fields.address).fill("Example Street 5");
  await expect(page.getByTestId("shipping-message")).toHaveText(tr.shipping.domestic);
  await page.getByLabel(tr.gift.isGift).check();
  await page.getByRole("button", { name: tr.submit }).click();
  await expect(page.getByText(messages.order.RECIPIENT_NAME_REQUIRED)).toBeVisible();
  expect(posted).toBe(false);
});
