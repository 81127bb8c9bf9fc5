import type { APIRequestContext, Page } from "@playwright/test";
import { slotFullMessage, slotLabel } from "../src/shared/domain/delivery-slots.ts";
import { dayName } from "../src/shared/domain/ready-days.ts";
import { seasonBanner } from "../src/shared/domain/seasons.ts";
import {
  E2E_ADMIN,
  escapeRe,
  expect,
  localeTexts,
  seededProductInStock,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// Delivery slots and a season end to end, in both languages. The owner (through the admin API)
// gives domestic delivery two slots, the morning one taking one order a day, and opens a short
// season beyond the 7-day window. The storefront shows the season's banner with its days in
// both calendars; checkout offers the season's days and the slots; the shopper's slot is on
// the order page; once the morning slot of that day holds its one order, the next shopper
// is no longer offered it. Both settings are shop-wide (every checkout would show the slots, every
// storefront page the banner), so this file runs in its own project after every other one,
// and puts both back at the end. Serial: each language takes its own season day.
test.describe.configure({ mode: "serial" });

const MORNING = { start: "10:00", end: "13:00", max_orders: 1 };
const AFTERNOON = { start: "13:00", end: "16:00", max_orders: null };
const MORNING_ID = `${MORNING.start}-${MORNING.end}`;
const AFTERNOON_ID = `${AFTERNOON.start}-${AFTERNOON.end}`;

type Season = {
  id: number;
  first_day: string;
  last_day: string;
  hijri: { first_day: { en: string; ar: string }; last_day: { en: string; ar: string } };
};
type QuoteDay = { date: string; slots?: { id: string; available: number | null }[] };

let headers: Record<string, string> = {};
let season: Season;
/** The last day of the ordinary window, before the season's days are added. */
let windowEnd: string;

async function settingsWith(request: APIRequestContext, slots: unknown[]) {
  const { data } = await (await request.get("/api/admin/settings", { headers })).json();
  const { updated_at: _date, ...values } = data;
  const res = await request.put("/api/admin/settings", {
    headers,
    data: { ...values, delivery_slots: slots },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function deliveryMethod(request: APIRequestContext, productId: number, grams: number) {
  const quote = await request.post("/api/shipping/quote", {
    data: { country: "SY", lines: [{ productId, grams, qty: 1 }] },
  });
  expect(quote.ok(), await quote.text()).toBe(true);
  const methods = (await quote.json()).data.methods as { id: string; days?: QuoteDay[] }[];
  return methods.find((m) => m.id.startsWith("delivery"))!;
}

async function quoteDays(request: APIRequestContext, productId: number, grams: number) {
  return (await deliveryMethod(request, productId, grams)).days ?? [];
}

const hasWeights = (p: { weights: unknown[] }) => p.weights.length > 0;
const smallest = (p: { weights: { grams: number }[] }) =>
  Math.min(...p.weights.map((w) => w.grams));

const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

test.beforeAll(async ({ request }) => {
  const login = await request.post("/api/auth/admin-login", { data: E2E_ADMIN });
  headers = { authorization: `Bearer ${(await login.json()).token}` };
  const product = await seededProductInStock(request, { where: hasWeights });
  const days = await quoteDays(request, product.id, smallest(product));
  windowEnd = days[days.length - 1]!.date;
  // Three days a fortnight after the window, orders open already.
  let firstDay = addDays(windowEnd, 14);
  // Neither day the journeys take may fall on Friday, the shop's closed weekday.
  const friday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay() === 5;
  while (friday(firstDay) || friday(addDays(firstDay, 1))) firstDay = addDays(firstDay, 1);
  const res = await request.post("/api/admin/seasons", {
    headers,
    data: {
      name: "Eid al-Fitr",
      name_ar: "عيد الفطر",
      first_day: firstDay,
      last_day: addDays(firstDay, 2),
      // The day before the first bookable one: today, or yesterday (the same for the rule).
      orders_open: addDays(days[0]!.date, -1),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  season = (await res.json()).data;
  await settingsWith(request, [MORNING, AFTERNOON]);
});

test.afterAll(async ({ request }) => {
  if (season) await request.delete(`/api/admin/seasons/${season.id}`, { headers });
  await settingsWith(request, []);
});

/** The product in the cart at its smallest weight, then checkout with the address filled. */
async function toCheckout(page: Page, lang: "en" | "ar", productId: number) {
  const product = localeTexts(lang, "product");
  const checkout = localeTexts(lang, "checkout");
  await page.goto(`/product/${productId}`);
  await waitForHydration(page);
  await page.locator('label:has(input[name="grams"])').first().click();
  await page
    .locator('form:has(input[name="grams"])')
    .getByRole("button", { name: product.addToCart })
    .click();
  await expect(page.getByTestId("toast")).toContainText(product.addedToCart);
  await page.goto("/checkout");
  await waitForHydration(page);
  const field = (name: string) => page.getByLabel(new RegExp(`^${escapeRe(name)}`));
  await field(checkout.fields.name).fill(`Slot ${lang}`);
  await field(checkout.fields.phone).fill("+963 944 000 444");
  await field(checkout.fields.city).fill("Damascus");
  await field(checkout.fields.address).fill("Old City");
  await field(checkout.fields.country).selectOption("SY");
  await expect(page.getByTestId("delivery-days")).toBeVisible();
}

for (const lang of ["en", "ar"] as const) {
  test(`(${lang}) the season's banner and days; a slot chosen, shown, then full`, async ({
    page,
    request,
    baseURL,
  }) => {
    const checkout = localeTexts(lang, "checkout");
    const product = await seededProductInStock(request, { where: hasWeights });
    // One season day per language: the morning slot of each takes one order.
    const day = lang === "en" ? season.first_day : addDays(season.first_day, 1);
    await useLanguage(page, lang, baseURL!);

    // The banner: the season's name, its days, and the same days in the Hijri calendar.
    await page.goto("/");
    const expected = seasonBanner({
      nameEn: "Eid al-Fitr",
      nameAr: "عيد الفطر",
      firstDay: season.first_day,
      lastDay: season.last_day,
    });
    const banner = page.getByTestId("season-banner");
    await expect(banner).toContainText(expected.name[lang]);
    await expect(banner).toContainText(expected.from[lang]);
    await expect(banner).toContainText(expected.to[lang]);
    await expect(banner).toContainText(season.hijri.first_day[lang]);
    await expect(banner).toContainText(season.hijri.last_day[lang]);

    // Checkout offers the season's days beyond the window, and the day's two slots.
    await toCheckout(page, lang, product.id);
    const days = page.getByTestId("delivery-days");
    expect(day > windowEnd).toBe(true);
    await expect(days.locator(`input[value="${season.first_day}"]`)).toHaveCount(1);
    await expect(days.locator(`input[value="${addDays(season.first_day, 1)}"]`)).toHaveCount(1);
    await days.locator(`input[value="${day}"]`).check();
    const slots = page.getByTestId("delivery-slots");
    await expect(slots).toContainText(checkout.shipping.slot);
    await expect(slots.locator('input[type="radio"]')).toHaveCount(2);
    const morning = slots.locator(`input[value="${MORNING_ID}"]`);
    await expect(morning).toBeEnabled();
    await morning.check();
    await page.getByLabel(checkout.payment.cod).check();
    await page.getByRole("button", { name: checkout.submit }).click();

    // The order page names the slot in the page's language.
    await expect(page).toHaveURL(/\/order\/[A-Za-z0-9-]+\?key=.+/);
    const label = slotLabel(MORNING_ID)!;
    await expect(page.getByTestId("order-slot")).toHaveText(
      lang === "en" ? label.label : label.label_ar,
    );

    // The next shopper: the morning slot of that day is full and can no longer be chosen; the
    // afternoon is chosen for them instead.
    const quoted = (await quoteDays(request, product.id, smallest(product))).find(
      (d) => d.date === day,
    );
    // A full slot is left out of the quote (or would be offered with no room).
    expect(quoted?.slots?.find((s) => s.id === MORNING_ID)?.available ?? 0).toBe(0);
    expect(quoted?.slots?.find((s) => s.id === AFTERNOON_ID)?.available).toBeNull();
    await toCheckout(page, lang, product.id);
    await days.locator(`input[value="${day}"]`).check();
    await expect(slots.locator(`input[value="${AFTERNOON_ID}"]`)).toBeChecked();
    await expect(slots.locator(`input[value="${MORNING_ID}"]:enabled`)).toHaveCount(0);
  });
}

// The race checkout cannot see coming: the shopper picks the morning slot, and while they are
// still on the page another order (placed through the API) takes its one place. Placing is
// refused with the server's slot-full message (409 slot_full) in the page's language, the
// checkout asks for the days again, and the shopper orders the afternoon slot instead. Each
// language takes its own day of the ordinary window, whose morning slots are still free.
for (const lang of ["en", "ar"] as const) {
  test(`(${lang}) a slot filled while the shopper is on checkout is refused; another slot orders`, async ({
    page,
    request,
    baseURL,
    consoleGuard,
  }) => {
    // The browser logs the refused order's answer; that refusal is what this journey checks.
    consoleGuard.allow(/status of 409/);
    const checkout = localeTexts(lang, "checkout");
    const product = await seededProductInStock(request, { where: hasWeights });
    const grams = smallest(product);
    const method = await deliveryMethod(request, product.id, grams);
    const free = (method.days ?? []).filter(
      (d) => (d.slots?.find((s) => s.id === MORNING_ID)?.available ?? 0) > 0,
    );
    // Two days with a free morning: the first for English, the second for Arabic.
    const day = free[lang === "en" ? 0 : 1]!.date;
    await useLanguage(page, lang, baseURL!);

    await toCheckout(page, lang, product.id);
    const days = page.getByTestId("delivery-days");
    await days.locator(`input[value="${day}"]`).check();
    const slots = page.getByTestId("delivery-slots");
    await slots.locator(`input[value="${MORNING_ID}"]`).check();
    await page.getByLabel(checkout.payment.cod).check();

    // Another shopper takes the morning's one place meanwhile.
    const other = await request.post("/api/orders", {
      headers: { "idempotency-key": `e2e-slot-race-${lang}-${Date.now()}` },
      data: {
        name: `Racer ${lang}`,
        phone: "+963 944 000 555",
        country: "SY",
        city: "Damascus",
        address: "Straight Street",
        payment_method: "cod",
        shipping_method: method.id,
        ready_date: day,
        slot: MORNING_ID,
        lines: [{ productId: product.id, grams, qty: 1 }],
      },
    });
    expect(other.status(), await other.text()).toBe(201);

    // The shopper's order is refused, naming the slot and the day in the page's language.
    await page.getByRole("button", { name: checkout.submit }).click();
    const message = slotFullMessage(MORNING_ID, {
      en: dayName(day, "en"),
      ar: dayName(day, "ar"),
    });
    await expect(page.getByRole("alert").filter({ hasText: message[lang] })).toBeVisible();
    await expect(page).toHaveURL(/\/checkout/);

    // Asked again, the day offers the afternoon only; ordering it goes through.
    await days.locator(`input[value="${day}"]`).check();
    await expect(slots.locator(`input[value="${MORNING_ID}"]:enabled`)).toHaveCount(0);
    await slots.locator(`input[value="${AFTERNOON_ID}"]`).check();
    await page.getByRole("button", { name: checkout.submit }).click();
    await expect(page).toHaveURL(/\/order\/[A-Za-z0-9-]+\?key=.+/);
    const label = slotLabel(AFTERNOON_ID)!;
    await expect(page.getByTestId("order-slot")).toHaveText(
      lang === "en" ? label.label : label.label_ar,
    );
  });
}
