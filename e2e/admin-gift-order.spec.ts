import type { Page } from "@playwright/test";
import {
  expect,
  type Lang,
  localeTexts,
  seededProductInStock,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

/**
 * Issue 29, gift orders in the back office: a gift placed at checkout is marked on the orders
 * desk, its page shows the recipient and the card, and its packing slip travels in the box as a
 * gift slip: the recipient, the card in its own direction, the wrap request, and no price.
 */

// A card in both directions and on two lines, as shoppers write them at Eid.
const MESSAGE = "عيد مبارك يا هالة\nEid Mubarak — love, Sami";

async function placeGiftOrder(page: Page, lang: Lang) {
  const product = await seededProductInStock(page.request);
  const res = await page.request.post("/api/orders", {
    headers: {
      "idempotency-key": `gift-${lang}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
    },
    data: {
      name: "Sami Haddad",
      phone: "+963 11 000 0000",
      country: "SY",
      city: "Damascus",
      address: "Old City",
      lang,
      payment_method: "cod",
      lines: [
        { productId: product.id, grams: Math.min(...product.weights.map((w) => w.grams)), qty: 1 },
      ],
      gift: {
        recipient_name: "Hala Khoury",
        recipient_phone: "+963 944 123 456",
        message: MESSAGE,
        wrap: true,
      },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { number: string } }).data;
}

for (const lang of ["en", "ar"] as const) {
  const tr = localeTexts(lang, "admin-orders");

  test(`${lang}: a gift order is marked on the desk, shows its card, and prints a slip without prices`, async ({
    page,
    baseURL,
  }) => {
    await useLanguage(page, lang, baseURL!);
    await signInAsOwner(page, lang);
    const order = await placeGiftOrder(page, lang);

    // The desk: the row carries the mark, an icon and the word, not a colour alone.
    await page.goto("/admin-orders");
    await waitForHydration(page);
    await page.getByRole("searchbox", { name: tr.search }).fill(order.number);
    const row = page
      .getByTestId("orders-table")
      .locator("tr")
      .filter({ has: page.getByTestId("order-link").filter({ hasText: order.number }) });
    await expect(row).toHaveCount(1);
    const mark = row.getByTestId("order-gift");
    await expect(mark).toBeVisible();
    await expect(mark).toHaveText(tr.gift.mark);
    // The icon drawn and beside the word, on one row.
    const icon = (await mark.locator("svg").boundingBox())!;
    const box = (await mark.boundingBox())!;
    expect(icon.width).toBeGreaterThan(0);
    expect(box.height).toBeLessThan(icon.height * 2);

    // The order's page: the recipient, a phone to call, the card as written.
    await row.getByTestId("order-link").click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(order.number);
    const gift = page.getByTestId("order-gift-details");
    await expect(gift.getByRole("heading", { name: tr.gift.title })).toBeVisible();
    await expect(gift).toContainText("Hala Khoury");
    await expect(gift.getByRole("link", { name: "0944 123 456" })).toHaveAttribute(
      "href",
      "tel:+963944123456",
    );
    const message = page.getByTestId("gift-message");
    await expect(message).toHaveAttribute("dir", "auto");
    expect(await message.textContent()).toBe(MESSAGE);
    // Its line breaks kept as the buyer typed them.
    await expect(message).toHaveCSS("white-space", "pre-wrap");
    await expect(page.getByTestId("gift-wrap")).toHaveText(tr.gift.yes);

    // The slip: a gift slip in the order's language, the card, the wrap request, no price.
    const print = page.getByRole("link", { name: tr.print, exact: true });
    await page.goto((await print.getAttribute("href"))!);
    const slip = page.getByTestId("slip");
    await expect(slip).toHaveAttribute("data-gift", "true");
    await expect(slip).toHaveAttribute("lang", lang);
    await expect(slip.getByRole("heading", { level: 2 })).toContainText(tr.gift.slipTitle);
    await expect(slip.getByTestId("slip-recipient")).toContainText("Hala Khoury");
    await expect(slip.getByTestId("slip-recipient")).toContainText("0944 123 456");
    const card = slip.getByTestId("slip-gift-message");
    await expect(card).toHaveAttribute("dir", "auto");
    expect(await card.textContent()).toBe(MESSAGE);
    await expect(card).toHaveCSS("white-space", "pre-wrap");
    await expect(slip.getByTestId("slip-gift-wrap")).toHaveText(tr.gift.wrapAsked);
    const text = (await slip.textContent()) ?? "";
    expect(text).not.toContain("$");
    expect(text).not.toContain("US$");
    expect(text).not.toContain("USD");
    expect(text).not.toContain(tr.total);
    expect(text).not.toContain(tr.subtotal);
  });
}
