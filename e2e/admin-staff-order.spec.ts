import {
  escapeRe,
  expect,
  localeTexts,
  mailTo,
  seededProductInStock,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// Issue 27: the owner takes an order by phone from the orders desk; the server prices it with
// checkout's rules, the desk shows it with its source, and the customer gets the usual e-mail
// with the private link.

const T = {
  en: { orders: localeTexts("en", "admin-orders") },
  ar: { orders: localeTexts("ar", "admin-orders") },
};

for (const lang of ["en", "ar"] as const) {
  const tr = T[lang].orders;

  test(`${lang}: the owner takes a phone order for one product and sees it on the desk with source Phone`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    // A seeded product with untracked stock: this order must not move the stock that
    // admin-orders.spec.ts counts on its own tracked products.
    const product = await seededProductInStock(page.request);
    const productName = lang === "ar" ? product.name_ar : product.name;
    const customer = `Phone ${lang} ${Date.now()}`;
    const email = `phone-order-${lang}-${Date.now()}@example.com`;

    await page.goto("/admin-orders");
    await waitForHydration(page);
    await page.getByRole("link", { name: tr.newOrder.open }).click();
    await page.waitForURL(/\/admin-orders\/new$/);
    await expect(page.getByRole("heading", { level: 1, name: tr.newOrder.title })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");

    const form = page.getByTestId("new-order-form");
    const field = (label: string) => form.getByLabel(new RegExp(`^${escapeRe(label)}`));
    await field(tr.newOrder.source).selectOption("phone");
    await field(tr.newOrder.name).fill(customer);
    await field(tr.newOrder.phone).fill("+963 944 555 000");
    await field(tr.newOrder.email).fill(email);
    await field(tr.newOrder.city).fill(lang === "ar" ? "دمشق" : "Damascus");
    await field(tr.newOrder.address).fill(lang === "ar" ? "باب توما، ٣" : "Bab Touma 3");

    // Saving with no product is refused beside the lines, before any request.
    await form.getByRole("button", { name: tr.newOrder.submit }).click();
    await expect(page.getByTestId("new-order-lines")).toContainText(tr.newOrder.linesRequired);

    await page.getByRole("searchbox", { name: tr.newOrder.findProduct }).fill(productName);
    await page
      .getByRole("button", { name: tr.newOrder.addProduct.replace("{{name}}", productName) })
      .first()
      .click();
    await expect(page.getByTestId("new-order-line")).toHaveCount(1);
    await expect(page.getByTestId("new-order-line")).toContainText(productName);

    // The shipping methods come from checkout's quote; delivery is chosen first.
    const shipping = page.getByTestId("new-order-shipping");
    await expect(shipping.getByRole("radio").first()).toBeChecked();

    await form.getByRole("button", { name: tr.newOrder.submit }).click();
    await page.waitForURL(/\/admin-orders\/\d+$/);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText(tr.orderTitle);
    const number = ((await heading.textContent()) ?? "").match(/SW-\d+/)?.[0];
    expect(number).toBeTruthy();
    await expect(page.getByTestId("order-source")).toHaveText(tr.source.phone);
    await expect(page.getByTestId("order-taken-by")).toContainText(
      tr.takenBy.replace("{{name}}", "").trim(),
    );
    await expect(page.getByTestId("order-customer")).toContainText(customer);

    // The private link, to copy to the customer; the same one their e-mail carries.
    const link = ((await page.getByTestId("private-link").locator("code").textContent()) ?? "")
      .trim()
      .replace(/^https?:\/\/[^/]+/, "");
    expect(link).toMatch(new RegExp(`/order/${number}\\?key=`));
    const [mail] = await mailTo(email, { containing: number! });
    expect(mail!.text.replace(/&amp;/g, "&")).toContain(link);

    // On the desk: the order, its source Phone.
    await page.getByRole("link", { name: tr.back }).click();
    await page.waitForURL(/\/admin-orders$/);
    await page.getByRole("searchbox", { name: tr.search }).fill(customer);
    const row = page.getByTestId("orders-table").getByRole("row").filter({ hasText: number! });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId("order-source")).toHaveText(tr.source.phone);
  });
}
