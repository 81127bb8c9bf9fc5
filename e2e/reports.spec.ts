import fs from "node:fs";
import { countryName } from "../src/shared/domain/countries.ts";
import { formatMoney } from "../src/shared/domain/money.ts";
import { optionLabel } from "../src/shared/domain/weight-options.ts";
import {
  expect,
  type Lang,
  localeTexts,
  seededProductInStock,
  signInAsOwner,
  submitAdminSignIn,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

/**
 * The owner's sales report: two orders placed here to a country no other journey ships to
 * (one per language, so the two runs never count each other's), read back by country for
 * today alone, on the screen and in the CSV; a packer (orders role) is refused the screen and
 * its API.
 */
const COUNTRY: Record<Lang, string> = { en: "JO", ar: "KW" };

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  const r = localeTexts(lang, "admin-reports");
  const admin = localeTexts(lang, "admin");

  test(`${lang}: the owner reads today's orders by country, and downloads them as CSV`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const country = COUNTRY[lang];
    const product = await seededProductInStock(page.request);
    const grams = Math.min(...product.weights.map((w) => w.grams));
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post("/api/orders", {
        headers: { "idempotency-key": `e2e-report-${lang}-${i}-${Date.now()}` },
        data: {
          name: `Report ${lang} ${i}`,
          phone: `+963 944 100 ${lang === "en" ? 20 : 30}${i}`,
          country,
          city: "Capital",
          address: "Main street 1",
          payment_method: "cod",
          lines: [{ productId: product.id, grams, qty: 1 }],
        },
      });
      expect(res.status(), await res.text()).toBe(201);
    }

    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    await page.goto("/admin-reports");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(r.title);
    await expect(page.getByTestId("money-rule")).toHaveText(r.moneyRule);

    // Today alone (the default end is today in the shop's time zone), by country.
    const today = await page.getByTestId("report-to").inputValue();
    await page.getByTestId("report-from").fill(today);
    await page.getByTestId("report-group").selectOption("country");
    const table = page.getByTestId("report-table");
    await expect(table.locator("thead th").first()).toHaveText(r.groups.country);
    const row = table.locator("tbody tr").filter({ hasText: countryName(country, lang) });
    // Two orders, their kilos, and no money yet: cash on delivery not collected.
    await expect(row.locator("td")).toHaveText([
      countryName(country, lang),
      "2",
      optionLabel(2 * grams, lang),
      formatMoney(0, lang),
    ]);
    // The period compared is the day before.
    await expect(page.getByTestId("report-compared")).toBeVisible();

    // The CSV of the same table: its header, this country's line, the totals line.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByTestId("report-csv").click(),
    ]);
    expect(download.suggestedFilename()).toBe(`sales-country-${today}-${today}.csv`);
    const csv = fs.readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("key,label,label_ar,orders,kg,revenue");
    expect(lines).toContain(
      [
        country,
        countryName(country, "en"),
        countryName(country, "ar"),
        2,
        (2 * grams) / 1000,
        "0.00",
      ].join(","),
    );
    expect(lines.at(-1)).toMatch(/^total,Total,المجموع,\d+,/);
  });

  test(`${lang}: another role is refused the reports screen and its API`, async ({
    page,
    baseURL,
  }) => {
    const tag = `${lang}${Date.now().toString(36)}`;
    const packer = { name: `Packer ${tag}`, email: `report.packer.${tag}@example.com` };
    const password = "packer-secret-1";
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    const ownerToken = await page.evaluate(() => localStorage.getItem("token"));
    const created = await page.request.post("/api/admin/admins", {
      headers: { authorization: `Bearer ${ownerToken}` },
      data: { ...packer, password, password_confirmation: password, roles: ["orders"] },
    });
    expect(created.status()).toBe(201);
    await page.goto("/admin-logout");
    await page.waitForURL(/\/admin-login/);
    await waitForHydration(page);
    await submitAdminSignIn(page, lang, { email: packer.email, password });
    await page.waitForURL(/\/admin-orders$/);
    // Not in the packer's menu, and refused by its address, in the page's language.
    await expect(
      page
        .getByRole("navigation", { name: admin.menu.label })
        .getByRole("link", { name: admin.menu.reports }),
    ).toHaveCount(0);
    await page.goto("/admin-reports");
    await waitForHydration(page);
    const state = page.getByTestId("admin-not-allowed");
    await expect(state.getByRole("heading", { level: 1 })).toHaveText(admin.notAllowed.title);
    await expect(page.getByTestId("report-table")).toHaveCount(0);
    const token = await page.evaluate(() => localStorage.getItem("token"));
    const api = await page.request.get(
      "/api/admin/reports/sales?from=2026-01-01&to=2026-01-31&group=day",
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(api.status()).toBe(403);
  });
}
