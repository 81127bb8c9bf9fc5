import fs from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { formatInCurrency } from "../src/shared/domain/currency.ts";
import { displayCurrencies } from "../src/shared/domain/currency-codes.ts";
import { formatMoney, toCents } from "../src/shared/domain/money.ts";
import { E2E_ADMIN, expect, seededProductInStock, test, waitForHydration } from "./support.ts";

// Issue 24: a shopper switches to euros and sees converted prices on the shop, product, cart
// and checkout, with the USD total that is charged; the choice survives a reload, rendered by
// the server. Lists a currency shop-wide (the header's picker), so it runs in the settings
// project, after the other specs.
test.describe.configure({ mode: "serial" });

type Lang = "en" | "ar";
const texts = (lang: Lang, ns: string) =>
  JSON.parse(fs.readFileSync(`src/web/i18n/locales/${lang}/${ns}.json`, "utf8"));
const T = {
  en: { common: texts("en", "common"), product: texts("en", "product") },
  ar: { common: texts("ar", "common"), product: texts("ar", "product") },
};

/** Half a euro per dollar: easy to check by eye. */
const EUR = displayCurrencies([{ code: "EUR", rate: 0.5, symbol: "" }])[1]!;

async function setCurrencies(request: APIRequestContext, currencies: unknown[]) {
  const login = await request.post("/api/auth/admin-login", { data: E2E_ADMIN });
  const headers = { authorization: `Bearer ${(await login.json()).token}` };
  const { data } = await (await request.get("/api/admin/settings", { headers })).json();
  const { updated_at: _date, ...values } = data;
  const res = await request.put("/api/admin/settings", {
    headers,
    data: { ...values, currencies },
  });
  expect(res.status()).toBe(200);
}

async function useLanguage(page: Page, lang: Lang, baseURL: string) {
  await page.context().addCookies([{ name: "lang", value: lang, url: baseURL }]);
  await page.addInitScript((value) => localStorage.setItem("i18nextLng", value), lang);
}

const picker = (page: Page, lang: Lang) =>
  page.getByRole("combobox", { name: T[lang].common.currency.label });

test.beforeAll(async ({ request }) => {
  const res = await request.get("/api/settings");
  expect((await res.json()).data.currencies).toEqual([]);
  await setCurrencies(request, [{ code: "EUR", rate: 0.5, symbol: "" }]);
  const after = await (await request.get("/api/settings")).json();
  expect(after.data.currencies).toEqual([{ code: "EUR", rate: 0.5, symbol: "€" }]);
});

test.afterAll(async ({ request }) => {
  await setCurrencies(request, []);
});

for (const lang of ["en", "ar"] as const) {
  const tr = T[lang];
  const eur = (dollars: number) => formatInCurrency(toCents(dollars), lang, EUR);

  test(`${lang}: switching to EUR converts shop, product, cart and checkout; charged in USD; kept after a reload`, async ({
    page,
    request,
    baseURL,
  }) => {
    await useLanguage(page, lang, baseURL!);
    const product = await seededProductInStock(request);
    const name = lang === "ar" && product.name_ar ? product.name_ar : product.name;

    // Dollars until the shopper picks: the server renders USD and the picker offers EUR.
    await page.goto(`/product/${product.id}`);
    await waitForHydration(page);
    const price = page.getByTestId("price").first();
    await expect(price).toHaveText(formatMoney(toCents(product.default_price), lang));
    await expect(picker(page, lang)).toHaveValue("USD");

    await picker(page, lang).selectOption("EUR");
    await expect(price).toHaveText(eur(product.default_price));
    await expect(page.getByText(`${tr.product.currency}: EUR`)).toBeVisible();
    await page
      .locator('form:has(input[name="grams"])')
      .getByRole("button", { name: tr.product.addToCart })
      .click();
    await expect(page.getByTestId("toast")).toContainText(tr.product.addedToCart);

    // The shop: every card in euros.
    await page.goto("/shop");
    await waitForHydration(page);
    await expect(picker(page, lang)).toHaveValue("EUR");
    const card = page.locator("article").filter({ has: page.getByRole("link", { name }) });
    await expect(card.getByTestId("price")).toContainText("€");
    const cardPrices = await page.getByTestId("price").allTextContents();
    expect(cardPrices.length).toBeGreaterThan(0);
    for (const text of cardPrices) {
      expect(text).toContain("€");
      expect(text).not.toMatch(/\$|[\u0660-\u0669]/);
    }

    // The cart: lines and summary in euros, the USD total that is charged, and the note.
    await page.goto("/cart");
    await waitForHydration(page);
    const note = page.getByTestId("charged-in-usd");
    await expect(note).toBeVisible();
    await expect(note).toContainText(tr.common.currency.chargedInUsd);
    const usdTotal = (await page.getByTestId("charged-total").textContent()) ?? "";
    const totalCents = dollarsIn(usdTotal);
    expect(usdTotal).toBe(formatMoney(totalCents, lang));
    await expect(page.getByTestId("summary-total")).toHaveText(
      formatInCurrency(totalCents, lang, EUR),
    );
    for (const text of await page.getByTestId("cart-line").allTextContents())
      expect(text).toContain("€");

    // Checkout: the same, beside the form.
    await page.goto("/checkout");
    await waitForHydration(page);
    await expect(page.getByTestId("summary-total")).toHaveText(
      formatInCurrency(totalCents, lang, EUR),
    );
    await expect(page.getByTestId("charged-total")).toHaveText(formatMoney(totalCents, lang));
    for (const text of await page.getByTestId("checkout-lines").allTextContents())
      expect(text).toContain("€");

    // A reload keeps it, from the server's first byte: the HTML itself has euros and EUR chosen.
    const html = await (await page.request.get(`/product/${product.id}`)).text();
    expect(html).toContain('<option value="EUR" selected="">');
    expect(html).toContain(escapeHtml(eur(product.default_price)));
    await page.goto(`/product/${product.id}`);
    await waitForHydration(page);
    await page.reload();
    await waitForHydration(page);
    await expect(picker(page, lang)).toHaveValue("EUR");
    await expect(page.getByTestId("price").first()).toHaveText(eur(product.default_price));

    // Back to dollars: no note, dollars everywhere.
    await picker(page, lang).selectOption("USD");
    await expect(page.getByTestId("price").first()).toHaveText(
      formatMoney(toCents(product.default_price), lang),
    );
    await page.goto("/cart");
    await waitForHydration(page);
    await expect(page.getByTestId("summary-total")).toHaveText(formatMoney(totalCents, lang));
    await expect(page.getByTestId("charged-in-usd")).toHaveCount(0);
  });
}

