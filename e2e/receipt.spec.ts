import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_ADMIN, expect, test, waitForHydration } from "./support.ts";

// Issue 24: a bank-transfer customer sends the receipt from the private order page; the
// owner's bell announces it and the order shows it.

type Lang = "en" | "ar";
const texts = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(`src/web/i18n/locales/${lang}/${ns}.json`, "utf8"));
const T = {
  en: {
    checkout: texts("en", "checkout"),
    account: texts("en", "account"),
    admin: texts("en", "admin"),
  },
  ar: {
    checkout: texts("ar", "checkout"),
    account: texts("ar", "account"),
    admin: texts("ar", "admin"),
  },
};
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A 1×1 PNG: small, real, decodable. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

async function transferOrder(request: APIRequestContext, name: string) {
  const list = await request.get("/api/products?per_page=48");
  const items = ((await list.json()) as { data: Array<{ id: number; in_stock: boolean }> }).data;
  const first = items.find((item) => item.in_stock)!;
  const product = (
    (await (await request.get(`/api/products/${first.id}`)).json()) as {
      data: { id: number; weights: Array<{ grams: number }> };
    }
  ).data;
  const res = await request.post("/api/orders", {
    headers: {
      "idempotency-key": `receipt-e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    data: {
      name,
      phone: "+963 11 000 0000",
      country: "SY",
      city: "Damascus",
      address: "Old City",
      payment_method: "bank_transfer",
      lines: [
        { productId: product.id, grams: Math.min(...product.weights.map((w) => w.grams)), qty: 1 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { number: string; access_key: string } }).data;
}

async function useLanguage(page: Page, lang: Lang, baseURL: string) {
  await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
  await page.addInitScript((value) => localStorage.setItem("i18nextLng", value), lang);
}

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: a transfer receipt goes from the order page to the owner's bell and order`, async ({
    page,
    request,
    baseURL,
    consoleGuard,
  }) => {
    // The refused file's 422 is expected; the browser logs every 4xx answer.
    consoleGuard.allow(/status of 422/);
    const r = T[lang].checkout.receipt;
    const customer = lang === "en" ? "Receipt Sender" : "مرسل الإيصال";
    const order = await transferOrder(request, customer);
    await useLanguage(page, lang, baseURL!);

    await page.goto(`/order/${order.number}?key=${encodeURIComponent(order.access_key)}`);
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: r.title })).toBeVisible();
    // Sending with no file asks for one, in the page's language.
    await page.getByRole("button", { name: r.send }).click();
    await expect(page.getByText(r.choose)).toBeVisible();
    // A file that is not a receipt is refused by the server, translated.
    await page.getByLabel(new RegExp(escapeRe(r.file))).setInputFiles({
      name: "receipt.jpg",
      mimeType: "image/jpeg",
      buffer: Buffer.from("not a picture"),
    });
    await page.getByRole("button", { name: r.send }).click();
    const messages = texts(lang, "messages").receipt;
    await expect(page.getByText(messages.TYPE)).toBeVisible();
    // A real photo is taken.
    await page.getByLabel(new RegExp(escapeRe(r.file))).setInputFiles({
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
    const a = T[lang].account;
    await page.goto("/admin-login");
    await waitForHydration(page);
    await page.getByLabel(new RegExp(`^${escapeRe(a.login.email)}`)).fill(E2E_ADMIN.email);
    await page.getByLabel(new RegExp(`^${escapeRe(a.login.password)}`)).fill(E2E_ADMIN.password);
    await page.getByRole("button", { name: a.login.submit, exact: true }).click();
    await page.waitForURL(/\/admin-dashboard$/);
    await page.getByTestId("notification-bell").click();
    const line = T[lang].admin.topbar.receiptUploaded
      .replace("{{customer}}", customer)
      .replace("{{number}}", order.number);
    // The bell cuts long lines: its start names the sender and what they sent.
    const item = page.getByTestId("notification-item").filter({ hasText: line.slice(0, 30) });
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
