import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  type Lang,
  localeTexts,
  seededName,
  test,
  useLanguage,
  waitForHydration,
} from "./support.ts";

// A buyer abroad who avoids nuts: the shop's "without" filter, then the product's food
// information before the add button, in both languages. The demo catalogue seeds food
// information for some products (src/server/db/seed/catalog-food.ts).

for (const lang of ["en", "ar"] as const satisfies Lang[]) {
  const shop = localeTexts(lang, "shop");
  const product = localeTexts(lang, "product");
  const prefix = lang === "ar" ? "/ar" : "";

  test.describe(`food information in ${lang}`, () => {
    test.use({ locale: lang === "ar" ? "ar" : "en-US" });

    test("filters the shop without nuts, opens a sweet and reads its food information", async ({
      page,
      baseURL,
    }) => {
      await useLanguage(page, lang, baseURL!);
      await page.goto(`${prefix}/shop?category=maamoul`);
      await waitForHydration(page);
      const pistachioMaamoul = seededName("MAM-PIS-27", lang);
      const dateMaamoul = seededName("MAM-DAT-25", lang);
      const results = page.getByRole("region", { name: shop.results });
      await expect(results.getByRole("link", { name: pistachioMaamoul }).first()).toBeVisible();

      const withoutNuts = page.getByRole("link", { name: shop.without.nuts });
      await withoutNuts.click();
      await expect(page).toHaveURL(/[?&]without=nuts(&|$)/);
      await expect(page).toHaveURL(/category=maamoul/);
      await expect(withoutNuts).toHaveAttribute("aria-current", "true");
      await expect(results.getByRole("link", { name: dateMaamoul }).first()).toBeVisible();
      await expect(results.getByRole("link", { name: pistachioMaamoul })).toHaveCount(0);
      // The filter is in the address: a reload (or a shared link) shows the same list.
      await page.reload();
      await expect(results.getByRole("link", { name: pistachioMaamoul })).toHaveCount(0);
      const axe = await new AxeBuilder({ page }).analyze();
      expect(axe.violations.map((v) => v.id)).toEqual([]);

      await results.getByRole("link", { name: dateMaamoul }).first().click();
      const food = page.getByTestId("food-information");
      await expect(food.getByRole("heading", { name: product.food.title })).toBeVisible();
      // Before the add button, as the rules ask.
      const foodBox = await food.boundingBox();
      const addBox = await page.getByRole("button", { name: product.addToCart }).boundingBox();
      expect(foodBox!.y).toBeLessThan(addBox!.y);
      const bold = food.getByTestId("food-ingredients").locator("strong");
      await expect(bold.first()).toBeVisible();
      await expect(food.getByTestId("food-contains")).toContainText(
        lang === "ar" ? "الحليب" : "Milk",
      );
      await expect(food.getByRole("table", { name: product.food.nutrition })).toBeVisible();
      const ld = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(ld.join("\n")).toContain('"countryOfOrigin"');
      const productAxe = await new AxeBuilder({ page }).include("main").analyze();
      expect(productAxe.violations.map((v) => v.id)).toEqual([]);
    });

    test("a sweet with traces says so; one without food information says that", async ({
      page,
      baseURL,
    }) => {
      await useLanguage(page, lang, baseURL!);
      await page.goto(
        `${prefix}/shop?search=${encodeURIComponent(seededName("SWT-SMS-24", lang))}`,
      );
      await page
        .getByRole("link", { name: seededName("SWT-SMS-24", lang) })
        .first()
        .click();
      const food = page.getByTestId("food-information");
      await expect(food.getByTestId("food-traces")).toHaveText(lang === "ar" ? "المكسرات" : "Nuts");
      await expect(food.getByTestId("food-ingredients").locator("strong").first()).toHaveText(
        lang === "ar" ? "سمسم" : "Sesame",
      );

      await page.goto(
        `${prefix}/shop?search=${encodeURIComponent(seededName("SWT-AWM-20", lang))}`,
      );
      await page
        .getByRole("link", { name: seededName("SWT-AWM-20", lang) })
        .first()
        .click();
      await expect(page.getByTestId("food-information")).toContainText(product.food.none);
    });
  });
}
