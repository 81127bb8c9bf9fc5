import type { Locator } from "@playwright/test";
import { CART_STORAGE_KEY } from "../src/shared/domain/cart.ts";
import { expect, placeGuestOrder, test, waitForHydration } from "./support.ts";

/**
 * Issue 29.11: a Latin address on an Arabic page was drawn "…Lyon 12 ,rue de la République".
 * Each part of it is isolated, so on the order page the parts follow the page's direction one
 * after another (right to left in Arabic) while each reads in its own direction inside.
 */
const ADDRESS = { country: "FR", city: "Lyon", address: "12, rue de la République" };

/** The left and right edge of each isolated part, in the order they are written. */
async function boxes(locator: Locator) {
  return locator.locator("bdi").evaluateAll((parts) =>
    parts.map((part) => {
      const box = part.getBoundingClientRect();
      return {
        text: part.textContent,
        left: box.left,
        right: box.right,
      };
    }),
  );
}

for (const lang of ["en", "ar"] as const) {
  test(`${lang}: a Latin address reads in its own order on the order page`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const order = await placeGuestOrder(request, {
      name: "Claire Martin",
      payment_method: "cod",
      address: ADDRESS,
      lang,
    });
    await page.goto(`${lang === "ar" ? "/ar" : ""}/order/${order.number}?key=${order.access_key}`);
    await waitForHydration(page);

    const deliverTo = page.getByTestId("deliver-to");
    // Waits for the page, then: the separators are the page's own ("، " in Arabic).
    await expect(deliverTo).toHaveText(
      lang === "ar"
        ? `Claire Martin، ${ADDRESS.address}، Lyon، فرنسا`
        : `Claire Martin, ${ADDRESS.address}, Lyon, France`,
    );
    const parts = await boxes(deliverTo);
    expect(parts.map((part) => part.text)).toEqual([
      "Claire Martin",
      ADDRESS.address,
      ADDRESS.city,
      lang === "ar" ? "فرنسا" : "France",
    ]);
    // One after another in the page's direction, none drawn inside another.
    for (let i = 1; i < parts.length; i++) {
      const [before, after] = [parts[i - 1]!, parts[i]!];
      if (lang === "ar") expect(after.right).toBeLessThanOrEqual(before.left);
      else expect(after.left).toBeGreaterThanOrEqual(before.right);
    }
  });
}

// A cart line's weight belongs under its product's name: on an Arabic page it starts at the
// right like the name, and reads "1 كغ" right to left.
for (const lang of ["en", "ar"] as const) {
  test(`${lang}: a cart line's weight sits under its name, on the same side`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.addInitScript(([key, line]) => localStorage.setItem(key, JSON.stringify([line])), [
      CART_STORAGE_KEY,
      {
        productId: "1",
        name: "Pistachio baklava",
        name_ar: "بقلاوة بالفستق",
        price: 30,
        image: "",
        qty: 1,
        grams: 1000,
        timestamp: 1,
      },
    ] as const);
    await page.goto(lang === "ar" ? "/ar/cart" : "/cart");
    await waitForHydration(page);
    const line = page.getByTestId("cart-line");
    await expect(line.getByTestId("line-weight")).toHaveText(lang === "ar" ? "1 كغ" : "1 kg");
    // Where the texts themselves are drawn (not their blocks).
    const drawn = await line.evaluate((el) => {
      const textBox = (node: Element) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        const box = range.getBoundingClientRect();
        return { left: box.left, right: box.right };
      };
      const name = el.querySelector('[data-testid="line-weight"]')!.previousElementSibling!;
      // The number and the unit apart: "1" then "kg" in reading order.
      const weightText = el.querySelector('[data-testid="line-weight"]')!.firstChild!;
      const piece = (from: number, to: number) => {
        const range = document.createRange();
        range.setStart(weightText, from);
        range.setEnd(weightText, to);
        const box = range.getBoundingClientRect();
        return { left: box.left, right: box.right };
      };
      const length = weightText.textContent!.length;
      return {
        name: textBox(name),
        weight: textBox(el.querySelector('[data-testid="line-weight"]')!),
        number: piece(0, 1),
        unit: piece(2, length),
      };
    });
    if (lang === "ar") {
      expect(Math.abs(drawn.weight.right - drawn.name.right)).toBeLessThan(2);
      expect(drawn.number.left).toBeGreaterThanOrEqual(drawn.unit.right);
    } else {
      expect(Math.abs(drawn.weight.left - drawn.name.left)).toBeLessThan(2);
      expect(drawn.number.right).toBeLessThanOrEqual(drawn.unit.left);
    }
  });
}