// A phone's header with the currency select: one row, the name on one line, nothing drawn over
// anything else, nothing past the screen's edge, at the narrowest and widest common phones.
for (const lang of ["en", "ar"] as const) {
  test(`${lang}: the phone header with currencies is one clean row from 360 to 430 px`, async ({
    page,
    request,
  }) => {
    // The longest labels the picker shows: Qatari riyals ("QAR ر.ق") beside euros.
    await setCurrencies(request, [
      { code: "EUR", rate: 0.5, symbol: "" },
      { code: "QAR", rate: 3.64, symbol: "" },
    ]);
    try {
      for (const width of [360, 390, 430]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of [lang === "ar" ? "/ar" : "/", lang === "ar" ? "/ar/shop" : "/shop"]) {
          await page.goto(path);
          await waitForHydration(page);
          const at = `${path} at ${width} px`;
          const brand = page.getByTestId("brand-name");
          await expect(brand).toHaveText(T[lang].common.brandShort);
          const layout = await page
            .locator("header > div")
            .first()
            .evaluate((row) => {
              const box = (el: Element) => {
                const r = el.getBoundingClientRect();
                return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
              };
              // The row's pieces a shopper sees: the name and each control beside it (a wrapper
              // through its children; the select's label is for screen readers only).
              const controls = [...row.querySelectorAll(":scope > nav > *")].flatMap((el) =>
                el.tagName === "DIV" ? [...el.children] : [el],
              );
              const pieces = [row.querySelector("a")!, ...controls].filter(
                (el) => el.tagName !== "LABEL" && el.getBoundingClientRect().width > 0,
              );
              const name = row.querySelector('[data-testid="brand-name"]')!;
              const style = getComputedStyle(name);
              return {
                row: box(row),
                pieces: pieces.map((el) => ({
                  what:
                    el.getAttribute("data-testid") ?? el.getAttribute("aria-label") ?? el.tagName,
                  ...box(el),
                })),
                nameLines: Math.round(
                  name.getBoundingClientRect().height / parseFloat(style.lineHeight),
                ),
                nameFits: name.scrollWidth <= name.clientWidth + 1,
                pageWidth: document.documentElement.scrollWidth,
              };
            });
          expect(layout.nameLines, `${at}: the name on one line`).toBe(1);
          expect(layout.nameFits, `${at}: the name whole`).toBe(true);
          expect(layout.pageWidth, `${at}: no sideways scroll`).toBeLessThanOrEqual(width);
          expect(layout.row.bottom - layout.row.top, `${at}: one row`).toBeLessThanOrEqual(60);
          for (const piece of layout.pieces) {
            expect(piece.left, `${at}: ${piece.what} on screen`).toBeGreaterThanOrEqual(0);
            expect(piece.right, `${at}: ${piece.what} on screen`).toBeLessThanOrEqual(width);
          }
          for (const [i, a] of layout.pieces.entries())
            for (const b of layout.pieces.slice(i + 1)) {
              const overlap =
                Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
                Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
              expect(overlap, `${at}: ${a.what} and ${b.what} apart`).toBe(false);
            }
          // The currency is a tap away, in the menu's panel.
          await page.getByRole("button", { name: T[lang].common.nav.menu }).click();
          await expect(page.locator("#mobile-menu").getByRole("combobox")).toBeVisible();
        }
      }
    } finally {
      await setCurrencies(request, [{ code: "EUR", rate: 0.5, symbol: "" }]);
    }
  });
}

test("without JavaScript the chosen currency is already on the page (no flash)", async ({
  browser,
  request,
  baseURL,
}) => {
  const product = await seededProductInStock(request);
  const context = await browser.newContext({ javaScriptEnabled: false });
  await context.addCookies([
    { name: "lang", value: "ar", url: baseURL! },
    { name: "currency", value: "EUR", url: baseURL! },
  ]);
  const page = await context.newPage();
  await page.goto(`/product/${product.id}`);
  await expect(page.getByTestId("price").first()).toHaveText(
    formatInCurrency(toCents(product.default_price), "ar", EUR),
  );
  // A code the owner does not list is dollars.
  await context.addCookies([{ name: "currency", value: "GBP", url: baseURL! }]);
  await page.goto(`/product/${product.id}`);
  await expect(page.getByTestId("price").first()).toHaveText(
    formatMoney(toCents(product.default_price), "ar"),
  );
  await context.close();
});

/** "$46.20" or "‏46.20 US$" as cents. */
function dollarsIn(text: string): number {
  const digits = /[\d,]+\.\d\d/.exec(text)?.[0] ?? "";
  expect(digits, `an amount in "${text}"`).not.toBe("");
  return toCents(Number(digits.replaceAll(",", "")));
}

/** As React writes text into HTML: only &, < and > matter for a price. */
function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}
