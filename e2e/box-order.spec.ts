import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { allergenLabel, rollupAllergens } from "../src/shared/domain/food.ts";
import type { ProductDetail } from "../src/shared/schemas/catalog.ts";
import { asPrinted, printedHolds } from "./printed-text.ts";
import {
  expect,
  type Lang,
  labelStarting,
  localeTexts,
  ownerHeaders,
  seededProductsInStock,
  signInAsOwner,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// A mixed box by weight, in both languages: the shopper fills a 1 kg box from three sweets on
// its page, orders it, and the packing slip printed to PDF lists the box's sweets with the
// allergens of them all (read back with pdftotext, as a packer's printer would print it).

for (const lang of ["en", "ar"] as const satisfies Lang[]) {
  const product = localeTexts(lang, "product");
  const cart = localeTexts(lang, "cart");

  test(`${lang}: fills a 1 kg box from three sweets, orders it, the slip lists them with allergens`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const tag = `${lang}${Date.now().toString(36)}`;
    await useLanguage(page, lang, baseURL!);
    const request = page.request;
    const headers = await ownerHeaders(request);
    // Three seeded sweets with food information (untracked stock: no other journey's count moves).
    const sweets = await seededProductsInStock(request, {
      count: 3,
      where: (p: ProductDetail) => (p.food?.allergens.length ?? 0) > 0 && !p.box,
    });
    const categories = await request.get("/api/admin/categories?per_page=1", { headers });
    const created = await request.post("/api/admin/products", {
      headers,
      data: {
        name: `Mixed tray ${tag}`,
        name_ar: `صينية مشكلة ${tag}`,
        price: 30,
        category_id: (await categories.json()).data[0].id as number,
        active: true,
        box: {
          sizes: [{ grams: 1000, price: null }],
          step_grams: 100,
          product_ids: sweets.map((s) => s.id),
        },
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const boxId = (await created.json()).data.id as number;
    try {
      await page.goto(`${lang === "ar" ? "/ar" : ""}/product/${boxId}`);
      await waitForHydration(page);
      const filler = page.getByTestId("box-filler");
      await expect(filler).toBeVisible();
      const boxAxe = await new AxeBuilder({ page }).include("main").analyze();
      expect(boxAxe.violations.map((v) => v.id)).toEqual([]);
      const name = (s: ProductDetail) => (lang === "ar" ? s.name_ar : s.name);
      const grams = [400, 300, 300];
      const add = filler.getByRole("button", { name: product.box.add });
      for (const [i, sweet] of sweets.entries()) {
        await expect(add).toBeDisabled();
        await filler.getByLabel(labelStarting(name(sweet))).selectOption(String(grams[i]));
      }
      await expect(filler.getByTestId("box-status")).toHaveText(product.box.full);
      await add.click();

      // The cart shows the box with its sweets; the order is placed from the cart's own line.
      await page.goto(`${lang === "ar" ? "/ar" : ""}/cart`);
      const line = page.getByTestId("cart-line");
      await expect(line).toHaveCount(1);
      for (const sweet of sweets)
        await expect(line.getByTestId("line-contents")).toContainText(name(sweet));
      await expect(page.getByRole("heading", { name: cart.title })).toBeVisible();
      const cartAxe = await new AxeBuilder({ page }).include("main").analyze();
      expect(cartAxe.violations.map((v) => v.id)).toEqual([]);
      const stored = await page.evaluate(
        () => JSON.parse(window.localStorage.getItem("cart_v2") ?? "[]") as unknown[],
      );
      type StoredLine = {
        productId: string;
        grams: number;
        contents?: Array<{ productId: number; grams: number }>;
      };
      const boxLine = (stored as StoredLine[]).find((l) => l.contents?.length)!;
      const placed = await request.post("/api/orders", {
        headers: { "idempotency-key": `e2e-box-${tag}` },
        data: {
          name: "Box Buyer",
          phone: "+963 11 000 0000",
          country: "SY",
          city: "Damascus",
          address: "Old City",
          lang,
          payment_method: "cod",
          lines: [
            {
              productId: Number(boxLine.productId),
              grams: boxLine.grams,
              qty: 1,
              contents: (boxLine.contents ?? []).map((c: { productId: number; grams: number }) => ({
                productId: c.productId,
                grams: c.grams,
              })),
            },
          ],
        },
      });
      expect(placed.status(), await placed.text()).toBe(201);
      const number = (await placed.json()).data.number as string;
      const found = await request.get(`/api/admin/orders?q=${number}`, { headers });
      const orderId = (await found.json()).data[0].id as number;

      // The packing slip, printed to PDF, read as text.
      await signInAsOwner(page, lang);
      await page.goto(`/admin-print?ids=${orderId}`);
      const slip = page.getByTestId("slip");
      await expect(slip.getByTestId("slip-contents")).toBeVisible();
      await page.emulateMedia({ media: "print" });
      const file = path.join(os.tmpdir(), `slip-${tag}.pdf`);
      await page.pdf({ path: file });
      const text = asPrinted(
        execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" }),
      );
      fs.rmSync(file, { force: true });
      expect(text).toContain(number);
      // pdftotext may lay right-to-left text out in another order: Arabic is checked word by word.
      const words = (s: string) => asPrinted(s).split(" ");
      for (const sweet of sweets)
        for (const word of words(name(sweet)))
          expect(printedHolds(text, word), `"${word}" in: ${text}`).toBe(true);
      const all = rollupAllergens(sweets.map((s) => s.food));
      for (const code of all.contains)
        for (const word of words(allergenLabel(code, lang)))
          expect(printedHolds(text, word), `"${word}" in: ${text}`).toBe(true);
    } finally {
      // Out of the listings the other journeys walk.
      await request.delete(`/api/admin/products/${boxId}`, { headers });
    }
  });
}
