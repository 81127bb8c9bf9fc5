import type { APIRequestContext } from "@playwright/test";
import {
  E2E_ADMIN,
  escapeRe,
  expect,
  localeTexts,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// Ordering from the kitchen end to end, in both languages: a visitor adds two portions of a
// dish from /our-kitchen, checks out for tomorrow's 19:00 slot (tomorrow: always open, whatever
// the time of the run), the cook's screen shows the card, moves it to "out for delivery", and
// the customer's order page shows that step.
test.describe.configure({ mode: "serial" });

async function adminHeaders(request: APIRequestContext) {
  const login = await request.post("/api/auth/admin-login", { data: E2E_ADMIN });
  return { authorization: `Bearer ${(await login.json()).token}` };
}

for (const lang of ["en", "ar"] as const) {
  test(`(${lang}) two portions for the 19:00 slot reach the cook and the customer sees them leave`, async ({
    page,
    request,
    baseURL,
  }) => {
    const kitchen = localeTexts(lang, "kitchen");
    const checkout = localeTexts(lang, "checkout");
    const screen = localeTexts(lang, "admin-kitchen-orders");
    const headers = await adminHeaders(request);
    const delivery = await request.put("/api/admin/kitchen/delivery", {
      headers,
      data: {
        areas: [{ name: "Mezzeh", name_ar: "المزة", fee: 3 }],
        slots: { from: "12:00", to: "22:00", every_minutes: 30, max_orders: 50, lead_minutes: 45 },
      },
    });
    expect(delivery.status(), await delivery.text()).toBe(200);
    const stamp = Date.now();
    const title = `Molokhia ${lang} ${stamp}`;
    const titleAr = `ملوخية ${lang} ${stamp}`;
    const shown = lang === "ar" ? titleAr : title;
    const created = await request.post("/api/admin/kitchen", {
      headers,
      data: { title, title_ar: titleAr, price: 9.5, portions_per_day: 40 },
    });
    expect(created.status(), await created.text()).toBe(201);
    const dishId = (await created.json()).data.id as number;

    // The visitor: two portions from the kitchen page.
    await useLanguage(page, lang, baseURL!);
    await page.goto("/our-kitchen");
    await waitForHydration(page);
    const card = page.locator(`[data-testid="dish-card"][data-dish-id="${dishId}"]`);
    await card.getByRole("combobox").selectOption("2");
    await card
      .getByRole("button", { name: kitchen.cart.addLabel.replace("{{dish}}", shown) })
      .click();
    await expect(card.getByRole("status")).toHaveText(kitchen.cart.added);

    await page.goto("/checkout");
    await waitForHydration(page);
    await page.getByLabel(new RegExp(`^${escapeRe(checkout.fields.name)}`)).fill("Rana Khoury");
    await page
      .getByLabel(new RegExp(`^${escapeRe(checkout.fields.phone)}`))
      .fill("+963 944 000 222");
    await page.getByLabel(new RegExp(`^${escapeRe(checkout.fields.city)}`)).fill("Damascus");
    await page
      .getByLabel(new RegExp(`^${escapeRe(checkout.fields.address)}`))
      .fill("Mezzeh Villas 4");
    // The quote offers today and tomorrow; tomorrow's 19:00 is open at any hour of the run.
    const days = page.getByTestId("delivery-days").locator('input[type="radio"]');
    await expect(days).toHaveCount(2);
    const tomorrow = (await days.last().getAttribute("value"))!;
    await days.last().check();
    await page.getByTestId("kitchen-slots").locator('input[value="k-19:00"]').check();
    await page.getByLabel(checkout.payment.cod).check();
    await page.getByRole("button", { name: checkout.submit }).click();
    await expect(page).toHaveURL(/\/order\/[A-Za-z0-9-]+\?key=.+/);
    const orderPage = page.url();
    const number = orderPage.match(/\/order\/([^?]+)/)?.[1] ?? "";
    await expect(page.getByTestId("kitchen-steps")).toContainText("19:00");

    // The cook: the card on tomorrow's screen, three taps to "out for delivery".
    await signInAsOwner(page, lang);
    await page.goto(`/admin-kitchen-orders?date=${tomorrow}`);
    await waitForHydration(page);
    const cook = page.getByTestId("kitchen-card").filter({ hasText: number });
    await expect(cook).toBeVisible({ timeout: 5000 });
    await expect(cook).toContainText(`2 × ${shown}`);
    for (const step of ["preparing", "ready", "out_for_delivery"] as const) {
      await cook.getByRole("button", { name: screen.to[step], exact: true }).click();
      await expect(cook.getByTestId("kitchen-step")).toHaveText(screen.steps[step]);
    }

    // The customer's page shows the step.
    await page.goto(orderPage);
    await waitForHydration(page);
    await expect(page.getByTestId("kitchen-steps").locator('[aria-current="step"]')).toHaveText(
      checkout.kitchen.steps.out_for_delivery,
    );
  });
}
