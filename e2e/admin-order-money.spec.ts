import type { Page } from "@playwright/test";
import {
  escapeRe,
  expect,
  localeTexts,
  seededProductInStock,
  seededProductsInStock,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// Money after an order is placed, through the Stripe stand-in (playwright.config.ts) that the
// shop reaches only through the real stripe package: a card order gets one line refunded from
// the admin order page, and an order taken by the desk is paid through a payment link.

const T = {
  en: { orders: localeTexts("en", "admin-orders"), checkout: localeTexts("en", "checkout") },
  ar: { orders: localeTexts("ar", "admin-orders"), checkout: localeTexts("ar", "checkout") },
};

/** "$1,234.50" / "‏1,234.50 US$" -> 1234.5 (Latin digits in both languages). */
const dollars = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));

type StandinRefund = { amount: number; metadata: Record<string, string> };

/** The refunds the stand-in made for an order (Stripe's `GET /v1/refunds`, as the shop's key). */
async function standinRefunds(page: Page, orderNumber: string): Promise<StandinRefund[]> {
  const answer = await page.request.get(
    `http://127.0.0.1:${process.env.E2E_STRIPE_PORT}/v1/refunds`,
    { headers: { authorization: "Bearer sk_test_e2e" } },
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  const { data } = (await answer.json()) as { data: StandinRefund[] };
  return data.filter((refund) => refund.metadata.order_number === orderNumber);
}

/** Opens an order from the desk's list by its number. */
async function openOrder(page: Page, search: string, number: string) {
  await page.goto("/admin-orders");
  await waitForHydration(page);
  await page.getByRole("searchbox", { name: search }).fill(number);
  await page.getByTestId("order-link").filter({ hasText: number }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(number);
}

for (const lang of ["en", "ar"] as const) {
  const tr = T[lang].orders;
  const co = T[lang].checkout;

  test(`${lang}: a card order paid through the stand-in gets one line refunded from the admin page`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, lang, baseURL!);
    // Two untracked seeded products: one line is refunded, the other kept.
    const products = await seededProductsInStock(page.request, { count: 2 });
    const placed = await page.request.post("/api/orders", {
      headers: { "idempotency-key": `e2e-refund-${lang}-${Date.now()}` },
      data: {
        name: `Refund ${lang} ${Date.now()}`,
        phone: "+963 11 000 0000",
        email: `refund-${lang}-${Date.now()}@example.com`,
        country: "SY",
        city: "Damascus",
        address: "Old City",
        lang,
        payment_method: "card",
        lines: products.map((product) => ({
          productId: product.id,
          grams: Math.min(...product.weights.map((w) => w.grams)),
          qty: 1,
        })),
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (await placed.json()).data as {
      number: string;
      access_key: string;
      total: number;
    };

    // The customer pays on the stand-in's page from their private order page.
    await page.goto(`/order/${order.number}?key=${encodeURIComponent(order.access_key)}`);
    await waitForHydration(page);
    await page.getByRole("link", { name: co.order.card.payNow }).click();
    await expect(page).toHaveURL(/\/pay\/cs_test_[0-9a-f]+$/);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/order\/SW-\d+\?key=.+&payment=done$/);
    await expect(page.getByTestId("payment-status")).toHaveText(co.order.paymentStates.paid);

    // The owner refunds the first line from the order page's refund dialog.
    await signInAsOwner(page, lang);
    await openOrder(page, tr.search, order.number);
    const panel = page.getByTestId("order-payment");
    await expect(panel.getByTestId("payment-status")).toHaveAttribute("data-status", "paid");
    await panel.getByTestId("refund").click();
    const dialog = page.getByTestId("refund-dialog");
    await dialog.getByTestId("refund-mode-lines").check();
    await expect(dialog.getByTestId("refund-line")).toHaveCount(2);
    await dialog.getByTestId("refund-line").first().check();
    await dialog.getByTestId("confirm-refund").click();
    await expect(dialog).toBeHidden();

    await expect(panel.getByTestId("payment-status")).toHaveAttribute(
      "data-status",
      "partially_refunded",
    );
    await expect(panel.getByTestId("payment-status")).toHaveText(
      tr.paymentStatus.partially_refunded,
    );
    const refunded = dollars(await panel.getByTestId("refunded-amount").textContent());
    expect(refunded).toBeGreaterThan(0);
    expect(refunded).toBeLessThan(order.total);

    // The stand-in made exactly that refund, once, for this order.
    const refunds = await standinRefunds(page, order.number);
    expect(refunds.map((refund) => refund.amount)).toEqual([Math.round(refunded * 100)]);

    // The customer's private page says so too.
    await page.goto(`/order/${order.number}?key=${encodeURIComponent(order.access_key)}`);
    await expect(page.getByTestId("payment-status")).toHaveText(
      co.order.paymentStates.partially_refunded,
    );
  });

  test(`${lang}: an order taken by the desk is paid through a payment link and turns paid`, async ({
    page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(120_000);
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    const product = await seededProductInStock(page.request);
    const productName = lang === "ar" ? product.name_ar : product.name;

    // The desk takes the order by phone, unpaid (the payment method the form starts with).
    await page.goto("/admin-orders/new");
    await waitForHydration(page);
    const form = page.getByTestId("new-order-form");
    const field = (label: string) => form.getByLabel(new RegExp(`^${escapeRe(label)}`));
    await field(tr.newOrder.source).selectOption("phone");
    await field(tr.newOrder.name).fill(`Link ${lang} ${Date.now()}`);
    await field(tr.newOrder.phone).fill("+963 944 555 001");
    await field(tr.newOrder.city).fill(lang === "ar" ? "دمشق" : "Damascus");
    await field(tr.newOrder.address).fill(lang === "ar" ? "باب توما، ٣" : "Bab Touma 3");
    await page.getByRole("searchbox", { name: tr.newOrder.findProduct }).fill(productName);
    await page
      .getByRole("button", { name: tr.newOrder.addProduct.replace("{{name}}", productName) })
      .first()
      .click();
    await expect(page.getByTestId("new-order-line")).toHaveCount(1);
    await expect(page.getByTestId("new-order-shipping").getByRole("radio").first()).toBeChecked();
    await form.getByRole("button", { name: tr.newOrder.submit }).click();
    await page.waitForURL(/\/admin-orders\/\d+$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(/SW-\d+/);

    // The page offers a payment link for what is owed at once.
    const panel = page.getByTestId("order-payment");
    await expect(panel.getByTestId("payment-status")).toHaveAttribute("data-status", "unpaid");
    const owed = dollars(await panel.getByTestId("balance-due").textContent());
    expect(owed).toBeGreaterThan(0);
    await panel.getByTestId("create-payment-link").click();
    const linkField = panel.getByTestId("payment-link-url");
    await expect(linkField).toHaveValue(/\/pay\/cs_test_[0-9a-f]+$/);
    const url = await linkField.inputValue();

    // The customer opens the link, pays on the stand-in's page, and lands on the order, paid.
    const shopper = await browser.newPage({ baseURL });
    // The shopper's page fails on console errors too, as the fixture's `page` does.
    const problems: string[] = [];
    shopper.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
    });
    shopper.on("pageerror", (error) => problems.push(error.message));
    await useLanguage(shopper, lang, baseURL!);
    await shopper.goto(url);
    await expect(shopper.getByTestId("standin-amount")).toHaveText(`${owed.toFixed(2)} USD`);
    await shopper.getByRole("button", { name: "Pay" }).click();
    await expect(shopper).toHaveURL(/\/order\/SW-\d+\?key=/);
    await expect(shopper.getByTestId("payment-status")).toHaveText(co.order.paymentStates.paid);
    await shopper.close();
    expect(problems, "the shopper's console errors").toEqual([]);

    // The desk's page, read again, says paid and owes nothing.
    await page.reload();
    await waitForHydration(page);
    await expect(panel.getByTestId("payment-status")).toHaveAttribute("data-status", "paid");
    await expect(panel.getByTestId("payment-status")).toHaveText(tr.paymentStatus.paid);
    await expect(panel.getByTestId("payment-link")).toHaveCount(0);
  });
}
