import type { Page } from "@playwright/test";
import { formatMoney } from "../src/shared/domain/money.ts";
import {
  expect,
  labelStarting as label,
  localeTexts,
  type Mail,
  seededProductInStock,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// The gift card product in both languages: a shopper buys a card on the gift card page and pays
// by card (the gateway's stand-in); once paid, the job e-mails the recipient the code in the
// chosen language; the recipient spends it in two orders at checkout, the balance checked in
// the code box before each (the first order takes part of it, the second the rest).

const CODE = /[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/;

/**
 * The recipient's e-mail: the job passes every 30 s, so this waits longer than `mailTo` does.
 */
async function giftCardMail(address: string): Promise<Mail> {
  const url = `http://127.0.0.1:${process.env.E2E_MAILBOX_PORT}/messages?to=${encodeURIComponent(address)}`;
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const all = (await (await fetch(url)).json()) as Mail[];
        found = all.find((mail) => CODE.test(mail.text));
        return Boolean(found);
      },
      { timeout: 90_000, intervals: [1_000, 2_000, 5_000], message: `gift card to ${address}` },
    )
    .toBe(true);
  return found!;
}

const field = (page: Page, text: string) => page.getByLabel(label(text));

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: a gift card bought on its page, paid, e-mailed with its code and spent in two orders`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    const tr = localeTexts(lang, "gift-cards");
    const cart = localeTexts(lang, "cart");
    const checkout = localeTexts(lang, "checkout");
    const common = localeTexts(lang, "common");
    const money = (dollars: number) => formatMoney(Math.round(dollars * 100), lang);
    const prefix = lang === "ar" ? "/ar" : "";

    // One order of the cheapest option, priced as the server charges it; the card holds one and
    // a half of them (a custom amount), so the first order takes part and the second the rest.
    const product = await seededProductInStock(request);
    const grams = product.weights[0]!.grams;
    const priced = await request.post("/api/cart/price", {
      data: { lines: [{ productId: product.id, grams, qty: 1 }], country: "SY" },
    });
    const orderTotal = (await priced.json()).data.total as number;
    const amount = Math.ceil(orderTotal * 1.5);
    const recipient = `gift-${lang}-${Date.now()}@example.com`;

    // The page, found in the footer in the page's language.
    await useLanguage(page, lang, baseURL!);
    await page.goto(`${prefix}/`);
    await waitForHydration(page);
    await page
      .getByRole("contentinfo")
      .getByRole("link", { name: common.nav.giftCards, exact: true })
      .click();
    await page.waitForURL(new RegExp(`${prefix}/gift-cards$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr.title);
    await waitForHydration(page);
    await page.getByRole("radio", { name: tr.custom }).check();
    await field(page, tr.customAmount.split(/[,،]/)[0]!).fill(String(amount));
    await field(page, tr.recipientName).fill(lang === "ar" ? "أمي" : "Mother");
    await field(page, tr.recipientEmail).fill(recipient);
    await field(page, tr.message).fill(lang === "ar" ? "كل عام وأنتِ بخير" : "Eid Mubarak");
    await page.getByRole("radio", { name: tr.langs[lang], exact: true }).check();
    await page.getByRole("button", { name: tr.add }).click();
    await expect(page.getByTestId("gift-card-added")).toContainText(tr.added);
    await page.getByRole("link", { name: tr.viewCart }).click();

    // The cart: the card's line with its amount; the total is the card's amount.
    const line = page.getByTestId("gift-card-line");
    await expect(line).toHaveCount(1);
    await expect(line.getByTestId("gift-card-amount")).toHaveText(money(amount));
    await expect(page.getByTestId("summary-total")).toHaveText(money(amount));
    await page.getByRole("link", { name: cart.checkout }).click();

    // Checkout of cards alone: no address, no delivery; paid by card.
    await page.waitForURL(new RegExp(`${prefix}/checkout$`));
    await waitForHydration(page);
    await expect(page.getByTestId("cards-only")).toHaveText(checkout.giftCards.nothingToDeliver);
    await expect(field(page, checkout.fields.city)).toHaveCount(0);
    await expect(page.getByRole("radio", { name: checkout.payment.cod })).toHaveCount(0);
    await field(page, checkout.fields.name).fill("Gift Buyer");
    await field(page, checkout.fields.phone).fill("+963 944 000 321");
    await field(page, checkout.fields.email).fill(`buyer-${lang}@example.com`);
    await page.getByRole("radio", { name: checkout.payment.card }).check();
    await page.getByRole("button", { name: checkout.submit }).click();
    await expect(page).toHaveURL(/\/pay\/cs_test_[0-9a-f]+$/);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page).toHaveURL(/\/order\/SW-\d+\?key=.+&payment=done$/);
    await expect(page.getByTestId("payment-status")).toHaveText(checkout.order.paymentStates.paid);

    // The recipient's e-mail, in the chosen language, with the code.
    const mail = await giftCardMail(recipient);
    const code = CODE.exec(mail.text)![0];
    expect(mail.text).toContain(lang === "ar" ? "رمز بطاقة الهدية:" : "Your gift card code:");
    expect(mail.text).toContain(lang === "ar" ? "كل عام وأنتِ بخير" : "Eid Mubarak");

    // Two orders of the cheapest option, each paying with the code; the balance is checked first.
    const spend = async (balance: number) => {
      await page.goto(`${prefix}/product/${product.id}`);
      await waitForHydration(page);
      await page.locator('label:has(input[name="grams"])').first().click();
      await page
        .locator('form:has(input[name="grams"])')
        .getByRole("button", { name: localeTexts(lang, "product").addToCart })
        .click();
      await expect(page.getByTestId("toast")).toBeVisible();
      await page.goto(`${prefix}/checkout`);
      await waitForHydration(page);
      await field(page, checkout.fields.name).fill("Mother");
      await field(page, checkout.fields.phone).fill("+963 944 000 654");
      await field(page, checkout.fields.city).fill("Damascus");
      await field(page, checkout.fields.address).fill("Example Street 5");
      await field(page, checkout.fields.giftCard).fill(code);
      await page.getByRole("button", { name: checkout.giftCardBox.check }).click();
      await expect(page.getByTestId("gift-card-balance")).toContainText(money(balance));
      const pays = Math.min(balance, orderTotal);
      await expect(page.getByTestId("summary-gift-card-pays")).toContainText(money(pays));
      await expect(page.getByTestId("summary-to-pay")).toHaveText(money(orderTotal - pays));
      const submit = page.getByRole("button", { name: checkout.submit });
      await expect(submit).toBeEnabled();
      await submit.click();
      await expect(page).toHaveURL(/\/order\/SW-\d+\?key=/);
      await expect(page.getByTestId("order-gift-card-paid")).toHaveText(money(-pays));
      return pays;
    };
    const first = await spend(amount);
    expect(first).toBe(orderTotal);
    const rest = Math.round((amount - orderTotal) * 100) / 100;
    expect(await spend(rest)).toBe(rest);

    // Spent: an empty card gets the one answer a wrong code gets.
    const after = await request.post("/api/gift-cards/balance", { data: { code } });
    expect(after.status()).toBe(422);
  });
}
