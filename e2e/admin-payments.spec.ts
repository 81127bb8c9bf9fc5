import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import {
  escapeRe,
  expect,
  type Lang,
  localeTexts,
  placeGuestOrder,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// Issue 24: the owner opens a cash order, marks it paid (cash collected), sees the badge and
// the timeline entry, and the dashboard's revenue moves.

const textsOf = (lang: Lang) => ({
  orders: localeTexts(lang, "admin-orders"),
  dashboard: localeTexts(lang, "admin-dashboard"),
});
const T = { en: textsOf("en"), ar: textsOf("ar") };

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
    const order = await placeGuestOrder(page.request, { name: "Huda Cash", payment_method: "cod" });

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
    // Cash on delivery: no transfer receipt is due, so none is asked for.
    await expect(page.getByTestId("order-receipts")).toHaveCount(0);

    // The dashboard's revenue moved by at least this order (the other language's test may be
    // marking its own order paid at the same time).
    const after = await paymentsTotal(page);
    expect(Math.round((after - before) * 100)).toBeGreaterThanOrEqual(
      Math.round(order.total * 100),
    );
    await expect(page.getByTestId("chart-paid")).toContainText(tr.dashboard.paidPerDay);
  });
}
