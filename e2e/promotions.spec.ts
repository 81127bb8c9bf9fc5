import type { APIRequestContext } from "@playwright/test";
import { formatMoney, toCents } from "../src/shared/domain/money.ts";
import {
  E2E_ADMIN,
  expect,
  labelStarting as label,
  localeTexts,
  seededProductInStock,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// Automatic promotions end to end, in both languages: the owner creates "free delivery over 60"
// on the promotions screen; a cart below it shows how much more is missing, and once over it
// the delivery is free. Serial: both languages create and remove the same kind of rule, and
// each removes its own at once (other journeys' carts must not meet it for long).
test.describe.configure({ mode: "serial" });

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post("/api/auth/admin-login", { data: E2E_ADMIN });
  return { authorization: `Bearer ${(await login.json()).token}` };
}

/** Removes the promotions this journey made (named "(e2e)"). */
async function removeOurs(request: APIRequestContext) {
  const headers = await adminHeaders(request);
  const list = (await (await request.get("/api/admin/promotions", { headers })).json()).data as {
    id: number;
    name: string;
  }[];
  for (const p of list.filter((p) => p.name.endsWith("(e2e)")))
    await request.delete(`/api/admin/promotions/${p.id}`, { headers });
}

test.beforeEach(async ({ request }) => removeOurs(request));
test.afterEach(async ({ request }) => removeOurs(request));

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: the owner creates free delivery over 60; the cart shows what is missing, then free delivery`, async ({
    page,
    request,
    baseURL,
  }) => {
    test.slow();
    const admin = localeTexts(lang, "admin");
    const tr = localeTexts(lang, "admin-promotions");
    const messages = localeTexts(lang, "messages");
    const cart = localeTexts(lang, "cart");

    // A seeded product whose smallest option costs less than 60 (and 8 of them at least 60).
    const product = await seededProductInStock(request);
    const grams = Math.min(...product.weights.map((w: { grams: number }) => w.grams));
    const priced = await request.post("/api/cart/price", {
      data: { lines: [{ productId: product.id, grams, qty: 1 }] },
    });
    const unit = toCents((await priced.json()).data.subtotal as number);
    const qtyBelow = Math.max(1, Math.floor(5999 / unit));
    const qtyOver = Math.ceil(6000 / unit);
    expect(unit * qtyBelow).toBeLessThan(6000);
    expect(qtyOver).toBeLessThanOrEqual(8);

    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    await page.getByRole("link", { name: admin.menu.promotions, exact: true }).click();
    await page.waitForURL(/\/admin-promotions$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr.title);
    // The standing cart discount is already there, running.
    await expect(page.getByTestId("promotions-table")).toContainText(
      lang === "ar" ? "خصم السلة" : "Cart discount",
    );

    await page.getByRole("button", { name: tr.add, exact: true }).click();
    const dialog = page.getByTestId("promotion-dialog");
    await dialog
      .getByLabel(label(`${tr.name} (${messages.form.english})`))
      .fill("Free delivery over 60 (e2e)");
    await dialog
      .getByLabel(label(`${tr.name} (${messages.form.arabic})`))
      .fill("توصيل مجاني فوق 60 (e2e)");
    await dialog.getByLabel(label(tr.kind)).selectOption("free_delivery");
    await dialog.getByLabel(label(tr.minSubtotal)).fill("60");
    await dialog.getByRole("button", { name: admin.actions.save, exact: true }).click();
    await expect(page.getByTestId("toast").filter({ hasText: tr.added })).toBeVisible();
    await expect(page.getByTestId("promotions-table")).toContainText(
      lang === "ar" ? "توصيل مجاني فوق 60 (e2e)" : "Free delivery over 60 (e2e)",
    );

    // A cart below 60: the progress line in the page's language.
    const line = (qty: number) => ({
      productId: String(product.id),
      name: product.name,
      price: unit / 100,
      image: "",
      qty,
      timestamp: 1,
      grams,
    });
    await page.evaluate(
      (lines) => localStorage.setItem("cart_v2", JSON.stringify(lines)),
      [line(qtyBelow)],
    );
    await page.goto("/cart");
    await waitForHydration(page);
    const missing = formatMoney(6000 - unit * qtyBelow, lang);
    await expect(page.getByTestId("promotion-progress")).toHaveText(
      cart.summary.progress.replace("{{amount}}", missing),
    );
    await expect(page.getByTestId("summary-delivery")).not.toContainText(formatMoney(0, lang));

    // Over 60: no progress line, the delivery is free and named.
    await page.evaluate(
      (lines) => localStorage.setItem("cart_v2", JSON.stringify(lines)),
      [line(qtyOver)],
    );
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByTestId("summary-delivery")).toHaveText(formatMoney(0, lang));
    await expect(page.getByTestId("promotion-progress")).toHaveCount(0);
    await expect(page.getByTestId("summary-promotions")).toContainText(
      lang === "ar" ? "توصيل مجاني فوق 60 (e2e)" : "Free delivery over 60 (e2e)",
    );
  });
}
