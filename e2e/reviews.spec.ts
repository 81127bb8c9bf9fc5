import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  type Lang,
  labelStarting,
  localeTexts,
  ownerHeaders,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// A review in both languages: a buyer whose order was delivered reviews the sweet from the
// order page, nothing shows until the owner publishes it in the back office, and then the
// product page shows the stars and the words. The sweet is made for the test (untracked stock,
// so no other journey's count moves) and its order is delivered through the admin API.

/** A text with `{{count}}` plurals (`key_one`, `key_few`...) as the app's translator picks it. */
function plural(texts: Record<string, string>, key: string, lang: Lang, count: number) {
  const form = count === 0 ? "zero" : new Intl.PluralRules(lang).select(count);
  const text = texts[`${key}_${form}`] ?? texts[`${key}_other`]!;
  return text.replace("{{count}}", String(count));
}

for (const lang of ["en", "ar"] as const satisfies Lang[]) {
  const checkout = localeTexts(lang, "checkout");
  const product = localeTexts(lang, "product");
  const moderation = localeTexts(lang, "admin-reviews");

  test(`${lang}: a buyer reviews a delivered sweet, the owner publishes it, the page shows the stars`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const tag = `${lang}${Date.now().toString(36)}`;
    const name = `Reviewed sweet ${tag}`;
    const nameAr = `حلوى التقييم ${tag}`;
    const shown = lang === "ar" ? nameAr : name;
    // The review is signed with the buyer's first name.
    const author = lang === "ar" ? "ليلى" : "Layla";
    await useLanguage(page, lang, baseURL!);
    const request = page.request;
    const headers = await ownerHeaders(request);
    const categories = await request.get("/api/admin/categories?per_page=1", { headers });
    const created = await request.post("/api/admin/products", {
      headers,
      data: {
        name,
        name_ar: nameAr,
        price: 20,
        category_id: (await categories.json()).data[0].id as number,
        active: true,
        weight_options: [{ grams: 500 }],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const productId = (await created.json()).data.id as number;
    try {
      // The delivered order: placed as a guest, then moved to completed by the owner.
      const placed = await request.post("/api/orders", {
        headers: { "idempotency-key": `e2e-review-${tag}` },
        data: {
          name: `${author} ${lang === "ar" ? "مشترية" : "Buyer"}`,
          phone: "+963 11 000 0000",
          country: "SY",
          city: "Damascus",
          address: "Old City",
          lang,
          payment_method: "cod",
          lines: [{ productId, grams: 500, qty: 1 }],
        },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const order = (await placed.json()).data as { number: string; access_key: string };
      const found = await request.get(`/api/admin/orders?q=${order.number}`, { headers });
      const orderId = (await found.json()).data[0].id as number;
      for (const status of ["confirmed", "preparing", "shipped", "completed"]) {
        const moved = await request.patch(`/api/admin/orders/${orderId}`, {
          headers,
          data: { status },
        });
        expect(moved.status(), await moved.text()).toBe(200);
      }

      // The buyer writes the review from the order's private link.
      const words =
        lang === "ar" ? `طرية وطازجة، وصلت سليمة ${tag}` : `Soft and fresh, arrived whole ${tag}`;
      await page.goto(
        `${lang === "ar" ? "/ar" : ""}/order/${order.number}?key=${encodeURIComponent(order.access_key)}`,
      );
      await waitForHydration(page);
      const form = page
        .getByTestId("order-reviews")
        .getByRole("form", { name: checkout.review.formLabel.replace("{{name}}", shown) });
      // The review form is as accessible as the rest of the order page.
      await expect(form).toBeVisible();
      const orderAxe = await new AxeBuilder({ page }).include("main").analyze();
      expect(orderAxe.violations.map((v) => v.id)).toEqual([]);
      await form.getByRole("radio", { name: plural(checkout.review, "stars", lang, 4) }).check();
      await form.getByLabel(labelStarting(checkout.review.text)).fill(words);
      await form.getByRole("button", { name: checkout.review.send }).click();
      await expect(page.getByTestId("order-review")).toContainText(checkout.review.thanks);

      // Waiting, the review is not on the product page.
      const productPage = `${lang === "ar" ? "/ar" : ""}/product/${productId}`;
      await page.goto(productPage);
      await expect(page.getByText(product.reviews.none)).toBeVisible();
      await expect(page.getByText(words)).toHaveCount(0);

      // The owner publishes it from the waiting list.
      await signInAsOwner(page, lang);
      await page.goto("/admin-reviews");
      await waitForHydration(page);
      const row = page.getByTestId("reviews-table").getByRole("row").filter({ hasText: words });
      await expect(row).toContainText(order.number);
      const moderationAxe = await new AxeBuilder({ page }).include("main").analyze();
      expect(moderationAxe.violations.map((v) => v.id)).toEqual([]);
      await row
        .getByRole("button", { name: moderation.publishNamed.replace("{{name}}", author) })
        .click();
      await expect(page.getByText(moderation.published)).toBeVisible();
      await expect(row).toHaveCount(0);

      // The product page now shows the stars, the count and the words.
      await page.goto(productPage);
      const summary = page.getByTestId("reviews-summary");
      await expect(summary).toContainText(
        plural(product.reviews, "summary", lang, 1).replace("{{rating}}", "4.0"),
      );
      await expect(
        summary.getByRole("img", { name: product.reviews.stars.replace("{{rating}}", "4.0") }),
      ).toBeVisible();
      const review = page.getByTestId("review").filter({ hasText: words });
      await expect(review).toHaveCount(1);
      await expect(
        review.getByRole("img", { name: product.reviews.stars.replace("{{rating}}", "4") }),
      ).toBeVisible();
      await expect(review.getByTestId("review-text")).toHaveAttribute("lang", lang);
    } finally {
      // Out of the listings the other journeys walk.
      await request.delete(`/api/admin/products/${productId}`, { headers });
    }
  });
}
