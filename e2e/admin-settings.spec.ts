import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import { E2E_ADMIN, expect, seededProductInStock, test, waitForHydration } from "./support.ts";

// Runs after every other spec (its own Playwright project): it changes the shop-wide delivery
// fee, which the cart and checkout specs read.
test.describe.configure({ mode: "serial" });

type Lang = "en" | "ar";
const texts = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(`src/web/i18n/locales/${lang}/${ns}.json`, "utf8"));
const textsOf = (lang: Lang) => ({
  account: texts(lang, "account"),
  settings: texts(lang, "admin-settings"),
  admins: texts(lang, "admin-admins"),
  admin: texts(lang, "admin"),
  product: texts(lang, "product"),
});
const T = { en: textsOf("en"), ar: textsOf("ar") };
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const label = (text: string) => new RegExp(`^${escapeRe(text)}`);

async function useLanguage(page: Page, lang: Lang, baseURL: string) {
  await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
  await page.addInitScript((value) => localStorage.setItem("i18nextLng", value), lang);
}

async function signInAsOwner(page: Page, lang: Lang) {
  const a = T[lang].account;
  await page.goto("/admin-login");
  await waitForHydration(page);
  await page.getByLabel(label(a.login.email)).fill(E2E_ADMIN.email);
  await page.getByLabel(label(a.login.password)).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: a.login.submit, exact: true }).click();
  await page.waitForURL(/\/admin-dashboard$/);
}

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({ id: v.id, nodes: v.nodes.map((n) => n.target.join(" ")) }));
}

/** Back to the seeded 15.00, whatever a test left behind. */
async function restoreFee(request: APIRequestContext) {
  const login = await request.post("/api/auth/admin-login", { data: E2E_ADMIN });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const { data } = await (await request.get("/api/admin/settings", { headers })).json();
  const { updated_at: _date, ...values } = data;
  const res = await request.put("/api/admin/settings", {
    headers,
    data: { ...values, delivery_fee: 15 },
  });
  expect(res.status()).toBe(200);
}

test.beforeEach(async ({ request }) => restoreFee(request));
test.afterAll(async ({ request }) => restoreFee(request));

const FEES = { en: "9.50", ar: "12.25" } as const;

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: the delivery fee saved on /admin-settings is the cart's; axe finds nothing serious`, async ({
    page,
    request,
    baseURL,
  }) => {
    const tr = T[lang];
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);

    await page.getByRole("link", { name: tr.admin.menu.settings, exact: true }).click();
    await page.waitForURL(/\/admin-settings$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(tr.settings.title);
    const fee = page.getByLabel(label(tr.settings.cart.fee));
    await expect(fee).toHaveValue("15");
    await expect(page.getByTestId("admins-table")).toContainText(E2E_ADMIN.email);
    expect(await seriousViolations(page)).toEqual([]);

    // A bad value is refused beside its field, in the page's language.
    // The cart's section saves on its own.
    const saveCart = page
      .getByTestId("settings-section-cart")
      .getByRole("button", { name: tr.admin.actions.save, exact: true });
    await fee.fill("-1");
    await saveCart.click();
    await expect(page.getByText(tr.settings.errors.FEE)).toBeVisible();

    await fee.fill(FEES[lang]);
    await saveCart.click();
    await expect(page.getByTestId("toast")).toContainText(tr.settings.saved);
    // The history names the change by the screen's labels, in its language.
    await expect(page.getByTestId("record-history")).toContainText(
      `${tr.settings.cart.title} › ${tr.settings.cart.fee}`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    // The storefront shows it at once: the cart summary's delivery fee.
    const { id } = await seededProductInStock(request);
    await page.goto(`/product/${id}`);
    await waitForHydration(page);
    await page
      .locator('form:has(input[name="grams"])')
      .getByRole("button", { name: tr.product.addToCart })
      .click();
    await expect(page.getByTestId("toast")).toContainText(tr.product.addedToCart);
    await page.goto("/cart");
    await waitForHydration(page);
    await expect(page.getByTestId("summary-delivery")).toContainText(FEES[lang]);
  });
}
