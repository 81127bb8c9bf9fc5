import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { formatMoney } from "../src/shared/domain/money.ts";
import { optionLabel } from "../src/shared/domain/weight-options.ts";
import { asPrinted, printedHolds } from "./printed-text.ts";
import {
  escapeRe,
  expect,
  type Lang,
  labelStarting,
  linkIn,
  localeTexts,
  mailTo,
  ownerHeaders,
  seededProductsInStock,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// A trader's whole way in, in both languages: it applies on the traders page, the owner
// approves it from the inbox on a price list of its own, the invitation e-mail's link sets its
// password, it sees its wholesale price, orders 12 kg on invoice, the owner confirms the order
// (which issues the invoice), the trader downloads the invoice PDF from its account page, and
// the owner records the payment on the receivables screen, which then owes nothing for it.

/** The trader's own price per kg on its price list, dollars: 2 kg cost 20.00, 12 kg 120.00. */
const PRICE_PER_KG = 10;
const OPTION_GRAMS = 2000;
const QTY = 6;

for (const [index, lang] of (["en", "ar"] as const satisfies Lang[]).entries()) {
  const traders = localeTexts(lang, "traders");
  const inbox = localeTexts(lang, "admin-inbox");
  const account = localeTexts(lang, "account");
  const common = localeTexts(lang, "common");
  const product = localeTexts(lang, "product");
  const cart = localeTexts(lang, "cart");
  const checkout = localeTexts(lang, "checkout");
  const receivables = localeTexts(lang, "admin-traders").receivables;
  const prefix = lang === "ar" ? "/ar" : "";

  test(`${lang}: a trader applies, is approved, sets a password, orders 12 kg on invoice, downloads the invoice; the owner records its payment`, async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    // Three people's steps (trader, owner, mailbox) over a dozen pages: 70 s alone on the
    // 2-core machine, so a budget of its own; each step still fails on its own expect timeout.
    test.setTimeout(150_000);
    const stamp = `${lang}-${Date.now()}`;
    const email = `trader-${stamp}@example.com`;
    const name = `Karim Trader ${stamp}`;
    const password = "wholesale-secret-1";
    const headers = await ownerHeaders(request);

    // Each language its own product sold in 2 kg, and its own price list giving it a price.
    const picked = (
      await seededProductsInStock(request, {
        count: 2,
        where: (p) => p.weights.some((w) => w.grams === OPTION_GRAMS),
      })
    )[index]!;
    const productName = lang === "ar" ? picked.name_ar : picked.name;
    const listName = `E2E wholesale ${stamp}`;
    const list = await request.post("/api/admin/price-lists", {
      headers,
      data: {
        name: listName,
        min_order_total: 0,
        products: [{ product_id: picked.id, price_per_kg: PRICE_PER_KG, min_grams: 0, tiers: [] }],
        categories: [],
      },
    });
    expect(list.status(), await list.text()).toBe(201);

    // 1. The trader applies through the storefront's form.
    await useLanguage(page, lang, baseURL!);
    await page.goto(`${prefix}/traders`);
    await waitForHydration(page);
    await page.getByLabel(traders.form.full_name).fill(name);
    await page.getByLabel(traders.form.country).selectOption("SY");
    await page.getByLabel(traders.form.city).fill(lang === "ar" ? "دمشق" : "Damascus");
    await page.getByLabel(traders.form.phone).fill("+963 11 000 0000");
    await page.locator("#trader-company_name").fill(`Haddad Trading ${stamp}`);
    await page.locator("#trader-email").fill(email);
    await page.getByRole("button", { name: traders.form.send }).click();
    await expect(page.getByTestId("trader-success")).toHaveText(traders.form.success);

    // 2. The owner approves it from the inbox, on the price list, with 30 days' terms.
    let number = "";
    let total = 0;
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();
    await useLanguage(owner, lang, baseURL!);
    try {
      await signInAsOwner(owner, lang);
      await owner.goto("/admin-inbox?tab=enquiries");
      await waitForHydration(owner);
      await owner.getByRole("searchbox", { name: inbox.search }).fill(name);
      await owner
        .getByRole("button", { name: inbox.openNamed.replace("{{name}}", name), exact: true })
        .click();
      await owner.getByTestId("approve-trader").click();
      const panel = owner.getByTestId("approve-panel");
      await panel.getByLabel(labelStarting(inbox.approve.priceList)).selectOption({
        label: listName,
      });
      await panel.getByLabel(labelStarting(inbox.approve.termsDays)).fill("30");
      await panel.getByLabel(labelStarting(inbox.approve.creditLimit)).fill("5000");
      await panel.getByTestId("approve-submit").click();
      await expect(
        owner.getByTestId("toast").filter({ hasText: inbox.approve.done }),
      ).toBeVisible();

      // 3. The invitation arrives in the enquiry's language; its link sets the password.
      const [mail] = await mailTo(email, { containing: "/reset-password?token=" });
      const link = linkIn(mail!, "/reset-password?token=");
      expect(link).toMatch(new RegExp(`^${escapeRe(baseURL!)}${prefix}/reset-password\\?token=`));
      await page.goto(link);
      await waitForHydration(page);
      await page.getByLabel(labelStarting(account.reset.password)).fill(password);
      await page.getByLabel(labelStarting(account.reset.confirm)).fill(password);
      await page.getByRole("button", { name: account.reset.submit }).click();
      await expect(page.locator("main").getByRole("status")).toContainText(
        localeTexts(lang, "messages").passwordReset.DONE,
      );

      await page.goto(`${prefix}/login`);
      await waitForHydration(page);
      await page.getByLabel(labelStarting(account.login.email)).fill(email);
      await page.getByLabel(labelStarting(account.login.password)).fill(password);
      await page.getByRole("button", { name: account.login.submit, exact: true }).click();
      await expect(page.locator("main").getByRole("status")).toContainText(
        account.login.success.split("{{")[0],
      );

      // 4. Signed in, the product shows the trader's own price, marked wholesale.
      await page.goto(`${prefix}/product/${picked.id}`);
      await waitForHydration(page);
      await expect(page.getByTestId("wholesale-mark")).toHaveText(common.wholesale);
      await page.locator(`label:has(input[name="grams"][value="${OPTION_GRAMS}"])`).click();
      await page.getByLabel(product.quantity, { exact: true }).selectOption(String(QTY));
      await page
        .locator('form:has(input[name="grams"])')
        .getByRole("button", { name: product.addToCart })
        .click();
      await expect(page.getByTestId("toast")).toContainText(product.addedToCart);

      // 5. Checkout on invoice (the trader's terms: 30 days).
      await page.goto(`${prefix}/cart`);
      await waitForHydration(page);
      await expect(page.getByTestId("cart-line")).toHaveCount(1);
      await page.getByRole("link", { name: cart.checkout }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await waitForHydration(page);
      const field = (label: string) => page.getByLabel(labelStarting(label));
      await field(checkout.fields.name).fill("Karim Haddad");
      await field(checkout.fields.phone).fill("+963 944 000 000");
      await field(checkout.fields.country).selectOption("SY");
      await field(checkout.fields.city).fill("Damascus");
      await field(checkout.fields.address).fill("Straight Street 1");
      await page
        .getByLabel(labelStarting(checkout.payment.invoice.replace("{{days}}", "30")))
        .check();
      await page.getByRole("button", { name: checkout.submit }).click();
      await expect(page).toHaveURL(/\/order\/[A-Za-z0-9-]+/);
      number = page.url().match(/\/order\/([^?/]+)/)?.[1] ?? "";
      await expect(page.getByRole("heading", { level: 1 })).toContainText(number);

      // 6. The owner confirms the order: that issues its invoice.
      const found = await request.get(`/api/admin/orders?q=${encodeURIComponent(number)}`, {
        headers,
      });
      const row = (await found.json()).data[0] as { id: number; total: number };
      total = row.total;
      await owner.goto(`/admin-orders/${row.id}`);
      await waitForHydration(owner);
      await owner.getByTestId("to-confirmed").click();
      await expect(owner.getByTestId("order-status").first()).toHaveAttribute(
        "data-status",
        "confirmed",
      );
    } finally {
      await ownerContext.close();
    }

    // 7. The trader downloads the invoice from its account page and reads it.
    await page.goto(`${prefix}/account`);
    await waitForHydration(page);
    const section = page.getByTestId("account-trader");
    await expect(section.getByRole("heading", { level: 2 })).toHaveText(account.trader.title);
    const orderRow = section.getByTestId("trader-order").filter({ hasText: number });
    const button = orderRow.getByTestId("trader-invoice-download");
    await expect(button).toBeVisible();
    const invoiceNumber = ((await button.textContent()) ?? "").trim();
    expect(invoiceNumber).not.toBe("");
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
    const file = await download.path();
    expect(fs.readFileSync(file).subarray(0, 4).toString()).toBe("%PDF");
    const text = asPrinted(
      execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }),
    );
    expect(text).toContain(invoiceNumber);
    for (const word of asPrinted(productName).split(" "))
      expect(printedHolds(text, word), `"${word}" in: ${text}`).toBe(true);
    // 12 kg: six of the 2 kg option, at the trader's 10.00 a kilo.
    // pdftotext may drop the space between an Arabic number and its unit ("2كغ").
    const squeezed = (s: string) => asPrinted(s).replace(/ /g, "");
    expect(squeezed(text)).toContain(squeezed(optionLabel(OPTION_GRAMS, lang)));
    const centsPerKg = PRICE_PER_KG * 100;
    expect(text).toContain(asPrinted(formatMoney((OPTION_GRAMS / 1000) * centsPerKg, lang)));
    expect(text).toContain(
      asPrinted(formatMoney(((QTY * OPTION_GRAMS) / 1000) * centsPerKg, lang)),
    );
    expect(text).toContain(asPrinted(formatMoney(Math.round(total * 100), lang)));

    // 8. The owner records the trader's bank transfer from the receivables screen: the whole
    // invoice is paid, so the trader leaves the list.
    const payContext = await browser.newContext();
    const payer = await payContext.newPage();
    await useLanguage(payer, lang, baseURL!);
    try {
      await signInAsOwner(payer, lang);
      await payer.goto("/admin-receivables");
      await waitForHydration(payer);
      const company = `Haddad Trading ${stamp}`;
      const owed = payer
        .getByTestId("receivables-table")
        .locator("tr")
        .filter({ hasText: company });
      await expect(owed).toHaveCount(1);
      await owed
        .getByTestId("receivable-invoices")
        .locator("li")
        .filter({ hasText: invoiceNumber })
        .getByTestId("record-payment")
        .click();
      const dialog = payer.getByTestId("payment-dialog");
      await expect(dialog.locator('input[name="amount"]')).toHaveValue(String(total));
      await dialog.locator('input[name="reference"]').fill(`TRF-${stamp}`);
      await dialog.getByTestId("payment-save").click();
      await expect(
        payer.getByTestId("toast").filter({ hasText: receivables.paymentRecorded }),
      ).toBeVisible();
      await expect(owed).toHaveCount(0);
    } finally {
      await payContext.close();
    }
  });
}
