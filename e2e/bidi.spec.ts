import type { Locator } from "@playwright/test";
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
