import type { APIRequestContext } from "@playwright/test";
import {
  escapeRe,
  expect,
  htmlLangDir,
  type Lang,
  localeTexts,
  seededProductInStock,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

/** A guest order through the API, with this test's own e-mail and name. */
async function orderAs(
  request: APIRequestContext,
  customer: { name: string; email: string; phone: string },
) {
  const product = await seededProductInStock(request);
  const res = await request.post("/api/orders", {
    headers: {
      "idempotency-key": `customers-e2e-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    data: {
      ...customer,
      country: "LB",
      city: "Beirut",
      address: "Hamra Street",
      payment_method: "cod",
      lines: [
        { productId: product.id, grams: Math.min(...product.weights.map((w) => w.grams)), qty: 1 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { number: string } }).data;
}

for (const lang of ["en", "ar"] as const satisfies readonly Lang[]) {
  test(`${lang}: the owner finds a customer (Arabic letters folded), opens them and adds a note`, async ({
    page,
    request,
    baseURL,
  }) => {
    const admin = localeTexts(lang, "admin");
    const c = localeTexts(lang, "admin-customers");
    const unique = `${lang}${Date.now().toString(36)}`;
    // Written with hamza (أ) on both orders; the e-mail in two cases: one customer.
    const name = `أمل ${unique}`;
    const email = `amal.${unique}@example.com`;
    await orderAs(request, { name, email: email.toUpperCase(), phone: "+961 1 000 000" });
    const latest = await orderAs(request, { name, email, phone: "+961 1 000 000" });

    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    await page.getByRole("navigation").getByRole("link", { name: admin.menu.customers }).click();
    await page.waitForURL(/\/admin-customers$/);
    await waitForHydration(page);
    expect(await htmlLangDir(page)).toEqual({ lang, dir: lang === "ar" ? "rtl" : "ltr" });
    await expect(page.getByRole("heading", { level: 1, name: c.title })).toBeVisible();

    // Typed with a plain alef (ا), as people type it.
    await page.getByLabel(c.search).fill(`امل ${unique}`);
    const rows = page.getByTestId("customer-link");
    await expect(rows).toHaveCount(1);
    await expect(rows).toHaveText(name);
    const row = page.getByRole("row").filter({ has: rows });
    await expect(row).toContainText(email);
    // The figure itself: on a phone's card the cell also carries its header as a label.
    await expect(row.getByRole("cell").nth(3).locator("bdi")).toHaveText("2");

    await rows.click();
    await page.waitForURL(/\/admin-customers\/e-amal\./);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByTestId("customer-summary")).toContainText(email);
    await expect(page.getByTestId("customer-summary")).toContainText("LB");
    const orders = page.getByTestId("customer-order-link");
    await expect(orders).toHaveCount(2);
    await expect(orders.first()).toHaveText(latest.number);
    await expect(page.getByText(c.noNotes)).toBeVisible();

    // An empty note is refused beside the field, in the page's language.
    const save = page.getByRole("button", { name: c.saveNote });
    await save.click();
    await expect(page.getByText(c.errors.NOTE_REQUIRED)).toBeVisible();

    const note =
      lang === "ar" ? `يفضّل التوصيل مساءً ${unique}` : `Prefers evening delivery ${unique}`;
    await page.getByLabel(new RegExp(`^${escapeRe(c.addNote)}`)).fill(note);
    await save.click();
    const notes = page.getByTestId("customer-notes");
    await expect(notes).toContainText(note);
    await expect(notes.getByRole("listitem")).toHaveCount(1);
    await expect(page.getByText(c.errors.NOTE_REQUIRED)).toHaveCount(0);

    // The order opens on the orders desk.
    await orders.first().click();
    await page.waitForURL(/\/admin-orders\/\d+$/);
    await expect(page.getByText(latest.number).first()).toBeVisible();
  });
}
