import fs from "node:fs";
import type { Page } from "@playwright/test";
import { escapeRe, expect, seededProductInStock, test, waitForHydration } from "./support.ts";

/**
 * Issue 24: a card order goes to the (stand-in) Stripe Checkout page and comes back. The
 * stand-in (playwright.config.ts) is reached by the shop only through the real stripe
 * package; its Pay button delivers a signed checkout.session.completed to the shop's webhook
 * before it sends the browser back, so the order page can already say "Paid".
 */
type Lang = "en" | "ar";
const checkout = (lang: Lang) =>
  JSON.parse(fs.readFileSync(`src/web/i18n/locales/${lang}/checkout.json`, "utf8"));

async function useLanguage(page: Page, lang: Lang, baseURL: string) {
  await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
  await page.addInitScript((value) => localStorage.setItem("i18nextLng", value), lang);
}

test("the shop offers card payments (the e2e server runs with the stand-in)", async ({
  request,
}) => {
  const settings = await request.get("/api/settings");
  expect((await settings.json()).data.payment_methods).toContain("card");
});

for (const lang of ["en", "ar"] as const) {
  const tr = checkout(lang);

  test(`${lang}: a card order goes to the payment page, comes back waiting, then paid`, async ({
    page,
    request,
    baseURL,
  }) => {
    // Checkout, the hosted page, back, the page again, paid: about 20 s on a loaded CI machine.
    test.setTimeout(60_000);
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

    await page.goto("/checkout");
    await waitForHydration(page);
    await page.getByLabel(new RegExp(`^${escapeRe(tr.fields.name)}`)).fill("Rana Haddad");
    await page.getByLabel(new RegExp(`^${escapeRe(tr.fields.phone)}`)).fill("+963 944 000 000");
    await page.getByLabel(new RegExp(`^${escapeRe(tr.fields.email)}`)).fill("rana@example.com");
    await page.getByLabel(new RegExp(`^${escapeRe(tr.fields.city)}`)).fill("Damascus");
    await page.getByLabel(new RegExp(`^${escapeRe(tr.fields.address)}`)).fill("Example Street 1");
    await expect(page.getByTestId("shipping-message")).toHaveText(tr.shipping.domestic);
    await page.getByLabel(tr.payment.card).check();
    await page.getByRole("button", { name: tr.submit }).click();

    // The hosted payment page (the stand-in), charging the order's total in USD.
    await expect(page).toHaveURL(/\/pay\/cs_test_[0-9a-f]+$/);
    await expect(page.getByTestId("standin-amount")).toContainText("USD");

    // Cancel: back on the private order page, which waits and offers the page again.
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/order\/SW-\d+\?key=[^&]+$/);
    await waitForHydration(page);
    await expect(page.getByTestId("payment-status")).toHaveText(tr.order.paymentStates.waiting);
    const payNow = page.getByRole("link", { name: tr.order.card.payNow });
    await expect(payNow).toBeVisible();

    // Pay now -> Pay: the gateway's event marks it paid; the page says so on the way back.
    await payNow.click();
    await expect(page).toHaveURL(/\/pay\/cs_test_/);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/order\/SW-\d+\?key=.+&payment=done$/);
    await expect(page.getByTestId("payment-status")).toHaveText(tr.order.paymentStates.paid);
    await expect(page.getByTestId("card-payment")).toHaveCount(0);
    await expect(page.getByTestId("order-status")).toHaveText(tr.order.statuses.pending);
    // The cart was emptied when the order was placed.
    await expect(page.getByTestId("cart-badge")).toHaveCount(0);
  });
}
