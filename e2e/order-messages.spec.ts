import type { Page } from "@playwright/test";
import {
  expect,
  type Lang,
  localeTexts,
  mailTo,
  seededProductInStock,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// Issue 25, order messages: the owner switches an order e-mail off and on in the settings, and
// sends the customer the order's state on the messaging app from the order desk, in the
// ORDER's language whatever language the back office speaks. Both save the whole settings form
// shop-wide, so this file runs in its own project after the other settings specs, one test at
// a time.
test.describe.configure({ mode: "serial" });

const textsOf = (lang: Lang) => ({
  orders: localeTexts(lang, "admin-orders"),
  settings: localeTexts(lang, "admin-settings"),
  admin: localeTexts(lang, "admin"),
});
const T = { en: textsOf("en"), ar: textsOf("ar") };

/** A guest order placed in `lang` (its e-mails and messages speak it), through the API. */
async function placeOrderIn(page: Page, lang: Lang, email: string) {
  const product = await seededProductInStock(page.request);
  const res = await page.request.post("/api/orders", {
    headers: {
      "idempotency-key": `e2e-msg-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    data: {
      name: lang === "ar" ? "سلمى الرسائل" : "Salma Messages",
      phone: "+963 11 000 0000",
      email,
      country: "SY",
      city: "Damascus",
      address: "Old City",
      payment_method: "cod",
      lang,
      lines: [
        { productId: product.id, grams: Math.min(...product.weights.map((w) => w.grams)), qty: 1 },
      ],
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { number: string } }).data;
}

async function saveSettings(page: Page, lang: Lang) {
  // The e-mail switches are their own section, saved on their own.
  await page
    .getByTestId("settings-section-orderMessages")
    .getByRole("button", { name: T[lang].admin.actions.save, exact: true })
    .click();
  await expect(page.getByTestId("toast")).toContainText(T[lang].settings.saved);
}

for (const lang of ["en", "ar"] as const) {
  const tr = T[lang];
  // The order speaks the other language than the back office: the message follows the order.
  const orderLang: Lang = lang === "en" ? "ar" : "en";

  test(`${lang}: the owner switches an order e-mail off and back on in the settings`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    await page.goto("/admin-settings");
    await waitForHydration(page);
    const section = page.getByTestId("order-messages");
    await expect(section).toContainText(tr.settings.orderMessages.intro);
    const kind = lang === "en" ? "completed" : "paid";
    const box = section.getByRole("checkbox", { name: tr.settings.orderMessages.kinds[kind] });
    await expect(box).toBeChecked();
    // Every kind is listed, in this language.
    await expect(section.getByRole("checkbox")).toHaveCount(5);

    await box.uncheck();
    await saveSettings(page, lang);
    await page.reload();
    await waitForHydration(page);
    await expect(
      page
        .getByTestId("order-messages")
        .getByRole("checkbox", { name: tr.settings.orderMessages.kinds[kind] }),
    ).not.toBeChecked();

    // Back on, as every other journey expects.
    await page
      .getByTestId("order-messages")
      .getByRole("checkbox", { name: tr.settings.orderMessages.kinds[kind] })
      .check();
    await saveSettings(page, lang);
    await page.reload();
    await waitForHydration(page);
    await expect(
      page
        .getByTestId("order-messages")
        .getByRole("checkbox", { name: tr.settings.orderMessages.kinds[kind] }),
    ).toBeChecked();
  });

  test(`${lang}: confirming an ${orderLang} order e-mails the customer, and Send on WhatsApp opens the order's state in ${orderLang}`, async ({
    page,
    baseURL,
    browser,
  }) => {
    test.setTimeout(60_000);
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    const email = `messages-${lang}-${Date.now()}@example.com`;
    const order = await placeOrderIn(page, orderLang, email);

    await page.goto("/admin-orders");
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: tr.orders.search }).fill(order.number);
    const link = page.getByTestId("order-link").filter({ hasText: order.number });
    await link.click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(order.number);
    await page.getByTestId("to-confirmed").click();
    await expect(page.getByTestId("toast")).toContainText(tr.orders.status.confirmed);

    // The customer's e-mail, in the order's language and direction.
    const [mail] = await mailTo(email, { containing: order.number, count: 2 }).then((all) =>
      all.filter((m) =>
        m.text.includes(orderLang === "ar" ? "أكّدنا طلبك" : "we have confirmed your order"),
      ),
    );
    expect(mail, "the confirmed e-mail").toBeDefined();
    expect(mail!.text).toContain(orderLang === "ar" ? 'dir="rtl"' : 'dir="ltr"');

    // The messaging app, prefilled in the order's language for the customer's number.
    await page.getByRole("button", { name: tr.orders.sendMessage.button, exact: true }).click();
    const dialog = page.getByTestId("send-message-dialog");
    await expect(dialog).toContainText(tr.orders.sendMessage.title);
    const open = dialog.getByRole("link", { name: tr.orders.sendMessage.open, exact: true });
    await expect(open).toBeVisible();
    const href = new URL((await open.getAttribute("href"))!);
    expect(href.origin + href.pathname).toBe("https://wa.me/963110000000");
    const text = href.searchParams.get("text")!;
    expect(text).toContain(order.number);
    expect(text).toContain(orderLang === "ar" ? "الحالة: مؤكَّد" : "State: Confirmed");
    expect(text).toContain(orderLang === "ar" ? "سلمى الرسائل" : "Salma Messages");
    await expect(dialog.getByTestId("message-preview")).toHaveText(text);
    await expect(dialog.getByTestId("message-preview")).toHaveAttribute(
      "dir",
      orderLang === "ar" ? "rtl" : "ltr",
    );

    // Its private link opens the order for someone who is not signed in.
    const privateLink = /https?:\/\/\S+\/order\/\S+\?key=[\w-]+/.exec(text)![0];
    const stranger = await browser.newContext();
    try {
      const visitor = await stranger.newPage();
      await visitor.goto(privateLink);
      await expect(visitor.getByText(order.number).first()).toBeVisible();
    } finally {
      await stranger.close();
    }
  });
}
