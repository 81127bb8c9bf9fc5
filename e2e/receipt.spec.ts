import {
  expect,
  localeTexts,
  placeGuestOrder,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// Issue 24: a bank-transfer customer sends the receipt from the private order page; the
// owner's bell announces it and the order shows it.

const T = {
  en: { checkout: localeTexts("en", "checkout"), admin: localeTexts("en", "admin") },
  ar: { checkout: localeTexts("ar", "checkout"), admin: localeTexts("ar", "admin") },
};

/** A 1×1 PNG: small, real, decodable. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: a transfer receipt goes from the order page to the owner's bell and order`, async ({
    page,
    request,
    baseURL,
    consoleGuard,
  }) => {
    // Two people's journeys (customer, then owner): about 20 s on a loaded CI machine.
    test.setTimeout(60_000);
    // The refused file's 422 is expected; the browser logs every 4xx answer.
    consoleGuard.allow(/status of 422/);
    const r = T[lang].checkout.receipt;
    const customer = lang === "en" ? "Receipt Sender" : "مرسل الإيصال";
    const order = await placeGuestOrder(request, {
      name: customer,
      payment_method: "bank_transfer",
    });
    await useLanguage(page, lang, baseURL!);

    await page.goto(`/order/${order.number}?key=${encodeURIComponent(order.access_key)}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: r.title })).toBeVisible();
    // The picker's own words are the page's, not the browser's (issue 29.17).
    const form = localeTexts(lang, "messages").form;
    await expect(page.getByText(form.chooseFile, { exact: true })).toBeVisible();
    await expect(page.getByTestId("file-name")).toHaveText(form.noFile);
    // Sending with no file asks for one, in the page's language.
    await page.getByRole("button", { name: r.send }).click();
    await expect(page.getByText(r.choose)).toBeVisible();
    // A file that is not a receipt is refused by the server, translated.
    await page.getByLabel(r.file).setInputFiles({
      name: "receipt.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("not a picture"),
    });
    await expect(page.getByTestId("file-name")).toHaveText("receipt.jpg");
    await page.getByRole("button", { name: r.send }).click();
    const messages = localeTexts(lang, "messages").receipt;
    await expect(page.getByText(messages.TYPE)).toBeVisible();
    // A real photo is taken.
    await page.getByLabel(r.file).setInputFiles({
      name: "receipt.png",
      mimeType: "image/png",
      buffer: PNG,
    });
    await page.getByRole("button", { name: r.send }).click();
    await expect(page.getByRole("status").filter({ hasText: r.sent })).toBeVisible();
    await expect(page.getByTestId("receipts")).toContainText(r.photo);
    // Still there after a reload.
    await page.reload();
    await expect(page.getByTestId("receipts")).toContainText(r.photo);

    // The owner: the bell says who sent a receipt for which order, and the order shows it.
    await signInAsOwner(page, lang);
    await page.getByTestId("notification-bell").click();
    // A long line gives way in the customer's name: what was sent and the order's number stay
    // whole.
    const [before, after] = T[lang].admin.topbar.receiptUploaded
      .replace("{{number}}", order.number)
      .split("{{customer}}");
    const item = page
      .getByTestId("notification-item")
      .filter({ hasText: `${before}${customer.slice(0, 5)}` })
      .filter({ hasText: after! });
    await expect(item).toBeVisible();
    await item.click();
    await expect(page.getByTestId("receipt-image").locator("img")).toBeVisible();
    const width = await page
      .getByTestId("receipt-image")
      .locator("img")
      .evaluate((img) => (img as HTMLImageElement).naturalWidth);
    expect(width).toBe(1);
  });
}
