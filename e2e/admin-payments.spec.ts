import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_ADMIN, expect, test, waitForHydration } from "./support.ts";

// Issue 24: the owner opens a cash order, marks it paid (cash collected), sees the badge and
// the timeline entry, and the dashboard's revenue moves.

type Lang = "en" | "ar";
const texts = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(`src/web/i18n/locales/${lang}/${ns}.json`, "utf8"));
const textsOf = (lang: Lang) => ({
  account: texts(lang, "account"),
  orders: texts(lang, "admin-orders"),
  dashboard: texts(lang, "admin-dashboard"),
});
const T = { en: textsOf("en"), ar: textsOf("ar") };
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function useLanguage(page: Page, lang: Lang, baseURL: string) {
  await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
  await page.addInitScript((value) => localStorage.setItem("i18nextLng", value), lang);
}

async function signInAsOwner(page: Page, lang: Lang) {
  const a = T[lang].account;
  await page.goto("/admin-login");
  await waitForHydration(page);
  await page.getByLabel(new RegExp(`^${escapeRe(a.login.email)}`)).fill(E2E_ADMIN.email);
  await page.getByLabel(new RegExp(`^${escapeRe(a.login.password)}`)).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: a.login.submit, exact: true }).click();
  await page.waitForURL(/\/admin-dashboard$/);
}

/** A cash-on-delivery guest order of the first product in stock (its smallest weight). */
async function cashOrder(request: APIRequestContext) {
  const list = await request.get("/api/products?per_page=48");
  const items = ((await list.json()) as { data: Array<{ id: number; in_stock: boolean }> }).data;
  const first = items.find((item) => item.in_stock)!;
  const product = (
    (await (await request.get(`/api/products/${first.id}`)).json()) as {
      data: { id: number; weights: Array<{ grams: number }> };
    }
  ).data;
  const res = await request.post("/api/orders", {
    headers: { "idempotency-key": `pay-e2e-${Date.now()}-${Math.random().toString(36).slice(2)}` },
    data: {
      name: "Huda Cash",
      phone: "+963 11 000 0000",
      country: "SY",
      city: "Damascus",
      address: "Old City",
      payment_method: "cod",
      lines: [
        { productId: product.id, grams: Math.min(...product.weights.map((w) => w.grams)), qty: 1 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { number: string; total: number } }).data;
}

/** "$1,234.50" / "‏1,234.50 US$" -> 1234.5 (Latin digits in both languages). */
const dollars = (text: string | null) => Number((text ?? "").replace(/[^\d.]/g, ""));

async function paymentsTotal(page: Page): Promise<number> {
  await page.goto("/admin-dashboard");
  const figure = page.getByTestId("total_payments");
  await expect(figure).toBeVisible();
  return dollars(await figure.textContent());
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }));
}

for (const lang of ["en", "ar"] as const) {
  const tr = T[lang];

  test(`${lang}: the owner marks a cash order paid; the badge, the timeline and the dashboard's revenue follow`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    await expect(page.getByRole("heading", { level: 1, name: tr.dashboard.title })).toBeVisible();
    const before = await paymentsTotal(page);
    const order = await cashOrder(page.request);

    // The desk: unpaid in its column, and the filter narrows to it.
    await page.goto("/admin-orders");
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: tr.orders.search }).fill(order.number);
    const link = page.getByTestId("order-link").filter({ hasText: order.number });
    await expect(link).toBeVisible();
    await expect(page.getByTestId("order-link")).toHaveCount(1);
    const row = page.getByRole("row").filter({ has: link });
    await expect(row.getByTestId("payment-status")).toHaveText(tr.orders.paymentStatus.unpaid);
    await page.getByTestId("payment-status-filter").selectOption("paid");
    await expect(page.getByTestId("order-link")).toHaveCount(0);
    await page.getByTestId("payment-status-filter").selectOption("unpaid");
    await expect(link).toBeVisible();
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(order.number);

    // Mark paid: the one dialog, the amount pre-filled with the order's total.
    const badge = page.getByTestId("payment-status").first();
    await expect(badge).toHaveAttribute("data-status", "unpaid");
    await page.getByRole("button", { name: tr.orders.markPaid.open, exact: true }).click();
    const dialog = page.getByTestId("mark-paid-dialog");
    await expect(dialog).toContainText(tr.orders.markPaid.title);
    const amount = dialog.getByLabel(new RegExp(`^${escapeRe(tr.orders.markPaid.amount)}`));
    await expect(amount).toHaveValue(order.total.toFixed(2));
    // A slip first: three decimals are refused beside the field, nothing is recorded.
    await amount.fill("1.005");
    await dialog.getByRole("button", { name: tr.orders.markPaid.confirm, exact: true }).click();
    await expect(dialog.getByTestId("field-error")).toHaveText(tr.orders.paymentErrors.AMOUNT);
    await amount.fill(order.total.toFixed(2));
    await dialog
      .getByLabel(new RegExp(`^${escapeRe(tr.orders.markPaid.note)}`))
      .fill(`Courier ${lang}`);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: tr.orders.markPaid.confirm, exact: true }).click();
    await expect(dialog).toBeHidden();

    await expect(badge).toHaveAttribute("data-status", "paid");
    await expect(badge).toHaveText(tr.orders.paymentStatus.paid);
    const entry = page.getByTestId("timeline").locator('[data-kind="payment"]');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(tr.orders.timelinePayment);
    await expect(entry).toContainText(`Courier ${lang}`);
    await expect(entry).toContainText(order.total.toFixed(2));
    await expect(page.getByTestId("mark-paid")).toHaveCount(0);
    await expect(page.getByTestId("refund")).toBeVisible();
    await expect(page.getByTestId("order-receipts")).toContainText(tr.orders.receipts.none);

    // The dashboard's revenue moved by at least this order (the other language's test may be
    // marking its own order paid at the same time).
    const after = await paymentsTotal(page);
    expect(Math.round((after - before) * 100)).toBeGreaterThanOrEqual(
      Math.round(order.total * 100),
    );
    await expect(page.getByTestId("chart-paid")).toContainText(tr.dashboard.paidPerDay);
  });
}
