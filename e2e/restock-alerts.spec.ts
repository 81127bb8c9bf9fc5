import {
  expect,
  type Lang,
  linkIn,
  localeTexts,
  mailTo,
  ownerHeaders,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// A sold-out sweet: the shopper leaves an address, the owner restocks, one e-mail arrives in the
// shopper's language with the product's link, and the address is gone from the waiting list.

for (const lang of ["en", "ar"] as const satisfies Lang[]) {
  const product = localeTexts(lang, "product");

  test(`${lang}: "e-mail me when it is back" sends one e-mail when the owner restocks`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const tag = `${lang}${Date.now().toString(36)}`;
    const name = `Restock ${tag}`;
    const nameAr = `حلوى العودة ${tag}`;
    await useLanguage(page, lang, baseURL!);
    const request = page.request;
    const headers = await ownerHeaders(request);
    const categories = await request.get("/api/admin/categories?per_page=1", { headers });
    const fields = {
      name,
      name_ar: nameAr,
      price: 20,
      category_id: (await categories.json()).data[0].id as number,
      stock_kg: 0,
      active: true,
      weight_options: [{ grams: 500 }],
    };
    const created = await request.post("/api/admin/products", { headers, data: fields });
    expect(created.status(), await created.text()).toBe(201);
    const id = (await created.json()).data.id as number;
    try {
      await page.goto(`${lang === "ar" ? "/ar" : ""}/product/${id}`);
      await waitForHydration(page);
      const address = `restock-${tag}@example.com`;
      const form = page.getByTestId("restock-form");
      await form.getByLabel(product.restock.email).fill(address);
      await form.getByRole("button", { name: product.restock.submit }).click();
      await expect(page.getByTestId("restock-done")).toContainText(address);
      const waiting = await request.get(`/api/admin/products/${id}`, { headers });
      expect((await waiting.json()).data.restock_waiting).toBe(1);

      const restocked = await request.put(`/api/admin/products/${id}`, {
        headers,
        data: { ...fields, stock_kg: 5 },
      });
      expect(restocked.status(), await restocked.text()).toBe(200);
      const [mail] = await mailTo(address, { containing: lang === "ar" ? nameAr : name });
      expect(mail!.text).toContain(lang === "ar" ? "متوفر من جديد" : "back in stock");
      expect(linkIn(mail!, `/product/${id}-`)).toContain(
        lang === "ar" ? "/ar/product/" : "/product/",
      );
      const after = await request.get(`/api/admin/products/${id}`, { headers });
      expect((await after.json()).data.restock_waiting).toBe(0);
    } finally {
      // Out of the listings the other journeys walk.
      await request.put(`/api/admin/products/${id}`, {
        headers,
        data: { ...fields, active: false },
      });
    }
  });
}
