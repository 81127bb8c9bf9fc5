import type { APIRequestContext } from "@playwright/test";
import {
  E2E_ADMIN,
  escapeRe,
  expect,
  localeTexts,
  seededProductsInStock,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// The kitchen's capacity end to end, in both languages: the owner gives a day 20 kg on the
// calendar screen, a shopper books all of it, the next shopper is no longer offered the day
// (and is refused it), and the production sheet lists the kilos and prints without the menu.
// Serial: each language takes its own day, but both read the same seeded products.
test.describe.configure({ mode: "serial" });

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post("/api/auth/admin-login", { data: E2E_ADMIN });
  return { authorization: `Bearer ${(await login.json()).token}` };
}

async function offeredDays(request: APIRequestContext, productId: number): Promise<string[]> {
  const quote = await request.post("/api/shipping/quote", {
    data: { country: "SY", lines: [{ productId, grams: 1000, qty: 1 }] },
  });
  expect(quote.ok()).toBe(true);
  return (await quote.json()).data.methods[0].days.map((d: { date: string }) => d.date);
}

for (const lang of ["en", "ar"] as const) {
  test(`(${lang}) 20 kg for a day: booked, no longer offered, on the production sheet`, async ({
    page,
    request,
    baseURL,
  }) => {
    const cal = localeTexts(lang, "admin-calendar");
    const prod = localeTexts(lang, "admin-production");
    const products = await seededProductsInStock(request, {
      count: 3,
      where: (p) => p.weights.length === 0 || p.weights.some((w) => w.grams === 1000),
    });
    const days = await offeredDays(request, products[0]!.id);
    // A day far in the window, one per language.
    const day = days[days.length - (lang === "en" ? 1 : 2)]!;

    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    await page.goto("/admin-calendar");
    await waitForHydration(page);
    const cell = page.getByRole("button", { name: new RegExp(`^${escapeRe(day)}`) });
    if ((await cell.count()) === 0) await page.getByRole("button", { name: cal.next }).click();
    await cell.click();
    await page.getByLabel(cal.capacity).fill("20");
    await page.getByRole("button", { name: cal.save, exact: true }).click();
    await expect(cell.getByTestId("calendar-figure")).toContainText("0 / 20");

    // The first shopper books the 20 kg: 8 + 8 + 4 kg.
    const order = (qtys: number[]) =>
      request.post("/api/orders", {
        headers: { "idempotency-key": `e2e-cap-${lang}-${Date.now()}-${Math.random()}` },
        data: {
          name: `Capacity ${lang}`,
          phone: "+963 944 000 333",
          country: "SY",
          city: "Damascus",
          address: "Old City",
          payment_method: "cod",
          shipping_method: "delivery:1",
          ready_date: day,
          lines: qtys.map((qty, i) => ({ productId: products[i]!.id, grams: 1000, qty })),
        },
      });
    const booked = await order([8, 8, 4]);
    expect(booked.status(), await booked.text()).toBe(201);

    // The next shopper is no longer offered the day, and asking for it is a 409 naming it.
    expect(await offeredDays(request, products[0]!.id)).not.toContain(day);
    const late = await order([1]);
    expect(late.status()).toBe(409);
    expect((await late.json()).ready_date).toBe(day);

    // The calendar shows the day full; the production sheet lists the kilos.
    await page.reload();
    await waitForHydration(page);
    if ((await cell.count()) === 0) await page.getByRole("button", { name: cal.next }).click();
    await expect(cell.getByTestId("calendar-figure")).toContainText("20 / 20");
    await page.goto("/admin-production");
    await waitForHydration(page);
    await page.getByTestId("production-from").fill(day);
    await page.getByTestId("production-to").fill(day);
    await expect(page.getByTestId("production-row")).toHaveCount(3);
    const kilos = await page.getByTestId("production-kg").allTextContents();
    expect(kilos.map(Number).reduce((a, b) => a + b, 0)).toBe(20);
    await expect(page.getByRole("button", { name: prod.print })).toBeVisible();
    // Printed: the sheet without the menu and the controls.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator("#admin-menu")).toBeHidden();
    await expect(page.getByRole("button", { name: prod.print })).toBeHidden();
    await expect(page.getByTestId("production-table")).toBeVisible();

    // Put the day back as its weekday for a later run.
    const headers = await adminHeaders(request);
    const back = await request.put(`/api/admin/calendar/${day}`, {
      headers,
      data: { closed: null, capacity_grams: null },
    });
    expect(back.ok()).toBe(true);
  });
}
